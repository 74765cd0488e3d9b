import { LEGACY_STORAGE_KEYS } from '@/config/constants';
import { deleteCookie } from './cookies';
import { local, session } from './storage';

/**
 * Whether this page holds a session. The session itself is an HttpOnly cookie the server sets at
 * login and clears at logout (decision 050): no script can read it, so the app knows only what the
 * server said. A login or a /me answer starts it; a 401 or a logout ends it.
 */
let present = false;
/** Whether the session was started with "Remember me" (see wasSessionRemembered). */
let remembered = false;

export function hasSession(): boolean {
  return present;
}

export function markSessionStarted(options: { remember: boolean }): void {
  present = true;
  remembered = options.remember;
}

export function markSessionEnded(): void {
  present = false;
}

/**
 * Whether the session this page last held was started with "Remember me", so that a login that
 * renews an ended session in place (no checkbox) keeps that choice. Unknown after a reload (the
 * cookie's lifetime cannot be read): then false, which never keeps a session the user did not ask
 * to keep.
 */
export function wasSessionRemembered(): boolean {
  return remembered;
}

/**
 * Removes what earlier versions kept readable by scripts: the session token in a cookie and in
 * Web Storage, and the device tokens in localStorage. A browser that had them signs in once more.
 */
export function forgetLegacyCredentials(): void {
  deleteCookie(LEGACY_STORAGE_KEYS.token);
  local.remove(LEGACY_STORAGE_KEYS.token);
  session.remove(LEGACY_STORAGE_KEYS.token);
  local.remove(LEGACY_STORAGE_KEYS.devices);
}

/** For tests: back to a page that holds no session. */
export function resetSessionPresenceForTests(): void {
  present = false;
  remembered = false;
}
