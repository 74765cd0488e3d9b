import { useQuery } from '@tanstack/react-query';
import { TravelerListResponseSchema, type Traveler } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { travelerKeys } from './keys';

/** How often the desk asks for new arrivals while its page is shown (decision 052). */
export const PENDING_ARRIVALS_REFRESH_MS = 4000;
/** The most arrivals the desk's queue lists at once (the list's own page limit is 100). */
export const PENDING_ARRIVALS_LIMIT = 50;

/** A page of the queue: the arrivals listed, and how many wait in all. */
export interface PendingArrivalsPage {
  travelers: Traveler[];
  total: number;
}

/** The queue without an arrival just confirmed (before its refresh says so). */
export function withoutArrival(page: PendingArrivalsPage, id: string): PendingArrivalsPage {
  const travelers = page.travelers.filter((traveler) => traveler.id !== id);
  return { travelers, total: page.total - (page.travelers.length - travelers.length) };
}

/**
 * GET /api/pilgrims?establishmentId=&review=pending&sortBy=createdAt&sortOrder=desc: the self
 * check-ins of one establishment still to confirm, newest first, and how many there are.
 */
export async function getPendingArrivals(establishmentId: string): Promise<PendingArrivalsPage> {
  const answer = await api.get(apiPaths.pilgrims.list, {
    query: {
      establishmentId,
      review: 'pending',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      limit: PENDING_ARRIVALS_LIMIT,
    },
    schema: TravelerListResponseSchema,
  });
  return { travelers: answer.data, total: answer.pagination.total };
}

/**
 * The desk's queue of arrivals: asked again every few seconds while the page is visible (not in
 * a background tab), so that a pilgrim who sends the self check-in appears without a reload.
 */
export function usePendingArrivals(establishmentId: string) {
  return useQuery({
    queryKey: travelerKeys.pendingArrivals(establishmentId),
    queryFn: () => getPendingArrivals(establishmentId),
    refetchInterval: PENDING_ARRIVALS_REFRESH_MS,
    enabled: establishmentId !== '',
  });
}
