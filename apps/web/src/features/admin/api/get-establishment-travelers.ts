import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TravelerListResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** Spec §7, §9: ten travelers a page. */
export const PILGRIMS_PAGE_SIZE = 10;

export function getEstablishmentTravelers(id: string, page: number) {
  return api.get(apiPaths.admin.establishmentTravelers(id), {
    query: { page, limit: PILGRIMS_PAGE_SIZE },
    schema: TravelerListResponseSchema,
  });
}

/** GET /api/establishments/{id}/pilgrims: newest entry first, one page. */
export const establishmentTravelersQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.establishmentTravelers(id, page),
    queryFn: () => getEstablishmentTravelers(id, page),
    placeholderData: keepPreviousData,
  });

export function useEstablishmentTravelers(id: string, page: number) {
  return useQuery(establishmentTravelersQuery(id, page));
}
