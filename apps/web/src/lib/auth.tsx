import { useCallback, useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import {
  AuthResponseSchema,
  MeResponseSchema,
  type LoginInput,
  type User,
} from '@hospes/shared/auth';
import type { Membership, Permission } from '@hospes/shared/team';
import { apiPaths, paths } from '@/config/paths';
import { api, ApiError, CLIENT_ERROR_CODES, isApiError } from './api-client';
import { i18n } from './i18n';
import { forgetOfflineSession, offlineSession, rememberOfflineSession } from './offline-session';
import {
  forgetLegacyCredentials,
  hasSession,
  markSessionEnded,
  markSessionStarted,
  resetSessionPresenceForTests,
} from './session-presence';

/**
 * The client authentication state of spec §4: user, loading, initialised. It lives outside
 * React (a tiny external store) so that the API client's 401 handling can clear it too.
 */
export interface AuthState {
  user: User | null;
  /** The user's memberships, each with what its role permits (decision 058). */
  memberships: Membership[];
  loading: boolean;
  initialised: boolean;
  /**
   * The server could not be reached to check the session (no connection, decision 073). The user,
   * if any, is the one this device kept (lib/offline-session.ts): shown so that the desk goes on
   * capturing, but nothing is sent on that strength; the session is checked again as soon as the
   * connection returns.
   */
  offline: boolean;
}

const INITIAL: AuthState = {
  user: null,
  memberships: [],
  loading: false,
  initialised: false,
  offline: false,
};
let state: AuthState = INITIAL;
const listeners = new Set<() => void>();
let startup: Promise<void> | null = null;
let checking: Promise<void> | null = null;
let stopWatching: (() => void) | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * How long after a check that got no answer, while the browser says it is online, the session is
 * checked again: the browser's "online" can come before its requests go through.
 */
export const OFFLINE_CHECK_RETRY_MS = 5_000;

/** No answer at all (no connection, or too slow to get one): not a refusal of the session. */
const isUnreachable = (error: unknown) => isApiError(error) && error.status === 0;

/** No answer although the browser says it is online (a server down, say): asked again soon. */
function retryWhileOnline() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  retryTimer = setTimeout(() => void authStore.checkAgain(), OFFLINE_CHECK_RETRY_MS);
}

/** Back online: the session is checked again (see authStore.checkAgain). */
function watchForConnection() {
  if (stopWatching || typeof window === 'undefined') return;
  const listener = () => void authStore.checkAgain();
  window.addEventListener('online', listener);
  stopWatching = () => {
    window.removeEventListener('online', listener);
    clearTimeout(retryTimer);
    retryTimer = undefined;
    stopWatching = null;
  };
}

function setState(patch: Partial<AuthState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const authStore = {
  getState: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /**
   * At start: ask /me, which the session cookie (HttpOnly, so unreadable here) answers when there
   * is one; success sets the user, any failure clears it (a lost connection or a server error too:
   * the cookie stays, and the next load on a working connection signs the user straight back in).
   * Runs once. What earlier versions stored readable by scripts is removed first.
   *
   * Without a connection (decision 073) the user this device kept is shown, marked `offline`, so
   * that the desk opens and goes on capturing; no session is assumed (nothing is sent), and the
   * session is checked again when the connection returns. Without a kept user, `offline` tells the
   * protected pages to say so instead of offering a login that cannot work.
   */
  initialise(): Promise<void> {
    if (startup) return startup;
    forgetLegacyCredentials();
    setState({ loading: true });
    startup = api.get(apiPaths.auth.me, { schema: MeResponseSchema, skipSessionExpiry: true }).then(
      ({ user, memberships }) => {
        // Whether the cookie was kept with "Remember me" cannot be read (wasSessionRemembered).
        if (!hasSession()) markSessionStarted({ remember: false });
        rememberOfflineSession(user, memberships ?? []);
        setState({ user, memberships: memberships ?? [], loading: false, initialised: true });
      },
      (error: unknown) => {
        if (isUnreachable(error) && !state.user) {
          const kept = offlineSession();
          markSessionEnded();
          setState({
            user: kept?.user ?? null,
            memberships: kept?.memberships ?? [],
            loading: false,
            initialised: true,
            offline: true,
          });
          watchForConnection();
          retryWhileOnline();
          return;
        }
        if (isApiError(error) && error.status === 401) forgetOfflineSession();
        if (!state.user) markSessionEnded();
        setState({ user: state.user, loading: false, initialised: true });
      },
    );
    return startup;
  },

  /**
   * Asks the server again whether the session holds, after a start without a connection
   * (`offline`): back online, or "Try again". An answer signs the user in for real (the desk's
   * waiting registrations go then). A refusal of the kept user's session takes the usual way of an
   * ended session (the login dialog over waiting registrations, else /login, decision 032); still
   * no answer leaves things as they are.
   */
  checkAgain(): Promise<void> {
    if (!state.offline) return Promise.resolve();
    if (checking) return checking;
    const kept = state.user;
    checking = api
      .get(apiPaths.auth.me, { schema: MeResponseSchema, skipSessionExpiry: kept === null })
      .then(
        ({ user, memberships }) => {
          markSessionStarted({ remember: false });
          rememberOfflineSession(user, memberships ?? []);
          stopWatching?.();
          setState({ user, memberships: memberships ?? [], offline: false });
        },
        (error: unknown) => {
          if (isUnreachable(error)) {
            retryWhileOnline();
            return;
          }
          stopWatching?.();
          if (isApiError(error) && error.status === 401 && kept === null) forgetOfflineSession();
          setState({ offline: false });
        },
      )
      .finally(() => {
        checking = null;
      });
    return checking;
  },

  /**
   * A session the server has just started (login, or the auto-login after e-mail verification):
   * its cookie is set by that answer; here only the user is kept.
   */
  setSession(user: User, options: { remember: boolean } = { remember: true }) {
    markSessionStarted(options);
    rememberOfflineSession(user);
    stopWatching?.();
    setState({ user, loading: false, initialised: true, offline: false });
    void authStore.refreshMemberships();
  },

  /** Asks /me again for the memberships (after a login, or joining an establishment). */
  async refreshMemberships(): Promise<void> {
    try {
      const answer = await api.get(apiPaths.auth.me, { schema: MeResponseSchema });
      if (state.user?.id !== answer.user.id) return;
      rememberOfflineSession(answer.user, answer.memberships ?? []);
      setState({ memberships: answer.memberships ?? [] });
    } catch {
      // Signed out meanwhile, or offline: the memberships stay as they were.
    }
  },

  /** Replaces the signed-in user's data (after a profile update). */
  setUser(user: User) {
    rememberOfflineSession(user);
    setState({ user });
  },

  /** Forgets the session locally: the user cleared (the server clears its cookie). */
  clear() {
    markSessionEnded();
    forgetOfflineSession();
    stopWatching?.();
    setState({ user: null, memberships: [], loading: false, initialised: true, offline: false });
  },

  /** For tests only: back to the state before start-up. */
  reset() {
    startup = null;
    checking = null;
    stopWatching?.();
    resetSessionPresenceForTests();
    state = INITIAL;
    for (const listener of listeners) listener();
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === 'admin';
}

/**
 * Whether the signed-in user may do `permission`: in `establishmentId` when given, else in any of
 * their establishments. The platform admin may do everything. The server checks again.
 */
export function can(
  state: Pick<AuthState, 'user' | 'memberships'>,
  permission: Permission,
  establishmentId?: string,
): boolean {
  if (isAdmin(state.user)) return true;
  // Memberships not known (yet): nothing is hidden; the server refuses what the role may not do.
  if (state.memberships.length === 0) return true;
  return state.memberships.some(
    (m) =>
      (establishmentId === undefined || m.establishmentId === establishmentId) &&
      m.permissions.includes(permission),
  );
}

/** `can` for the signed-in user, in a component. */
export function useCan(): (permission: Permission, establishmentId?: string) => boolean {
  const auth = useAuth();
  return useCallback(
    (permission: Permission, establishmentId?: string) => can(auth, permission, establishmentId),
    [auth],
  );
}

/**
 * Logs in (spec §4): loading while the call runs; on success the server has set its session
 * cookie (kept past the browser session only with `remember`) and the user is kept; on failure
 * loading ends and the user stays signed out. The answer must carry token and user; the token is
 * for API clients and is not kept here. The device token travels in an HttpOnly cookie.
 */
export async function login(input: LoginInput, options: { remember: boolean }): Promise<User> {
  setState({ loading: true });
  try {
    const answer = await api.post(
      apiPaths.auth.login,
      { ...input, remember: options.remember },
      { schema: AuthResponseSchema, skipSessionExpiry: true },
    );
    authStore.setSession(answer.user, options);
    return answer.user;
  } catch (error) {
    setState({ loading: false, initialised: true });
    if (error instanceof ApiError && error.code === CLIENT_ERROR_CODES.invalidResponse) {
      throw new ApiError({
        status: error.status,
        code: error.code,
        message: i18n.t('auth:login.incompleteResponse'),
      });
    }
    throw error;
  } finally {
    if (state.loading) setState({ loading: false });
  }
}

/**
 * Logs out (spec §4): tells the server, which ends the session and clears its cookie, and whether
 * or not that works, clears the user. Resolves to false when the server call failed (for a
 * notice).
 */
export async function logout(): Promise<boolean> {
  let ok = true;
  // Signed in from what the device kept (offline): the server is told too, if it can be reached.
  if (hasSession() || state.offline) {
    try {
      await api.post(apiPaths.auth.logout, undefined, { skipSessionExpiry: true });
    } catch (error) {
      // An already-ended session is a successful logout for the user.
      ok = error instanceof ApiError && error.status === 401;
    }
  }
  authStore.clear();
  return ok;
}

/**
 * The logout action for buttons: logs out, tells the user when the server call failed (they
 * are signed out all the same), and goes to /login.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const ok = await logout();
    if (!ok) toast.error(i18n.t('common:logout.failed'));
    await navigate(paths.login, { replace: true });
  }, [navigate]);
}
