// The desk list's filters in its URL query string; their shape and the orders offered are the
// query of GET /api/pilgrims (features/traveler/api/get-travelers).
import { DOCUMENT_TYPES, type DocumentType } from '@hospes/shared/codes';
import { isCountryCode } from '@hospes/shared/countries';
import { isIsoDate } from '@hospes/shared/dates';
import { STAY_STATUSES, type StayStatus } from '@hospes/shared/stay';
import {
  TRAVELER_SORTS,
  type TravelerFilters,
  type TravelerSort,
} from '@/features/traveler/api/get-travelers';

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
  if (params.get('parte') === 'unreportable') filters.parte = 'unreportable';
  const sort = params.get('sort');
  if (sort && Object.hasOwn(TRAVELER_SORTS, sort)) filters.sort = sort as TravelerSort;
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
