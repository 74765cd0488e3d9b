import { onlineManager, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    /** Every fetcher goes through the API client, which throws ApiError. */
    defaultError: ApiError;
  }
}

/** The browser says there is no connection (an `offline` event, or navigator.onLine). */
export function deviceOffline(): boolean {
  return !onlineManager.isOnline() || (typeof navigator !== 'undefined' && !navigator.onLine);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Always ask, even when the browser says it is offline: the default ('online') pauses
        // the request until the connection is back, so a screen spins for ever without a word.
        // Asked now, it fails at once with the API client's "no response" text and the screen
        // offers its retry.
        networkMode: 'always',
        // Back online, what failed or went stale meanwhile is asked again. Explicit: with
        // networkMode 'always' TanStack Query turns this off by default.
        refetchOnReconnect: true,
        // A 4xx will not change by asking again; a network error or a 5xx may, but not while
        // the device says it is offline (the failure is shown at once instead).
        retry: (failures, error) =>
          failures < 2 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          !(error instanceof ApiError && error.status === 0 && deviceOffline()),
      },
      // Likewise for saves and deletes: sent at once, so an offline device gets the error in
      // the form or dialog instead of a spinner that never ends (and a dialog that cannot close).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * What a screen has refreshed besides what a change always refreshes (the admin's reports after
 * a traveler or an establishment changes): an entity slice's mutation hooks take it.
 */
export interface AlsoRefresh {
  invalidates?: readonly QueryKey[];
}

/** Marks every query under each key stale, refetching those on screen; settles when all have. */
export function invalidateAll(
  queryClient: QueryClient,
  keys: readonly QueryKey[],
): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
