import type { QueryClient } from '@tanstack/react-query';
import { establishmentKeys } from '@/features/establishment/api/keys';
import { invalidateAll, type AlsoRefresh } from '@/lib/query-client';
import type { TravelerFilters } from './get-travelers';

/**
 * The query keys of everything about travelers, one factory (TanStack Query's key factory): each
 * key starts with the one above it, so invalidating `all` refreshes every list, count, record and
 * history, and removing `detail(id)` drops a record with its history. The first element is
 * 'pilgrims', the wire's name for them.
 */
export const travelerKeys = {
  all: ['pilgrims'] as const,
  lists: () => [...travelerKeys.all, 'list'] as const,
  /** GET /api/pilgrims with the desk list's filters. */
  list: (filters: TravelerFilters) => [...travelerKeys.lists(), filters] as const,
  /** GET /api/establishments/{id}/pilgrims (admins): one page. */
  ofEstablishment: (establishmentId: string, page: number) =>
    [...travelerKeys.lists(), 'establishment', establishmentId, page] as const,
  /** One establishment's self check-ins still to confirm, newest first (the desk's queue). */
  pendingArrivals: (establishmentId: string) =>
    [...travelerKeys.lists(), 'pending-arrivals', establishmentId] as const,
  /** How many self-registrations wait for review. */
  pendingReviewCount: () => [...travelerKeys.all, 'review-pending-count'] as const,
  details: () => [...travelerKeys.all, 'detail'] as const,
  /** GET /api/pilgrims/{id}. */
  detail: (id: string) => [...travelerKeys.details(), id] as const,
  /** GET /api/pilgrims/{id}/history, one page: under the record, dropped with it. */
  history: (id: string, page: number) => [...travelerKeys.detail(id), 'history', page] as const,
  /**
   * The registration form's look-up of the same document (same-document.ts). Not under `all` on
   * purpose: a save does not wait for it to be fetched again.
   */
  sameDocument: (establishmentId: string | undefined, number: string, day: string) =>
    ['same-document', establishmentId, number, day] as const,
};

/**
 * After a traveler is created, changed or deleted: every traveler list, count and record is
 * refetched (no stale rows), the establishments too, whose traveler counts changed, and whatever
 * else the screen asks for (`invalidates`).
 */
export function invalidateAfterTravelerChange(
  queryClient: QueryClient,
  { invalidates = [] }: AlsoRefresh = {},
): Promise<unknown> {
  return invalidateAll(queryClient, [travelerKeys.all, establishmentKeys.all, ...invalidates]);
}
