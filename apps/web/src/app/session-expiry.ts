import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { configureApiClient, isApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { sessionRenewal } from '@/lib/session-renewal';
import { hasUnsavedInput } from '@/lib/unsaved-input';
import type { FromState } from './guards';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate' | 'state'>;

/**
 * What happens when the session ends (a 401; the API client has already removed the token):
 *
 * - Spec §8: the client says the session expired and, 1.5 s later, the user is signed out and sent
 *   to /login, which then brings them back here.
 * - Except while a form holds unsaved input (lib/unsaved-input.ts): leaving would lose it (a
 *   traveler's data and signature), so the page stays as it is, still showing the user, and a
 *   dialog asks for the password (SessionRenewalDialog). Once logged in again the user saves
 *   again; a registration keeps its Idempotency-Key while its data is unchanged, so that can
 *   never register twice. Giving up in the dialog is the usual sign-out and redirect.
 */
export function wireSessionExpiry(router: AppRouter, queryClient: QueryClient): void {
  const signOut = () => {
    authStore.clear();
    queryClient.clear();
    const { pathname, search, hash } = router.state.location;
    if (pathname === paths.login) return;
    const state: FromState = { from: { pathname, search, hash } };
    void router.navigate(paths.login, { replace: true, state });
  };

  configureApiClient({
    // A redirect that a 401 scheduled before a renewal was asked for gives way to the dialog.
    onSessionExpired: () => {
      if (!sessionRenewal.getState()) signOut();
    },
    holdSessionExpiry: () => {
      if (sessionRenewal.getState()) return true;
      const user = authStore.getState().user;
      if (!user || !hasUnsavedInput()) return false;
      sessionRenewal.request({
        email: user.email,
        onCancel: signOut,
        onRenewed: (renewed) => {
          if (renewed.id !== user.id) {
            // Never show one account's data to another (the e-mail is fixed, but an address can
            // move to another account): start afresh.
            queryClient.clear();
            void router.navigate(paths.clients, { replace: true });
            return;
          }
          // What the page failed to load meanwhile loads again; the forms keep their values.
          void queryClient.refetchQueries({
            type: 'active',
            predicate: (query) => isApiError(query.state.error) && query.state.error.status === 401,
          });
        },
      });
      return true;
    },
  });
}
