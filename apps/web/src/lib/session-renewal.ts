import { useSyncExternalStore } from 'react';
import type { User } from '@hospes/shared/auth';
import { isApiError, NON_SESSION_401_CODES } from './api-client';

/**
 * A pending "log in again to continue" request: the session ended (a 401) while a form held
 * unsaved input, so the page stays as it is and a dialog asks for the password (app/session-
 * expiry.ts opens it, features/auth's SessionRenewalDialog shows it). The user of the ended
 * session is still shown; the API client has already removed the token.
 */
export interface SessionRenewal {
  /** The e-mail of the session that ended: the dialog logs in as that user. */
  email: string;
  /** Told once the login succeeded (the new session is already stored). */
  onRenewed: (user: User) => void;
  /** Told when the user gives up: the usual sign-out and redirect to /login. */
  onCancel: () => void;
}

let current: SessionRenewal | null = null;
const listeners = new Set<() => void>();

function set(next: SessionRenewal | null) {
  current = next;
  for (const listener of listeners) listener();
}

export const sessionRenewal = {
  getState: (): SessionRenewal | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Asks for a new login; while one is pending, further requests join it. */
  request(next: SessionRenewal): void {
    if (!current) set(next);
  },
  /** The dialog logged in again: close it and tell the requester. */
  renewed(user: User): void {
    const pending = current;
    set(null);
    pending?.onRenewed(user);
  },
  /** The user chose to leave: close it and sign out the usual way. */
  cancel(): void {
    const pending = current;
    set(null);
    pending?.onCancel();
  },
  /** For tests: no pending request. */
  reset(): void {
    set(null);
  },
};

/**
 * True when `error` is the end of the session that a pending renewal dialog is asking about: the
 * form that got it shows nothing and moves no focus (the dialog speaks), and is saved again after.
 */
export function awaitsSessionRenewal(error: unknown): boolean {
  return (
    current !== null &&
    isApiError(error) &&
    error.status === 401 &&
    !NON_SESSION_401_CODES.has(error.code)
  );
}

export function useSessionRenewal(): SessionRenewal | null {
  return useSyncExternalStore(
    sessionRenewal.subscribe,
    sessionRenewal.getState,
    sessionRenewal.getState,
  );
}
