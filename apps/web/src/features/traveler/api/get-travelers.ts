import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentType } from '@hospes/shared/codes';
import type { StayStatus } from '@hospes/shared/stay';
import { TravelerListResponseSchema, type TravelerSortField } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { travelerKeys } from './keys';

/** The traveler list's filters, as they travel in the URL query string and to GET /api/pilgrims. */
export interface TravelerFilters {
  search?: string;
  establishmentId?: string;
  nationality?: string;
  documentType?: DocumentType;
  entryDateFrom?: string;
  entryDateTo?: string;
  checkOutDateFrom?: string;
  checkOutDateTo?: string;
  stayStatus?: StayStatus;
  /** `pending`: self-registrations awaiting staff review. */
  review?: 'pending';
  /** `unreportable`: only those the parte's pre-flight refuses, across all pages (decision 048). */
  parte?: 'unreportable';
  /** The order of the list; unset: newest entry first. */
  sort?: TravelerSort;
  page?: number;
}

/** The orders the list offers, each a field and a direction of GET /api/pilgrims. */
export const TRAVELER_SORTS = {
  'entryDate-asc': { sortBy: 'entryDate', sortOrder: 'asc' },
  'lastName-asc': { sortBy: 'lastName', sortOrder: 'asc' },
  'firstName-asc': { sortBy: 'firstName', sortOrder: 'asc' },
  'checkOutDate-asc': { sortBy: 'checkOutDate', sortOrder: 'asc' },
  'createdAt-desc': { sortBy: 'createdAt', sortOrder: 'desc' },
} as const satisfies Record<string, { sortBy: TravelerSortField; sortOrder: 'asc' | 'desc' }>;
export type TravelerSort = keyof typeof TRAVELER_SORTS;

/** The query parameters of a list's order (none for the default, newest entry first). */
function sortQuery(sort: TravelerSort | undefined) {
  return sort ? TRAVELER_SORTS[sort] : {};
}

/** Spec §7, §9: 10 travelers per page (the desk's list and an establishment's, for admins). */
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
    queryKey: travelerKeys.list(filters),
    queryFn: () => getTravelers(filters),
    placeholderData: keepPreviousData,
  });

export function useTravelers(filters: TravelerFilters) {
  return useQuery(travelersQuery(filters));
}
