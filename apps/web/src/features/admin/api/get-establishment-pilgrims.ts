import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PilgrimListResponseSchema } from '@hospes/shared/pilgrims';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** Spec §7, §9: ten travelers a page. */
export const PILGRIMS_PAGE_SIZE = 10;

export function getEstablishmentPilgrims(id: string, page: number) {
  return api.get(apiPaths.admin.establishmentPilgrims(id), {
    query: { page, limit: PILGRIMS_PAGE_SIZE },
    schema: PilgrimListResponseSchema,
  });
}

/** GET /api/establishments/{id}/pilgrims: newest entry first, one page. */
export const establishmentPilgrimsQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.establishmentPilgrims(id, page),
    queryFn: () => getEstablishmentPilgrims(id, page),
    placeholderData: keepPreviousData,
  });

export function useEstablishmentPilgrims(id: string, page: number) {
  return useQuery(establishmentPilgrimsQuery(id, page));
}
