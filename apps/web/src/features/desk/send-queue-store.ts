import type { CreateTravelerInput, Traveler } from '@hospes/shared/travelers';
import { isApiError } from '@/lib/api-client';
import {
  saveRegistration,
  type RegistrationAttempt,
  type RegistrationCalls,
} from './registration-attempt';
import type { TravelerFormValues } from '@/features/traveler/form-model';
import { fromPersisted, type SendQueuePersistence } from './send-queue-persistence';

/**
 * One file over 500 lines on purpose: every operation below changes the one state, and its
 * invariants (the order, the one send on the wire, the turns) read best in one place.
 *
 * The desk's send queue (decisions 032 and 039): the registrations typed at the desk that are not
 * on the server yet, the browser's outbox. A save that was slow to answer moves here, so the
 * hospitalero goes on with the next traveler; the desk's own saves take their turn here too
 * (`sendInTurn`), unseen while the form waits for them.
 *
 * One store: `createDeskSendQueue` holds one state (`getSnapshot`, one `subscribe` for React's
 * useSyncExternalStore), and what the app shows of it is derived from that state (`shown`, the
 * registrations the desk let go of; `waitingForTurn`, a desk save still behind others). What
 * cannot be part of a snapshot (the calls to send with, the promise a form waits on, the timer of
 * a pause) is kept per registration and released with it. The app holds one instance
 * (`deskSendQueue`, send-queue.ts), wired to the session; a test may make its own.
 *
 * Its relation to TanStack Query: the queue holds what the server has not got yet, TanStack
 * Query's cache what the server has. A registration is sent through the `RegistrationCalls` it
 * came with: at the desk, `useRegistrationCalls` (api/registration-calls.ts), the traveler API's
 * fetchers, each followed by `invalidateAfterTravelerChange` on the query client of the screen
 * that made them, so that lists and counts show a saved traveler. It does not use `useMutation`:
 * a queued send outlives the form that started it and keeps its own order, pauses and
 * Idempotency-Key (decision 039 says why the mutation cache does not fit).
 *
 * Given a persistence (decision 059), what is not on the server yet is also kept in IndexedDB,
 * encrypted with a key no script can read (send-queue-persistence.ts), each registration deleted
 * once stored: a reload, a closed tab or a restart finds it again, restored for the same user with
 * the same registration attempt. Without one it lives in memory only, and the app asks before a
 * reload. Without a connection (`online`) nothing is sent; the desk's save waits in its turn.
 *
 * One registration is sent at a time, in the order they came, each with its own registration
 * attempt: the same Idempotency-Key as its first send, and the same replay of an unanswered send
 * (registration-attempt.ts). A send without an answer is tried again after a growing pause; a
 * refusal (a 4xx) waits for the hospitalero, who opens the form, fixes it and saves it. A desk
 * save is the form's: it is sent once, and its answer or failure goes to the form. "Continue
 * with the next traveler" lets go of it (`letGo`): it becomes one of the queue's, shown and
 * retried as they are.
 */

/** The pause before the first automatic retry; each further one doubles, up to the maximum. */
export const FIRST_RETRY_PAUSE_MS = 5_000;
export const LONGEST_RETRY_PAUSE_MS = 120_000;
/**
 * Sends answered with a server error (5xx, 408, 429) after which a registration needs attention
 * instead of being tried again by itself: a server that keeps refusing it will not change its
 * mind, and the desk can then open it, save it again or discard it. Sends that got no answer at
 * all (no connection) are tried again for as long as it takes.
 */
export const SERVER_ERROR_ATTEMPTS = 4;
/** How long a saved registration stays in the indicator, with its link, once told. */
export const SAVED_NOTICE_MS = 15_000;

export type QueuedStatus =
  /** Waiting for its turn. */
  | 'waiting'
  /** On the wire now. */
  | 'sending'
  /** Sent without an answer (no connection, a timeout, a 5xx): tried again after `retryAt`. */
  | 'paused'
  /** Refused (a 4xx, but a session that ended): waits for the hospitalero to fix or discard it. */
  | 'attention'
  /** Registered: `pilgrim` is the record. */
  | 'saved';

export interface QueuedRegistration {
  readonly id: string;
  /** The traveler's full name, as the desk typed it. */
  readonly name: string;
  readonly establishmentId: string;
  /** What the form held: a form reopened to fix the registration starts with it. */
  readonly values: TravelerFormValues;
  readonly input: CreateTravelerInput;
  readonly attempt: RegistrationAttempt;
  readonly status: QueuedStatus;
  /** Sends so far that had no answer (the pause before the next one grows with them). */
  readonly unanswered: number;
  /** Of those, the ones the server answered with an error (see SERVER_ERROR_ATTEMPTS). */
  readonly serverErrors: number;
  /** When a paused registration is sent again (ms since the epoch). */
  readonly retryAt: number | null;
  /** The last failure: the refusal of a registration that needs attention. */
  readonly error: unknown;
  readonly pilgrim: Traveler | null;
  /**
   * A save the desk's form is waiting for: not shown, not retried, its answer or failure goes to
   * the form. Let go, it becomes one of the queue's.
   */
  readonly foreground: boolean;
}

export interface QueuedInput {
  name: string;
  establishmentId: string;
  values: TravelerFormValues;
  input: CreateTravelerInput;
  attempt: RegistrationAttempt;
  /** The calls the queue sends with (the API, and the cache to refresh after a save). */
  calls: RegistrationCalls;
}

/** The queue's one state; everything it shows is derived from it. */
export interface DeskSendQueueState {
  /** Every registration in the queue, in the order they came, the desk's own saves included. */
  readonly entries: readonly QueuedRegistration[];
  /** The user whose registrations these are: another session never sends or sees them. */
  readonly owner: string | null;
}

/** What the queue needs of the app: the session it sends with, and the browser's connection. */
export interface DeskSendQueueDeps {
  readonly session: {
    /** The signed-in user's id; null when signed out. */
    userId(): string | null;
    /** Whether this page holds a session: nothing of the queue's own is sent without one. */
    hasSession(): boolean;
    /** Whether the login dialog asks for the password (a session ended over unsaved input). */
    renewing(): boolean;
    /** Whether a failed send is the end of the session that the login dialog asks about. */
    endedForRenewal(error: unknown): boolean;
    /** Told when the signed-in user changes (a login, a sign-out, another user). */
    onUserChange(listener: () => void): () => void;
    /** Told when the login dialog opens or closes (the new session is stored before it closes). */
    onRenewalChange(listener: () => void): () => void;
  };
  /** Told when the browser is back online. */
  onOnline(listener: () => void): () => void;
  /**
   * Whether the browser says it has a connection: without one nothing is sent (it could only
   * fail), the desk's save included, which then waits in its turn (decision 059). Always, when
   * not given.
   */
  online?(): boolean;
  /**
   * Where the registrations not yet on the server are kept across reloads (decision 059), with
   * the calls a registration restored from there is sent with. In memory only, when not given.
   */
  persistence?: { store: SendQueuePersistence; calls: () => RegistrationCalls };
}

/** The desk's send queue: one state, its derived views, and what can be done with it. */
export interface DeskSendQueue {
  /** Told of every change of the state (useSyncExternalStore). */
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => DeskSendQueueState;
  /**
   * What the app shows: the registrations the desk let go of, in order. The same array while
   * they are the same (a change of a desk save alone leaves it as it was).
   */
  shown: () => readonly QueuedRegistration[];
  /**
   * Whether the desk's save `id` is still waiting for the registrations before it, not yet on the
   * wire itself: the desk is then told that the wait is the queue's.
   */
  waitingForTurn: (id: string | undefined) => boolean;
  /** Adds a registration to the queue, shown and retried; returns its id. */
  enqueue: (item: QueuedInput) => string;
  /**
   * The desk's save: sent when the registrations saved before it have been (at once when the
   * queue is idle; past one that waits for a pause after a failure), and answered to the form
   * that waits for it.
   */
  sendInTurn: (item: QueuedInput) => { id: string; saving: Promise<Traveler> };
  /**
   * "Continue with the next traveler": the desk no longer waits for this save. It stays in its
   * place in the queue, on the wire or waiting, and is shown and retried as the queue's are; the
   * form's promise is no longer answered. False when it was answered already: the form has it.
   */
  letGo: (id: string) => boolean;
  /**
   * The desk save a form waits for: when the form goes away meanwhile (the page left), the save
   * is let go, sent as the queue's, and the header tells what became of it.
   */
  formTurns: () => FormTurns;
  /** "Retry now": a paused registration is sent at once (when its turn has come). */
  retryNow: (id: string) => void;
  /** Takes a registration out (discarded, or saved from its form), forgetting its data. */
  remove: (id: string) => void;
  /**
   * "Discard registration" on a registration that needs attention: it leaves the queue, and so
   * does a save of it from its form that is still waiting for its turn. One already on the wire
   * cannot be called back: it is let go, and the indicator tells what became of it.
   */
  discard: (id: string) => void;
  /** A saved registration leaves the indicator. */
  dismiss: (id: string) => void;
  /** Forgets every registration (logging out, another user): their data leaves the memory. */
  clear: () => void;
  /** The indicator's list is open (true) or closed: saved registrations stay while it is open. */
  holdSavedNotices: (hold: boolean) => void;
  /** Stops listening to the session and the connection, and forgets everything (tests). */
  dispose: () => void;
  /**
   * Whether every registration not yet on the server is kept in the browser's storage as it is
   * now (a reload would lose nothing of the queue's).
   */
  kept: () => boolean;
  /** Resolves once what was kept has been restored and the storage holds the queue as it is now. */
  settled: () => Promise<void>;
}

export interface FormTurns {
  track(id: string): void;
  settled(id: string): void;
  release(): void;
}

/** Whether a failure was the server's answer (a status), not a send that got none. */
const answered = (error: unknown) => isApiError(error) && error.status !== 0;

/** Whether a failed send may succeed later as it is: no answer, a server error, a busy server. */
function worthRetrying(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** The pause after `unanswered` sends without an answer: 5 s, 10 s, 20 s… up to 2 minutes. */
export function retryPauseMs(unanswered: number): number {
  return Math.min(FIRST_RETRY_PAUSE_MS * 2 ** Math.max(0, unanswered - 1), LONGEST_RETRY_PAUSE_MS);
}

/** The registrations not yet saved: what leaving the app would lose. */
export function unsavedRegistrations(items: readonly QueuedRegistration[]): number {
  return items.filter((entry) => entry.status !== 'saved').length;
}

interface Waiter {
  resolve: (pilgrim: Traveler) => void;
  reject: (error: unknown) => void;
}

/** What a registration holds besides its state, released when it leaves the queue. */
interface Held {
  /** The calls it is sent with. */
  readonly calls: RegistrationCalls;
  /** The form that waits for the answer of a desk save; null once let go. */
  waiter: Waiter | null;
  /** Its pause before the next send, or the time its saved notice stays. */
  timer: ReturnType<typeof setTimeout> | null;
}

export function createDeskSendQueue(deps: DeskSendQueueDeps): DeskSendQueue {
  const { session } = deps;
  let state: DeskSendQueueState = { entries: [], owner: null };
  const listeners = new Set<() => void>();
  const held = new Map<string, Held>();
  /** While the indicator's list is open, a saved notice stays. */
  let holdingSaved = false;
  let nextId = 0;
  let shownOf: { entries: readonly QueuedRegistration[]; shown: readonly QueuedRegistration[] } = {
    entries: state.entries,
    shown: state.entries,
  };

  const persistence = deps.persistence;
  /** The entries (the same array) the storage last confirmed holding; null while unconfirmed. */
  let keptEntries: readonly QueuedRegistration[] | null = persistence ? null : state.entries;
  let syncing: Promise<void> = Promise.resolve();
  let syncScheduled = false;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  /**
   * Writes the queue to the storage once the current change is done (several changes of one
   * step make one write): every registration not saved, the desk's save on the wire included (a
   * reload would lose its form, not it). Saved ones and those gone are deleted.
   */
  function persist(drop: readonly string[] = []) {
    if (!persistence || (syncScheduled && drop.length === 0)) return;
    syncScheduled = true;
    const write = () => {
      syncScheduled = false;
      const entries = state.entries;
      const unsaved = entries.filter((entry) => entry.status !== 'saved');
      syncing = syncing
        .then(() => persistence.store.sync(state.owner, unsaved, drop))
        .then(
          () => {
            if (state.entries === entries && keptEntries !== entries) {
              keptEntries = entries;
              notify();
            }
          },
          // Storage refused (private browsing, quota): the queue goes on in memory, and leaving
          // the page asks first, as before.
          () => {},
        );
    };
    if (drop.length > 0) write();
    else queueMicrotask(write);
  }

  function setState(next: DeskSendQueueState) {
    state = next;
    persist();
    notify();
  }

  function setEntries(entries: readonly QueuedRegistration[]) {
    setState({ ...state, entries });
  }

  function patch(id: string, change: Partial<QueuedRegistration>) {
    setEntries(state.entries.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
  }

  const find = (id: string) => state.entries.find((entry) => entry.id === id);

  function shown(): readonly QueuedRegistration[] {
    if (shownOf.entries === state.entries) return shownOf.shown;
    const visible = state.entries.filter((entry) => !entry.foreground);
    const before = shownOf.shown;
    const same =
      visible.length === before.length && visible.every((entry, index) => entry === before[index]);
    shownOf = { entries: state.entries, shown: same ? before : visible };
    return shownOf.shown;
  }

  function waitingForTurn(id: string | undefined): boolean {
    const entry = id ? find(id) : undefined;
    return entry?.foreground === true && entry.status === 'waiting';
  }

  function stopTimer(id: string) {
    const of = held.get(id);
    if (!of?.timer) return;
    clearTimeout(of.timer);
    of.timer = null;
  }

  function startTimer(id: string, ms: number, then: () => void) {
    const of = held.get(id);
    if (!of) return;
    stopTimer(id);
    of.timer = setTimeout(() => {
      of.timer = null;
      then();
    }, ms);
  }

  /**
   * A saved registration is told in the indicator, with its link, for SAVED_NOTICE_MS, then
   * leaves it (the record stays in the list of travelers). Not while the indicator's list is
   * open: a link does not vanish under the finger.
   */
  function fadeSaved(id: string) {
    startTimer(id, SAVED_NOTICE_MS, () => {
      if (!holdingSaved) dismiss(id);
    });
  }

  function holdSavedNotices(hold: boolean) {
    holdingSaved = hold;
    if (hold) return;
    for (const entry of state.entries) {
      if (entry.status === 'saved' && !held.get(entry.id)?.timer) fadeSaved(entry.id);
    }
  }

  /** A registration leaves the queue, with its timer, its calls and any form waiting for it. */
  function forget(id: string) {
    stopTimer(id);
    held.delete(id);
    setEntries(state.entries.filter((entry) => entry.id !== id));
  }

  /**
   * The desk's save is answered, failed or withdrawn: its form is told, and the queue forgets it
   * (the form keeps its values and its registration attempt).
   */
  function answerForeground(id: string, outcome: { pilgrim: Traveler } | { error: unknown }) {
    const waiter = held.get(id)?.waiter;
    forget(id);
    if ('pilgrim' in outcome) waiter?.resolve(outcome.pilgrim);
    else waiter?.reject(outcome.error);
  }

  /** Follows one send of a queued registration to its end, then lets the next one go. */
  function follow(id: string, sending: Promise<Traveler>) {
    patch(id, { status: 'sending', retryAt: null });
    sending.then(
      (pilgrim) => {
        const entry = find(id);
        if (!entry) return;
        if (entry.foreground) answerForeground(id, { pilgrim });
        else {
          patch(id, { status: 'saved', pilgrim, error: null });
          fadeSaved(id);
        }
        pump();
      },
      (error: unknown) => {
        const entry = find(id);
        if (!entry) return;
        if (entry.foreground) {
          answerForeground(id, { error });
        } else if (session.endedForRenewal(error)) {
          // The session ended: the login dialog asks for the password, and the registration goes
          // on in its place once the same user is back (nothing is sent without a session).
          patch(id, { status: 'waiting', retryAt: null });
        } else if (worthRetrying(error)) {
          const unanswered = entry.unanswered + 1;
          const pause = retryPauseMs(unanswered);
          const serverErrors = entry.serverErrors + (answered(error) ? 1 : 0);
          if (serverErrors >= SERVER_ERROR_ATTEMPTS) {
            patch(id, { status: 'attention', error, retryAt: null, unanswered, serverErrors });
          } else {
            patch(id, {
              status: 'paused',
              unanswered,
              serverErrors,
              retryAt: Date.now() + pause,
              error,
            });
            startTimer(id, pause, () => retryNow(id));
          }
        } else {
          patch(id, { status: 'attention', error, retryAt: null });
        }
        pump();
      },
    );
  }

  /**
   * Sends the next registration when none is on the wire: the first that is neither saved nor
   * waiting for the hospitalero. A paused one keeps its place (the order of the registrations is
   * the order of their report numbers), and nothing of the queue's is sent without a session (the
   * login dialog renews it; the queue goes on then). The desk's own save goes past a paused one,
   * and waits while the login dialog asks for the password; otherwise it is sent when its turn
   * comes (without a session, its refusal opens the login dialog over its form).
   */
  function pump() {
    const { entries } = state;
    if (entries.some((entry) => entry.status === 'sending')) return;
    const head = entries.find((entry) => entry.status === 'waiting' || entry.status === 'paused');
    // The desk's save waits for what is being sent and what comes before it, not for a pause: a
    // registration that keeps failing must not hold the desk.
    const next =
      head?.status === 'paused'
        ? entries.find((entry) => entry.foreground && entry.status === 'waiting')
        : head;
    if (!next) return;
    if (deps.online && !deps.online()) return;
    if (next.foreground ? session.renewing() : !session.hasSession()) return;
    const calls = held.get(next.id)?.calls;
    if (!calls) return;
    follow(next.id, saveRegistration(next.attempt, next.input, calls));
  }

  /** A new registration at the end of the queue; a desk save comes with the form's waiter. */
  function add(item: QueuedInput, waiter: Waiter | null): string {
    const user = session.userId();
    if (state.owner !== user) clear();
    claim();
    const id = `queued-${++nextId}`;
    held.set(id, { calls: item.calls, waiter, timer: null });
    setState({
      owner: user,
      entries: [
        ...state.entries,
        {
          id,
          name: item.name,
          establishmentId: item.establishmentId,
          values: item.values,
          input: item.input,
          attempt: item.attempt,
          status: 'waiting',
          unanswered: 0,
          serverErrors: 0,
          retryAt: null,
          error: null,
          pilgrim: null,
          foreground: waiter !== null,
        },
      ],
    });
    return id;
  }

  function enqueue(item: QueuedInput): string {
    const id = add(item, null);
    pump();
    return id;
  }

  function sendInTurn(item: QueuedInput): { id: string; saving: Promise<Traveler> } {
    let waiter: Waiter = { resolve: () => {}, reject: () => {} };
    const saving = new Promise<Traveler>((resolve, reject) => (waiter = { resolve, reject }));
    const id = add(item, waiter);
    pump();
    return { id, saving };
  }

  function letGo(id: string): boolean {
    if (!find(id)?.foreground) return false;
    const of = held.get(id);
    if (of) of.waiter = null;
    patch(id, { foreground: false });
    return true;
  }

  function formTurns(): FormTurns {
    let current: string | null = null;
    return {
      track(id) {
        current = id;
      },
      settled(id) {
        if (current === id) current = null;
      },
      release() {
        if (current) letGo(current);
        current = null;
      },
    };
  }

  function retryNow(id: string) {
    const entry = find(id);
    if (!entry || entry.status !== 'paused') return;
    stopTimer(id);
    patch(id, { status: 'waiting', retryAt: null });
    // A paused registration ahead keeps its place: "Retry now" on a later one sends the first.
    const first = state.entries.find((other) => other.status === 'paused');
    if (first && first.id !== id) {
      stopTimer(first.id);
      patch(first.id, { status: 'waiting', retryAt: null });
    }
    pump();
  }

  function remove(id: string) {
    forget(id);
    pump();
  }

  function discard(id: string) {
    const entry = find(id);
    if (!entry) return;
    for (const save of state.entries) {
      if (!save.foreground || save.attempt !== entry.attempt) continue;
      if (save.status === 'sending') letGo(save.id);
      else {
        answerForeground(save.id, {
          error: new Error('The registration was discarded before it was sent'),
        });
      }
    }
    remove(id);
  }

  function dismiss(id: string) {
    if (find(id)?.status === 'saved') remove(id);
  }

  function clear() {
    const forms: Waiter[] = [];
    for (const [id, of] of held) {
      stopTimer(id);
      if (of.waiter) forms.push(of.waiter);
    }
    held.clear();
    setState({ entries: [], owner: null });
    // A form still waiting for its save is told that it was not sent: its values are still there.
    for (const waiter of forms)
      waiter.reject(new Error('Signed out before the registration was sent'));
  }

  /**
   * What the storage kept (decision 059), read once at start: the signed-in user's registrations
   * are put back in the queue, in their order and with their registration attempts (the same
   * Idempotency-Key), when that user is known; another user's are left where they are, unread.
   */
  const kept = persistence?.store.load().catch(() => []) ?? Promise.resolve([]);
  let loaded: Awaited<typeof kept> | null = null;
  let claimed = !persistence;
  const restoring = kept.then((records) => {
    loaded = records;
    claim();
  });

  function claim() {
    const user = session.userId();
    if (claimed || !loaded || !persistence || user === null) return;
    if (state.owner !== null && state.owner !== user) return;
    claimed = true;
    const mine = loaded.filter((record) => record.value.owner === user);
    loaded = null;
    if (mine.length === 0) return;
    const calls = persistence.calls();
    const restored = mine.map((record) => {
      const id = `queued-${++nextId}`;
      held.set(id, { calls, waiter: null, timer: null });
      const entry = fromPersisted(record.value);
      // A pause the page did not live to end: sent at once (when online).
      return {
        ...entry,
        id,
        status: entry.status === 'paused' ? ('waiting' as const) : entry.status,
        retryAt: null,
      };
    });
    // Restored first: they were typed before anything this page has added.
    state = { owner: user, entries: [...restored, ...state.entries] };
    persist(mine.map((record) => record.id));
    notify();
    pump();
  }

  const stopListening = [
    // Signed out, or another user signed in: the registrations of the one before are forgotten.
    // A new session of the same user (the login dialog after a session ended) lets the queue go on.
    session.onUserChange(() => {
      claim();
      if (state.entries.length === 0) return;
      if (session.userId() !== state.owner) clear();
      else pump();
    }),
    // The login dialog closed (the new session is stored before it closes): the desk's save that
    // waited for it goes on.
    session.onRenewalChange(() => {
      if (!session.renewing() && state.entries.length > 0) pump();
    }),
    // Back online: what waits for a pause is sent at once.
    deps.onOnline(() => {
      const first = state.entries.find((entry) => entry.status === 'paused');
      if (first) retryNow(first.id);
      else pump();
    }),
  ];

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    shown,
    waitingForTurn,
    enqueue,
    sendInTurn,
    letGo,
    formTurns,
    retryNow,
    remove,
    discard,
    dismiss,
    clear,
    holdSavedNotices,
    dispose() {
      for (const stop of stopListening) stop();
      clear();
    },
    kept: () => keptEntries === state.entries,
    async settled() {
      await restoring;
      // Until nothing more was scheduled meanwhile.
      for (;;) {
        const current = syncing;
        await new Promise<void>((resolve) => queueMicrotask(resolve));
        await current;
        if (current === syncing && !syncScheduled) return;
      }
    },
  };
}
