/**
 * The travelers, as the other modules see them (docs/decisions/037-server-module-boundaries.md):
 * the service (a self check-in registers through it), the traveler record and its report number
 * (the documents and the check-in read them), the list's filter as SQL (an export holds what the
 * list shows), the kept list totals every writer of travelers makes stale, and the shape of a
 * registration request (the public check-in takes the same).
 */
import type { TravelersRepository } from './travelers.repository';

export type { RegisteringEstablishment, TravelersService } from './travelers.service';
export type { TravelerCounts } from './traveler-counts';
export {
  formatReportNumber,
  recordFromCreateInput,
  recordFromRow,
  reportYearOf,
  valuesFromRecord,
  type TravelerRecord,
} from './travelers.mapper';
export { documentContext } from './document-images';
export { listConditions, type ListDays, type TravelerFilter } from './list-query';
export { rowFromJson } from './traveler-json';
export { IdempotencyHeaders, REGISTRATION_BODY_LIMIT } from './registration-body';

/**
 * Report numbers for travelers written elsewhere (an import, a confirmed self check-in, a PDF or
 * SES file of a row inserted outside the API), and the establishments a user belongs to.
 */
export type TravelerNumbering = Pick<
  TravelersRepository,
  'numberIfMissing' | 'allocateReportNumbers' | 'membershipsOf'
>;
