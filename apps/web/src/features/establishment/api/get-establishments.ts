import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  EstablishmentListResponseSchema,
  type EstablishmentStatus,
  type EstablishmentType,
} from '@hospes/shared/establishments';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { establishmentKeys } from './keys';

export interface EstablishmentListQuery {
  search?: string;
  type?: EstablishmentType;
  status?: EstablishmentStatus;
  city?: string;
  province?: string;
  page: number;
  limit?: number;
}

/** Spec §9: ten establishments a page. */
export const ESTABLISHMENTS_PAGE_SIZE = 10;

export function getEstablishments(query: EstablishmentListQuery) {
  return api.get(apiPaths.establishments.list, {
    query: { limit: ESTABLISHMENTS_PAGE_SIZE, ...query },
    schema: EstablishmentListResponseSchema,
  });
}

/** GET /api/establishments (admins): filtered, one page; empty filters are left out. */
export const establishmentsQuery = (query: EstablishmentListQuery) =>
  queryOptions({
    queryKey: establishmentKeys.list(query),
    queryFn: () => getEstablishments(query),
    placeholderData: keepPreviousData,
  });

export function useEstablishments(query: EstablishmentListQuery) {
  return useQuery(establishmentsQuery(query));
}
