import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PilgrimListResponseSchema } from '@hospes/shared/pilgrims';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { sortQuery, type ClientFilters } from '../filters';
import { pilgrimsKey } from './keys';

/** Spec §9: 10 travelers per page. */
export const PAGE_SIZE = 10;

export function getPilgrims({ sort, ...filters }: ClientFilters) {
  return api.get(apiPaths.pilgrims.list, {
    query: { ...filters, ...sortQuery(sort), limit: PAGE_SIZE },
    schema: PilgrimListResponseSchema,
  });
}

/** GET /api/pilgrims with the list's filters; empty filters are left out of the query. */
export const pilgrimsQuery = (filters: ClientFilters) =>
  queryOptions({
    queryKey: [...pilgrimsKey, 'list', filters],
    queryFn: () => getPilgrims(filters),
    placeholderData: keepPreviousData,
  });

export function usePilgrims(filters: ClientFilters) {
  return useQuery(pilgrimsQuery(filters));
}
