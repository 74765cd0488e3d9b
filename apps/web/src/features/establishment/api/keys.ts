import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { EstablishmentListQuery } from './get-establishments';

/**
 * The query keys of everything about establishments, one factory (TanStack Query's key factory):
 * each key starts with the one above it, so invalidating `all` refreshes the user's own list, the
 * admin's lists and every establishment's page at once.
 */
export const establishmentKeys = {
  all: ['establishments'] as const,
  /** GET /api/establishments/user: the signed-in user's establishments. */
  mine: () => [...establishmentKeys.all, 'user'] as const,
  lists: () => [...establishmentKeys.all, 'list'] as const,
  /** GET /api/establishments (admins): one filtered page. */
  list: (query: EstablishmentListQuery) => [...establishmentKeys.lists(), query] as const,
  details: () => [...establishmentKeys.all, 'detail'] as const,
  detail: (id: string) => [...establishmentKeys.details(), id] as const,
};

/**
 * What a screen refreshes besides the establishments after one changes: the admin's also
 * refreshes the travelers (who show their establishment's name) and its reports.
 */
export interface EstablishmentChangeOptions {
  invalidates?: readonly QueryKey[];
}

/** After an establishment is created, changed or deleted: every establishment query refetches. */
export function invalidateAfterEstablishmentChange(
  queryClient: QueryClient,
  { invalidates = [] }: EstablishmentChangeOptions = {},
): Promise<unknown> {
  return Promise.all(
    [establishmentKeys.all, ...invalidates].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
