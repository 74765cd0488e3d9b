import { useSyncExternalStore } from 'react';
import type { CreateTravelerInput, Traveler } from '@hospes/shared/travelers';
import { isApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { awaitsSessionRenewal, sessionRenewal } from '@/lib/session-renewal';
import { getToken } from '@/lib/token-storage';
import {
  saveRegistration,
  type RegistrationAttempt,
  type RegistrationCalls,
} from './registration-attempt';
import type { TravelerFormValues } from './traveler-form-model';

/**
 * The desk's registrations sent in the background (decision 032): a save that was slow to answer
 * moves here, so the hospitalero goes on with the next traveler. It lives in this module's memory
 * only, never in localStorage or IndexedDB: the photos of identity documents must not stay on a
 * shared tablet. It survives navigation within the app, not a reload (the app asks first).
 *
 * One registration is sent at a time, in the order they came, each with its own registration
 * attempt: the same Idempotency-Key as its first send, and the same replay of an unanswered send
 * (registration-attempt.ts). A send without an answer is tried again after a growing pause; a
 * refusal (a 4xx) waits for the hospitalero, who opens the form, fixes it and saves it.
 *
 * The desk's own saves take their turn here too (`sendInTurn`), unseen while the form waits for
 * them: a save does not share a poor upload link with the queue's send, and the report numbers
 * follow the order in which the registrations were saved. Such a save is the form's: it is sent
 * once, and its answer or failure goes to the form. "Continue with the next traveler" lets go of
 * it (`letGo`): it becomes one of the queue's, shown and retried as they are.
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

let entries: readonly QueuedRegistration[] = [];
/** What the app shows: the registrations the desk let go of (a stable array per change). */
let shown: readonly QueuedRegistration[] = [];
/** The desk's saves in the queue: the form that waits for each one's answer. */
const waiters = new Map<
  string,
  { resolve: (pilgrim: Traveler) => void; reject: (error: unknown) => void }
>();
const listeners = new Set<() => void>();
/** Told of every change, the desk's own saves included (useWaitingForTurn). */
const turnListeners = new Set<() => void>();
const callsOf = new Map<string, RegistrationCalls>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
/** The user whose registrations these are: another session never sends or sees them. */
let owner: string | null = null;
let nextId = 0;

function publish(next: readonly QueuedRegistration[]) {
  entries = next;
  for (const listener of turnListeners) listener();
  const visible = next.filter((entry) => !entry.foreground);
  const same =
    visible.length === shown.length && visible.every((entry, index) => entry === shown[index]);
  if (same) return;
  shown = visible;
  for (const listener of listeners) listener();
}

function patch(id: string, change: Partial<QueuedRegistration>) {
  publish(entries.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
}

function find(id: string): QueuedRegistration | undefined {
  return entries.find((entry) => entry.id === id);
}

function stopTimer(id: string) {
  clearTimeout(timers.get(id));
  timers.delete(id);
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

/**
 * A saved registration is told in the indicator, with its link, for SAVED_NOTICE_MS, then leaves
 * it (the record stays in the list of travelers). Not while the indicator's list is open: a link
 * does not vanish under the finger.
 */
let holdingSaved = false;
function fadeSaved(id: string) {
  stopTimer(id);
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      if (!holdingSaved) dismiss(id);
    }, SAVED_NOTICE_MS),
  );
}

/** The indicator's list is open (true) or closed: saved registrations stay while it is open. */
export function holdSavedNotices(hold: boolean): void {
  holdingSaved = hold;
  if (hold) return;
  for (const entry of entries) {
    if (entry.status === 'saved' && !timers.has(entry.id)) fadeSaved(entry.id);
  }
}

/**
 * The desk's save is answered, failed or withdrawn: its form is told, and the queue forgets it (the form
 * keeps its values and its registration attempt).
 */
function answerForeground(id: string, outcome: { pilgrim: Traveler } | { error: unknown }) {
  const waiter = waiters.get(id);
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
      } else if (awaitsSessionRenewal(error)) {
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
          timers.set(
            id,
            setTimeout(() => retryNow(id), pause),
          );
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
  if (entries.some((entry) => entry.status === 'sending')) return;
  const head = entries.find((entry) => entry.status === 'waiting' || entry.status === 'paused');
  // The desk's save waits for what is being sent and what comes before it, not for a pause: a
  // registration that keeps failing must not hold the desk.
  const next =
    head?.status === 'paused'
      ? entries.find((entry) => entry.foreground && entry.status === 'waiting')
      : head;
  if (!next) return;
  if (next.foreground ? sessionRenewal.getState() !== null : !getToken()) return;
  const calls = callsOf.get(next.id);
  if (!calls) return;
  follow(next.id, saveRegistration(next.attempt, next.input, calls));
}

function add(item: QueuedInput, foreground: boolean): string {
  const user = authStore.getState().user?.id ?? null;
  if (owner !== user) clearSendQueue();
  owner = user;
  const id = `queued-${++nextId}`;
  callsOf.set(id, item.calls);
  publish([
    ...entries,
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
      foreground,
    },
  ]);
  return id;
}

/** Adds a registration to the queue; returns its id. */
export function enqueue(item: QueuedInput): string {
  const id = add(item, false);
  pump();
  return id;
}

/**
 * The desk's save: sent when the registrations saved before it have been (at once when the queue
 * is idle; past one that waits for a pause after a failure), and answered to the form that waits
 * for it.
 */
export function sendInTurn(item: QueuedInput): { id: string; saving: Promise<Traveler> } {
  const id = add(item, true);
  const saving = new Promise<Traveler>((resolve, reject) => waiters.set(id, { resolve, reject }));
  pump();
  return { id, saving };
}

/**
 * "Continue with the next traveler": the desk no longer waits for this save. It stays in its
 * place in the queue, on the wire or waiting, and is shown and retried as the queue's are; the
 * form's promise is no longer answered. False when it was answered already: the form has it.
 */
export function letGo(id: string): boolean {
  if (!find(id)?.foreground) return false;
  waiters.delete(id);
  patch(id, { foreground: false });
  return true;
}

/**
 * The desk save a form waits for: when the form goes away meanwhile (the page left), the save is
 * let go, sent as the queue's, and the header tells what became of it.
 */
export function formTurns() {
  let current: string | null = null;
  return {
    track(id: string) {
      current = id;
    },
    settled(id: string) {
      if (current === id) current = null;
    },
    release() {
      if (current) letGo(current);
      current = null;
    },
  };
}

/** "Retry now": a paused registration is sent at once (when its turn has come). */
export function retryNow(id: string): void {
  const entry = find(id);
  if (!entry || entry.status !== 'paused') return;
  stopTimer(id);
  patch(id, { status: 'waiting', retryAt: null });
  // A paused registration ahead keeps its place: "Retry now" on a later one sends the first.
  const first = entries.find((other) => other.status === 'paused');
  if (first && first.id !== id) {
    stopTimer(first.id);
    patch(first.id, { status: 'waiting', retryAt: null });
  }
  pump();
}

/** Takes a registration out of the queue (discarded, or saved from its form), forgetting its data. */
export function removeQueued(id: string): void {
  forget(id);
  pump();
}

/** A registration leaves the queue, with its timer, its calls and any form waiting for it. */
function forget(id: string): void {
  stopTimer(id);
  callsOf.delete(id);
  waiters.delete(id);
  publish(entries.filter((entry) => entry.id !== id));
}

/**
 * "Discard registration" on a registration that needs attention: it leaves the queue, and so
 * does a save of it from its form that is still waiting for its turn. One already on the wire
 * cannot be called back: it is let go, and the indicator tells what became of it.
 */
export function discardQueued(id: string): void {
  const entry = find(id);
  if (!entry) return;
  for (const save of entries) {
    if (!save.foreground || save.attempt !== entry.attempt) continue;
    if (save.status === 'sending') letGo(save.id);
    else {
      answerForeground(save.id, {
        error: new Error('The registration was discarded before it was sent'),
      });
    }
  }
  removeQueued(id);
}

/** A saved registration leaves the indicator. */
export function dismiss(id: string): void {
  if (find(id)?.status === 'saved') removeQueued(id);
}

/** Forgets every registration (logging out, another user): their data leaves the memory. */
export function clearSendQueue(): void {
  for (const id of timers.keys()) stopTimer(id);
  callsOf.clear();
  owner = null;
  const forms = [...waiters.values()];
  waiters.clear();
  publish([]);
  // A form still waiting for its save is told that it was not sent: its values are still there.
  for (const waiter of forms)
    waiter.reject(new Error('Signed out before the registration was sent'));
}

/** The registrations not yet saved: what leaving the app would lose. */
export function unsavedRegistrations(items: readonly QueuedRegistration[] = shown): number {
  return items.filter((entry) => entry.status !== 'saved').length;
}

export const sendQueue = {
  getState: (): readonly QueuedRegistration[] => shown,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSendQueue(): readonly QueuedRegistration[] {
  return useSyncExternalStore(sendQueue.subscribe, sendQueue.getState, sendQueue.getState);
}

function subscribeTurns(listener: () => void): () => void {
  turnListeners.add(listener);
  return () => turnListeners.delete(listener);
}

/**
 * Whether the desk's save `id` is still waiting for the registrations before it, not yet on the
 * wire itself: the desk is then told that the wait is the queue's.
 */
export function useWaitingForTurn(id: string | undefined): boolean {
  const waiting = () => {
    const entry = id ? find(id) : undefined;
    return entry?.foreground === true && entry.status === 'waiting';
  };
  return useSyncExternalStore(subscribeTurns, waiting, waiting);
}

// Signed out, or another user signed in: the registrations of the one before are forgotten. A
// new session of the same user (the login dialog after a session ended) lets the queue go on.
authStore.subscribe(() => {
  const user = authStore.getState().user?.id ?? null;
  if (entries.length === 0) return;
  if (user !== owner) clearSendQueue();
  else pump();
});

// The login dialog closed (the new session is stored before it closes): the desk's save that
// waited for it goes on.
sessionRenewal.subscribe(() => {
  if (!sessionRenewal.getState() && entries.length > 0) pump();
});

// Back online: what waits for a pause is sent at once.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    const first = entries.find((entry) => entry.status === 'paused');
    if (first) retryNow(first.id);
  });
}
