import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { configureApiClient } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import type { FromState } from './guards';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate' | 'state'>;

/**
 * Spec §8: 1.5 s after a 401 (the API client has already removed the token and said the session
 * expired) the user is signed out and sent to /login, which then brings them back here.
 */
export function wireSessionExpiry(router: AppRouter, queryClient: QueryClient): void {
  configureApiClient({
    onSessionExpired: () => {
      authStore.clear();
      queryClient.clear();
      const { pathname, search, hash } = router.state.location;
      if (pathname === paths.login) return;
      const state: FromState = { from: { pathname, search, hash } };
      void router.navigate(paths.login, { replace: true, state });
    },
  });
}
