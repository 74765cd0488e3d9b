import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TravelerListResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { sortQuery, type TravelerFilters } from '../filters';
import { travelersKey } from './keys';

/** Spec §9: 10 travelers per page. */
export const PAGE_SIZE = 10;

export function getTravelers({ sort, ...filters }: TravelerFilters) {
  return api.get(apiPaths.pilgrims.list, {
    query: { ...filters, ...sortQuery(sort), limit: PAGE_SIZE },
    schema: TravelerListResponseSchema,
  });
}

/** GET /api/pilgrims with the list's filters; empty filters are left out of the query. */
export const travelersQuery = (filters: TravelerFilters) =>
  queryOptions({
    queryKey: [...travelersKey, 'list', filters],
    queryFn: () => getTravelers(filters),
    placeholderData: keepPreviousData,
  });

export function useTravelers(filters: TravelerFilters) {
  return useQuery(travelersQuery(filters));
}
