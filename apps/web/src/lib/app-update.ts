/**
 * A new version of the app, installed by the service worker and waiting (decision 059): offered
 * to the user, never applied by itself, so that nothing typed into a form is lost to a reload.
 * lib/service-worker.ts tells it; the update prompt shows it.
 */
export interface AppUpdateState {
  /** A new version waits; `apply` reloads the page with it. */
  readonly waiting: boolean;
}

let state: AppUpdateState = { waiting: false };
let apply: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function set(next: AppUpdateState) {
  state = next;
  for (const listener of listeners) listener();
}

export const appUpdate = {
  getState: (): AppUpdateState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The service worker has a new version waiting; `activate` switches to it and reloads. */
  offer(activate: () => Promise<void>) {
    apply = activate;
    set({ waiting: true });
  },
  /** "Update": the new version takes over, and the page reloads with it. */
  async apply() {
    const activate = apply;
    if (!activate) return;
    set({ waiting: false });
    await activate();
  },
  /** "Later": not asked again in this page (the new version starts with the next visit). */
  dismiss() {
    set({ waiting: false });
  },
};
