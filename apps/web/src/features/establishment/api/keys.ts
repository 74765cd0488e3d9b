import type { QueryClient } from '@tanstack/react-query';
import { invalidateAll, type AlsoRefresh } from '@/lib/query-client';
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
  /** GET …/declaration: its state and the statement, in the interface language `lng`. */
  declaration: (id: string, lng: string) =>
    [...establishmentKeys.detail(id), 'declaration', lng] as const,
  /** GET /api/ses-to-report: of all the user's establishments (no id), or of one. */
  toReport: (establishmentId?: string) =>
    [...establishmentKeys.all, 'to-report', establishmentId ?? 'all'] as const,
};

/**
 * After an establishment is created, changed or deleted: every establishment query refetches,
 * and whatever else the screen asks for (`invalidates`).
 */
export function invalidateAfterEstablishmentChange(
  queryClient: QueryClient,
  { invalidates = [] }: AlsoRefresh = {},
): Promise<unknown> {
  return invalidateAll(queryClient, [establishmentKeys.all, ...invalidates]);
}
