import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TravelerListResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { PAGE_SIZE } from './get-travelers';
import { travelerKeys } from './keys';

export function getEstablishmentTravelers(id: string, page: number) {
  return api.get(apiPaths.admin.establishmentTravelers(id), {
    query: { page, limit: PAGE_SIZE },
    schema: TravelerListResponseSchema,
  });
}

/** GET /api/establishments/{id}/pilgrims: newest entry first, one page. */
export const establishmentTravelersQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: travelerKeys.ofEstablishment(id, page),
    queryFn: () => getEstablishmentTravelers(id, page),
    placeholderData: keepPreviousData,
  });

export function useEstablishmentTravelers(id: string, page: number) {
  return useQuery(establishmentTravelersQuery(id, page));
}
