import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

// Shown only without a connection and without a user kept on the device (decision 073).
const OfflineSignIn = lazy(() =>
  import('@/features/auth/components/offline-sign-in').then((m) => ({ default: m.OfflineSignIn })),
);

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where to go after login: the remembered in-app location, else /clients (spec §2). */
export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null)?.from;
  const pathname = from?.pathname;
  if (
    !pathname ||
    !pathname.startsWith('/') ||
    pathname.startsWith('//') ||
    pathname === paths.login
  ) {
    return paths.clients;
  }
  return `${pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * Protected pages: a full-screen spinner until the session is known; without a user, /login
 * remembering where the visit was going, or, when the server could not be reached, a page that
 * says so (decision 073: a login could not work; back online the session is checked again).
 */
export function RequireAuth() {
  const { user, initialised, offline } = useAuth();
  const location = useLocation();
  if (!initialised) return <FullScreenSpinner />;
  if (!user && offline) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <OfflineSignIn />
      </Suspense>
    );
  }
  if (!user) {
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}

/** Pages for signed-out visitors (login, register, forgot password): a user goes on to the app. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  if (user) return <Navigate to={redirectTarget(location.state)} replace />;
  return <>{children}</>;
}
