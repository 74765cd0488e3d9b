/**
 * The registration documents, as the other modules see them: a SES.HOSPEDAJES request built and
 * checked as the file download builds it (modules/ses sends it)
 * (docs/decisions/037-server-module-boundaries.md).
 */
export type { AuthorityFilesService } from './authority-files/authority-files.service';
/** CSV reading as the traveler import reads it (the reservations import uses it). */
export { decodeCsvText, parseCsv, unguardCell } from './export-import/csv';
/** A traveler's row as SES.HOSPEDAJES gets it (the reservation reports' guests, decision 071). */
export { toSesTraveler, toTravelerView } from './traveler-view';
