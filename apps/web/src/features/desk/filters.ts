import { DOCUMENT_TYPES, type DocumentType } from '@hospes/shared/codes';
import { isCountryCode } from '@hospes/shared/countries';
import { isIsoDate } from '@hospes/shared/dates';
import type { TravelerSortField } from '@hospes/shared/travelers';
import { STAY_STATUSES, type StayStatus } from '@hospes/shared/stay';

/** The client list's filters, as they travel in the URL query string and to GET /api/pilgrims. */
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
  /** The order of the list; unset: newest entry first. */
  sort?: TravelerSort;
  page?: number;
}

/** The orders the list offers, each a field and a direction of GET /api/pilgrims. */
export const CLIENT_SORTS = {
  'entryDate-asc': { sortBy: 'entryDate', sortOrder: 'asc' },
  'lastName-asc': { sortBy: 'lastName', sortOrder: 'asc' },
  'firstName-asc': { sortBy: 'firstName', sortOrder: 'asc' },
  'checkOutDate-asc': { sortBy: 'checkOutDate', sortOrder: 'asc' },
  'createdAt-desc': { sortBy: 'createdAt', sortOrder: 'desc' },
} as const satisfies Record<string, { sortBy: TravelerSortField; sortOrder: 'asc' | 'desc' }>;
export type TravelerSort = keyof typeof CLIENT_SORTS;

/** The query parameters of a list's order (none for the default, newest entry first). */
export function sortQuery(sort: TravelerSort | undefined) {
  return sort ? CLIENT_SORTS[sort] : {};
}

export const DATE_FILTERS = [
  'entryDateFrom',
  'entryDateTo',
  'checkOutDateFrom',
  'checkOutDateTo',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the filters from the URL; a value that makes no sense is dropped rather than sent. */
export function filtersFromParams(params: URLSearchParams): TravelerFilters {
  const filters: TravelerFilters = {};
  const search = params.get('search')?.trim();
  if (search) filters.search = search.slice(0, 100);
  const establishmentId = params.get('establishmentId');
  if (establishmentId && UUID.test(establishmentId)) filters.establishmentId = establishmentId;
  const nationality = params.get('nationality')?.toUpperCase();
  if (nationality && isCountryCode(nationality)) filters.nationality = nationality;
  const documentType = params.get('documentType')?.toUpperCase();
  if (documentType && (DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
    filters.documentType = documentType as DocumentType;
  }
  for (const key of DATE_FILTERS) {
    const value = params.get(key);
    if (value && isIsoDate(value)) filters[key] = value;
  }
  const stayStatus = params.get('stayStatus');
  if (stayStatus && (STAY_STATUSES as readonly string[]).includes(stayStatus)) {
    filters.stayStatus = stayStatus as StayStatus;
  }
  if (params.get('review') === 'pending') filters.review = 'pending';
  const sort = params.get('sort');
  if (sort && Object.hasOwn(CLIENT_SORTS, sort)) filters.sort = sort as TravelerSort;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) filters.page = page;
  return filters;
}

/** The URL query string of a set of filters (empty ones left out, page 1 implied). */
export function paramsFromFilters(filters: TravelerFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && Number(value) <= 1) continue;
    params.set(key, String(value));
  }
  return params;
}

/** True when any filter other than the page (and the order) is set. */
export function hasFilters(filters: TravelerFilters): boolean {
  return Object.entries(filters).some(
    ([key, value]) => key !== 'page' && key !== 'sort' && value !== undefined,
  );
}
