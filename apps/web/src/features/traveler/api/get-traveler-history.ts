import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TravelerHistoryResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { travelerKeys } from './keys';

/** Entries a page of the history. */
export const HISTORY_PAGE_SIZE = 20;

export function getTravelerHistory(id: string, page: number) {
  return api.get(apiPaths.pilgrims.history(id), {
    query: { page, limit: HISTORY_PAGE_SIZE },
    schema: TravelerHistoryResponseSchema,
  });
}

/**
 * GET /api/pilgrims/{id}/history, one page, newest first. Under the traveler's own key: any change
 * to a traveler refreshes it, a deletion drops it. Always refetched when asked again (staleTime
 * 0): every view of the images adds to it. `enabled` false: not fetched yet (a closed panel).
 */
export function useTravelerHistory(id: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: travelerKeys.history(id, page),
    staleTime: 0,
    queryFn: () => getTravelerHistory(id, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
