import { STORAGE_KEYS, TOKEN_COOKIE_DAYS } from '@/config/constants';
import { deleteCookie, readCookie, writeCookie } from './cookies';
import { local, session } from './storage';

/**
 * The session token (spec §7): a cookie `auth_token` (1 day, SameSite=Strict, Secure on https)
 * plus Web Storage. "Remember me" keeps it in localStorage; without it the token lives only for
 * the browser session (sessionStorage and a cookie without expiry). Reading prefers the cookie,
 * falls back to storage and then restores the cookie.
 */
const KEY = STORAGE_KEYS.token;
const ONE_DAY_SECONDS = TOKEN_COOKIE_DAYS * 24 * 60 * 60;

function writeTokenCookie(token: string, remember: boolean) {
  writeCookie(KEY, token, remember ? { maxAgeSeconds: ONE_DAY_SECONDS } : {});
}

export function getToken(): string | null {
  const fromCookie = readCookie(KEY);
  if (fromCookie) return fromCookie;
  const remembered = local.get(KEY);
  if (remembered) {
    writeTokenCookie(remembered, true);
    return remembered;
  }
  const forSession = session.get(KEY);
  if (forSession) {
    writeTokenCookie(forSession, false);
    return forSession;
  }
  return null;
}

export function setToken(token: string, options: { remember: boolean } = { remember: true }): void {
  if (options.remember) {
    local.set(KEY, token);
    session.remove(KEY);
  } else {
    session.set(KEY, token);
    local.remove(KEY);
  }
  writeTokenCookie(token, options.remember);
}

/** Whether the token last removed had been kept with "remember me" (see wasTokenRemembered). */
let lastRemembered = false;

export function removeToken(): void {
  if (local.get(KEY)) lastRemembered = true;
  else if (session.get(KEY)) lastRemembered = false;
  deleteCookie(KEY);
  local.remove(KEY);
  session.remove(KEY);
}

/**
 * Whether the token most recently removed had been stored with "remember me": a login that
 * renews an ended session in place (no checkbox) keeps the choice made at the first login.
 */
export function wasTokenRemembered(): boolean {
  return lastRemembered;
}
