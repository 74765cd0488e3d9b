import { useSyncExternalStore } from 'react';
import { authStore } from '@/lib/auth';
import { awaitsSessionRenewal, sessionRenewal } from '@/lib/session-renewal';
import { hasSession } from '@/lib/session-presence';
import { queryClient } from '@/lib/query-client';
import { registrationCallsFor } from './api/registration-calls';
import { createSendQueuePersistence } from './send-queue-persistence';
import {
  createDeskSendQueue,
  unsavedRegistrations as unsavedOf,
  type QueuedRegistration,
} from './send-queue-store';

/**
 * The app's one desk send queue (decisions 032 and 039; the store itself, and its relation to
 * TanStack Query, are described in send-queue-store.ts), wired to the session and the browser:
 *
 * - It belongs to the signed-in user: signed out, or another user signed in, it is emptied; a new
 *   session of the same user (the login dialog after a session ended) lets it go on.
 * - Nothing of its own is sent without a session; a desk save waits while the login dialog
 *   asks for the password, and goes on once it closes.
 * - Back online, what waits for a pause is sent at once.
 *
 * One instance for the app, made when this module loads, not in a React provider: it must outlive
 * every screen (a registration let go is sent after its form has gone), the session's stores it
 * follows live outside React too, and the header's "Log out" empties it. The functions and hooks
 * below are that instance's, under the names the desk has always imported.
 */
export const deskSendQueue = createDeskSendQueue({
  session: {
    userId: () => authStore.getState().user?.id ?? null,
    hasSession,
    renewing: () => sessionRenewal.getState() !== null,
    endedForRenewal: awaitsSessionRenewal,
    onUserChange: (listener) => authStore.subscribe(listener),
    onRenewalChange: (listener) => sessionRenewal.subscribe(listener),
  },
  onOnline(listener) {
    if (typeof window === 'undefined') return () => {};
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  },
  // Not before the session is checked either, after a start without a connection (decision 073):
  // the check's answer (a user) pumps the queue.
  online: () =>
    (typeof navigator === 'undefined' || navigator.onLine !== false) &&
    !authStore.getState().offline,
  // Kept in IndexedDB, encrypted (decision 059), where the browser has both (a secure context).
  persistence:
    typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && crypto.subtle
      ? { store: createSendQueuePersistence(), calls: () => registrationCallsFor(queryClient) }
      : undefined,
});

export {
  FIRST_RETRY_PAUSE_MS,
  LONGEST_RETRY_PAUSE_MS,
  SAVED_NOTICE_MS,
  SERVER_ERROR_ATTEMPTS,
  retryPauseMs,
  type QueuedInput,
  type QueuedRegistration,
  type QueuedStatus,
} from './send-queue-store';

/** Adds a registration to the queue; returns its id. */
export const enqueue = deskSendQueue.enqueue;
/** The desk's save, sent in its turn and answered to its form (see DeskSendQueue.sendInTurn). */
export const sendInTurn = deskSendQueue.sendInTurn;
/** "Continue with the next traveler" (see DeskSendQueue.letGo). */
export const letGo = deskSendQueue.letGo;
/** The desk save a form waits for, let go when the form goes away (see DeskSendQueue.formTurns). */
export const formTurns = deskSendQueue.formTurns;
/** "Retry now": a paused registration is sent at once (when its turn has come). */
export const retryNow = deskSendQueue.retryNow;
/** Takes a registration out of the queue (discarded, or saved from its form), forgetting its data. */
export const removeQueued = deskSendQueue.remove;
/** "Discard registration" on a registration that needs attention (see DeskSendQueue.discard). */
export const discardQueued = deskSendQueue.discard;
/** A saved registration leaves the indicator. */
export const dismiss = deskSendQueue.dismiss;
/** Forgets every registration (logging out, another user): their data leaves the memory. */
export const clearSendQueue = deskSendQueue.clear;
/** The indicator's list is open (true) or closed: saved registrations stay while it is open. */
export const holdSavedNotices = deskSendQueue.holdSavedNotices;

/** The registrations not yet saved: what leaving the app would lose. */
export function unsavedRegistrations(
  items: readonly QueuedRegistration[] = deskSendQueue.shown(),
): number {
  return unsavedOf(items);
}

/**
 * What the header shows (the registrations the desk let go of), as a store of its own: the same
 * array while they are the same, and its listeners told only when they change.
 */
export const sendQueue = {
  getState: (): readonly QueuedRegistration[] => deskSendQueue.shown(),
  subscribe(listener: () => void): () => void {
    let last = deskSendQueue.shown();
    return deskSendQueue.subscribe(() => {
      const next = deskSendQueue.shown();
      if (next === last) return;
      last = next;
      listener();
    });
  },
};

export function useSendQueue(): readonly QueuedRegistration[] {
  return useSyncExternalStore(deskSendQueue.subscribe, deskSendQueue.shown, deskSendQueue.shown);
}

/**
 * Whether the desk's save `id` is still waiting for the registrations before it, not yet on the
 * wire itself: the desk is then told that the wait is the queue's.
 */
export function useWaitingForTurn(id: string | undefined): boolean {
  const waiting = () => deskSendQueue.waitingForTurn(id);
  return useSyncExternalStore(deskSendQueue.subscribe, waiting, waiting);
}

/**
 * Whether every registration waiting is kept in the browser's storage as it is now (decision
 * 059): a reload or a closed tab then loses none of them.
 */
export function useQueueKept(): boolean {
  return useSyncExternalStore(deskSendQueue.subscribe, deskSendQueue.kept, deskSendQueue.kept);
}
