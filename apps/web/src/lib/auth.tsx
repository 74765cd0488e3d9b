import { useCallback, useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import {
  AuthResponseSchema,
  MeResponseSchema,
  type LoginInput,
  type User,
} from '@hospes/shared/auth';
import { apiPaths, paths } from '@/config/paths';
import { api, ApiError, CLIENT_ERROR_CODES, isApiError } from './api-client';
import { i18n } from './i18n';
import { getToken, removeToken, setToken } from './token-storage';
import { deviceTokenFor, rememberDeviceToken } from './device-tokens';

/**
 * The client authentication state of spec §4: user, loading, initialised. It lives outside
 * React (a tiny external store) so that the API client's 401 handling can clear it too.
 */
export interface AuthState {
  user: User | null;
  loading: boolean;
  initialised: boolean;
}

const INITIAL: AuthState = { user: null, loading: false, initialised: false };
let state: AuthState = INITIAL;
const listeners = new Set<() => void>();
let startup: Promise<void> | null = null;

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
   * At start: with a stored token fetch /me (success sets the user; a refusal or a missing user
   * removes the token and clears the user; no answer or a server error clears the user but keeps
   * the token); without one, clear the user at once. Runs once.
   */
  initialise(): Promise<void> {
    if (startup) return startup;
    const token = getToken();
    if (!token) {
      setState({ user: null, loading: false, initialised: true });
      startup = Promise.resolve();
      return startup;
    }
    setState({ loading: true });
    startup = api.get(apiPaths.auth.me, { schema: MeResponseSchema, skipSessionExpiry: true }).then(
      ({ user }) => setState({ user, loading: false, initialised: true }),
      (error: unknown) => {
        // The server refused the session (or answered without a user): forget the token. A lost
        // connection, a timeout or a server error says nothing about the session: keep the token so
        // the next load on a working connection signs the user straight back in.
        const transient = isApiError(error) && (error.status === 0 || error.status >= 500);
        if (!transient) removeToken();
        setState({ user: null, loading: false, initialised: true });
      },
    );
    return startup;
  },

  /** Stores a new session (login or the auto-login after e-mail verification). */
  setSession(token: string, user: User, options: { remember: boolean }) {
    setToken(token, options);
    setState({ user, loading: false, initialised: true });
  },

  /** Replaces the signed-in user's data (after a profile update). */
  setUser(user: User) {
    setState({ user });
  },

  /** Forgets the session locally: token removed, user cleared. */
  clear() {
    removeToken();
    setState({ user: null, loading: false, initialised: true });
  },

  /** For tests only: back to the state before start-up. */
  reset() {
    startup = null;
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
 * Logs in (spec §4): loading while the call runs; on success token and user are stored; on
 * failure loading ends and the user stays signed out. The answer must carry token and user.
 */
export async function login(input: LoginInput, options: { remember: boolean }): Promise<User> {
  setState({ loading: true });
  try {
    const deviceToken = deviceTokenFor(input.email);
    const answer = await api.post(
      apiPaths.auth.login,
      deviceToken ? { ...input, deviceToken } : input,
      { schema: AuthResponseSchema, skipSessionExpiry: true },
    );
    rememberDeviceToken(input.email, answer.deviceToken);
    authStore.setSession(answer.token, answer.user, options);
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
 * Logs out (spec §4): tells the server, and whether or not that works, removes the token and
 * clears the user. Resolves to false when the server call failed (for a notice).
 */
export async function logout(): Promise<boolean> {
  let ok = true;
  if (getToken()) {
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
