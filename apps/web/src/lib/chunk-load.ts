import { STORAGE_KEYS } from '@/config/constants';
import { session } from '@/lib/storage';
import { hasUnsavedInput } from '@/lib/unsaved-input';

/**
 * A tab reloads itself for a new version at most once in this time: a chunk that fails again
 * right after a reload is a connection (or a broken deploy), which another reload would not mend.
 */
export const RELOAD_GUARD_MS = 60_000;

/**
 * What browsers and Vite say when a part of the app (a page's chunk, its CSS) could not be loaded:
 * Chromium, Firefox, Safari, and Vite's preload of a chunk's CSS.
 */
const CHUNK_LOAD_MESSAGES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
];

/** Whether an error is a part of the app that did not load, rather than a bug in it. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * After a deploy the chunks this tab knows are gone from the server, and only a reload brings the
 * new names: reloads once, and says whether it did. Not over a form with unsaved input (it would
 * be lost), not offline (the browser would show its own error page instead of ours), not twice
 * within RELOAD_GUARD_MS, and not where the time of the last reload cannot be kept (nothing would
 * stop a loop). Where it does not reload, the failed load goes on to the route's error screen,
 * which says the page could not be loaded and offers to try again.
 */
export function reloadForNewVersion(now = Date.now()): boolean {
  if (hasUnsavedInput()) return false;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  const last = Number(session.get(STORAGE_KEYS.reloadedForUpdate));
  if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) {
    return false;
  }
  session.set(STORAGE_KEYS.reloadedForUpdate, String(now));
  if (session.get(STORAGE_KEYS.reloadedForUpdate) !== String(now)) return false;
  window.location.reload();
  return true;
}

/**
 * Vite's `vite:preloadError` (a lazy chunk or its CSS failed to load): reloads for a new version
 * where that is safe (see reloadForNewVersion). The event is not cancelled, so the import still
 * fails and the page shows the load error until the reload, or for good where there is none.
 * Returns the listener's removal.
 */
export function wireChunkReload(target: Window = window): () => void {
  const onPreloadError = () => {
    reloadForNewVersion();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
