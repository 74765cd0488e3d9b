/**
 * A traveler as the database writes it, as JSON text: the whole row with its establishment, its
 * documents' metadata and its self check-in (one read), or the API's answer itself (a list page,
 * decision 019). JSON.parse of one text per row costs the server's thread far less than decoding
 * and mapping some fifty columns.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { STAY_THRESHOLDS } from '@hospes/shared/stay';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isoTimestamp } from '../../db/sql-helpers';
import { establishments, pilgrims, type TravelerDbRow } from '../../db/schema';
import { islandsClock } from '../establishments';
import type { ReportedTo } from '@hospes/shared/travelers';
import type { DocumentMeta, SelfRegistrationMeta } from './travelers.mapper';

export type TravelerWithEstablishment = {
  row: TravelerDbRow;
  establishmentName: string;
  /** What gives the establishment's clock (establishmentTimeZone). */
  establishmentPlace: { province: string; postalCode: string };
  documents: DocumentMeta[];
  selfRegistration: SelfRegistrationMeta | null;
  reportedTo: ReportedTo | null;
};

/**
 * A traveler column named in full, as subqueries and joins need it (drizzle leaves columns bare in
 * a one-table select).
 */
const column = (c: AnyPgColumn) => sql.raw(`"pilgrims"."${c.name}"`);
const outerTravelerId = column(pilgrims.id);

/** A document's metadata as the API answers it (DocumentUploadSchema), as a JSON object. */
const documentUploadJson = sql`json_build_object(
    'id', d.id, 'kind', d.kind, 'mimeType', d.mime_type, 'originalName', d.original_name,
    'size', d.size, 'createdAt', ${isoTimestamp(sql`d.created_at`)})`;

/**
 * The document metadata of the traveler in the outer query (never the bytes), as a JSON array, so
 * a page of travelers and their documents come in one round trip.
 */
const documentsJson = sql<DocumentMeta[]>`(
  select coalesce(json_agg(${documentUploadJson} order by d.created_at, d.kind), '[]'::json)
  from pilgrim_documents d where d.pilgrim_id = ${outerTravelerId})`;

/** The self check-in of the traveler in the outer query, if any (modules/checkin). */
const selfRegistrationJson = sql<SelfRegistrationMeta | null>`(
  select json_build_object('status', s.status, 'confirmationCode', s.confirmation_code)
  from self_registrations s where s.pilgrim_id = ${outerTravelerId})`;

/**
 * Where the traveler in the outer query was last reported (ReportedToSchema, decision 057): the
 * Mossos file whose upload was confirmed, else the parte stored for them (not cancelled since):
 * the SES lote, or the A19 request's uuid for the Ertzaintza (decision 061); null when neither. Each reads its few rows by primary key from the ids of the
 * traveler's items (an array, never a join the planner could hash over a whole table).
 */
const reportedToJson = sql<ReportedTo | null>`coalesce((
  select json_build_object('authority', 'mossos', 'reference', u.reference,
    'at', ${isoTimestamp(sql`u.uploaded_at`)})
  from authority_uploads u
  where u.id = any(array(select ui.upload_id from authority_upload_items ui
      where ui.pilgrim_id = ${outerTravelerId}))
    and u.uploaded_at is not null
  order by u.uploaded_at desc limit 1), (
  select json_build_object('authority', s.authority, 'reference', s.lote,
    'at', ${isoTimestamp(sql`coalesce(s.processed_at, s.created_at)`)})
  from ses_submissions s
  where s.id = any(array(select si.submission_id from ses_submission_items si
      where si.pilgrim_id = ${outerTravelerId} and si.communication_code is not null
        and si.cancelled_by is null))
    and s.operation = 'A' and s.kind = 'PV'
  order by s.created_at desc limit 1))`;

/**
 * The name of the traveler's establishment, and its province and postal code (its clock), for one
 * traveler read (a list page joins the establishments instead: see apiTravelers).
 */
const establishmentSql = sql`(
  select json_build_object('name', e.name, 'province', e.province, 'postalCode', e.postal_code)
  from establishments e where e.id = ${column(pilgrims.establishmentId)})`;

/** The traveler columns as (property, database name, is a timestamp). */
const PILGRIM_FIELDS = Object.entries(getTableColumns(pilgrims)).map(
  ([key, column]) => [key, column.name, column.columnType === 'PgTimestamp'] as const,
);

/**
 * A traveler row from its `row_to_json` object, as drizzle would give it: dates stay
 * `YYYY-MM-DD`, timestamps become Dates.
 */
export function rowFromJsonObject(raw: Record<string, unknown>): TravelerDbRow {
  const row: Record<string, unknown> = {};
  for (const [key, name, timestamp] of PILGRIM_FIELDS) {
    const value = raw[name] ?? null;
    row[key] = timestamp && value !== null ? new Date(value as string) : value;
  }
  return row as TravelerDbRow;
}

/** A traveler row read as one bare `row_to_json` text, as the export reads it. */
export const rowFromJson = (json: string): TravelerDbRow =>
  rowFromJsonObject(JSON.parse(json) as Record<string, unknown>);

/**
 * A traveler row with its establishment's name and its documents' metadata, as one JSON text.
 * Decoding ~50 columns value by value (node-postgres's parsers, then drizzle's mapping; PGlite
 * likewise) took more of the server's thread than anything else in a list; one text per row is
 * parsed natively by JSON.parse instead.
 */
export const fullRow = {
  json: sql<string>`json_build_object(
    'row', row_to_json(${pilgrims}), 'establishment', ${establishmentSql},
    'documents', ${documentsJson}, 'selfRegistration', ${selfRegistrationJson},
    'reportedTo', ${reportedToJson})::text`,
};

export function fromFullRow({ json }: { json: string }): TravelerWithEstablishment {
  const raw = JSON.parse(json) as {
    row: Record<string, unknown>;
    establishment: { name: string; province: string; postalCode: string };
    documents: DocumentMeta[];
    selfRegistration: SelfRegistrationMeta | null;
    reportedTo: ReportedTo | null;
  };
  const { name, ...place } = raw.establishment;
  return {
    row: rowFromJsonObject(raw.row),
    establishmentName: name,
    establishmentPlace: place,
    documents: raw.documents,
    selfRegistration: raw.selfRegistration,
    reportedTo: raw.reportedTo,
  };
}

/**
 * The traveler as the API answers it (TravelerSchema), column by column, each named as its
 * property: what toTravelerDto makes of a row, written by the database, so that a list page needs
 * no decoding, mapping or serialising of its rows on the server's thread (about half of that
 * thread's work per list request; decision 019). `today` (a date) gives the length of stay and
 * the stay indicator, by the rules and thresholds of @hospes/shared/stay. The establishment is
 * joined (see apiTravelers). The test pilgrims.api-json.test.ts holds the two writers to the same
 * answer.
 *
 * With `islandsToday` (the Canary Islands' day, when it is not the mainland's: see listDays), each
 * traveler's stay counts to the day of its establishment's clock (decision 028).
 */
export function apiTraveler(today: SQL, islandsToday?: SQL) {
  const entry = column(pilgrims.entryDate);
  const checkOut = column(pilgrims.checkOutDate);
  const onIslands = islandsClock(
    sql.raw('"establishments"."province"'),
    sql.raw('"establishments"."postal_code"'),
  );
  /** `value` counted to the day of the traveler's establishment. */
  const byClock = (value: (day: SQL) => SQL) =>
    islandsToday
      ? sql`case when ${onIslands} then ${value(islandsToday)} else ${value(today)} end`
      : value(today);
  const seq = column(pilgrims.reportSeq);
  const T = STAY_THRESHOLDS;
  const street = column(pilgrims.addressStreet);
  const postalCode = column(pilgrims.addressPostalCode);
  const country = column(pilgrims.addressCountry);
  const as = (name: string, value: SQL) => value.as(name);
  const plain = (name: string, c: AnyPgColumn) => as(name, sql`${column(c)}`);
  return {
    id: plain('id', pilgrims.id),
    reportNumber: as(
      'reportNumber',
      sql`${column(pilgrims.reportYear)} || '/' || case when ${seq} >= 1000000 then ${seq}::text else lpad(${seq}::text, 6, '0') end`,
    ),
    source: as(
      'source',
      sql`case when ${column(pilgrims.source)} = 'import' then 'import' else 'registration' end`,
    ),
    firstName: plain('firstName', pilgrims.firstName),
    lastName: plain('lastName', pilgrims.lastName),
    secondLastName: plain('secondLastName', pilgrims.secondLastName),
    nationality: plain('nationality', pilgrims.nationality),
    documentType: plain('documentType', pilgrims.documentType),
    passportNumber: plain('passportNumber', pilgrims.documentNumber),
    documentSupportNumber: plain('documentSupportNumber', pilgrims.documentSupportNumber),
    dateOfBirth: plain('dateOfBirth', pilgrims.dateOfBirth),
    gender: plain('gender', pilgrims.gender),
    documentExpeditionDate: plain('documentExpeditionDate', pilgrims.documentExpeditionDate),
    entryDate: plain('entryDate', pilgrims.entryDate),
    checkOutDate: plain('checkOutDate', pilgrims.checkOutDate),
    language: plain('language', pilgrims.language),
    contactInfo: as(
      'contactInfo',
      sql`json_build_object('email', ${column(pilgrims.email)}, 'phone', ${column(pilgrims.phone)},
        'phone2', ${column(pilgrims.phone2)}, 'address', ${column(pilgrims.contactAddress)})`,
    ),
    address: as(
      'address',
      sql`case when ${street} is not null and ${postalCode} is not null and ${country} is not null
        then json_build_object('street', ${street},
          'complement', ${column(pilgrims.addressComplement)},
          'municipalityCode', ${column(pilgrims.addressMunicipalityCode)},
          'municipalityName', ${column(pilgrims.addressMunicipalityName)},
          'postalCode', ${postalCode}, 'country', ${country}) end`,
    ),
    kinship: plain('kinship', pilgrims.kinship),
    emergencyContact: as(
      'emergencyContact',
      sql`json_build_object('name', ${column(pilgrims.emergencyName)},
        'phone', ${column(pilgrims.emergencyPhone)},
        'relationship', ${column(pilgrims.emergencyRelationship)})`,
    ),
    stay: as(
      'stay',
      sql`json_build_object('contractReference', ${column(pilgrims.contractReference)},
        'contractDate', ${column(pilgrims.contractDate)},
        'entryDateTime', ${column(pilgrims.entryDateTime)},
        'exitDateTime', ${column(pilgrims.exitDateTime)},
        'numberOfPersons', ${column(pilgrims.numberOfPersons)},
        'numberOfRooms', ${column(pilgrims.numberOfRooms)},
        'internetBooking', ${column(pilgrims.internetBooking)},
        'paymentType', ${column(pilgrims.paymentType)},
        'paymentDate', ${column(pilgrims.paymentDate)},
        'paymentMethod', ${column(pilgrims.paymentMethod)},
        'paymentHolder', ${column(pilgrims.paymentHolder)},
        'cardExpiry', ${column(pilgrims.cardExpiry)})`,
    ),
    daysOfStay: as(
      'daysOfStay',
      byClock((today) => sql`greatest(0, coalesce(${checkOut}, ${today}) - ${entry})`),
    ),
    stayStatus: as(
      'stayStatus',
      byClock((today) => {
        const nights = sql`(${today} - ${entry})`;
        return sql`case
        when ${entry} > ${today} or ${checkOut} <= ${today} then null
        when ${nights} <= ${sql.raw(String(T.recentMaxNights))} then 'recent'
        when ${nights} >= ${sql.raw(String(T.tooLongMinNights))} and ${checkOut} is null then 'tooLong'
        when ${nights} >= ${sql.raw(String(T.longMinNights))} then 'long'
      end`;
      }),
    ),
    establishmentId: plain('establishmentId', pilgrims.establishmentId),
    establishment: as(
      'establishment',
      sql`json_build_object('id', ${column(pilgrims.establishmentId)}, 'name', ${establishments.name})`,
    ),
    documentUploads: as('documentUploads', documentsJson),
    selfRegistration: as('selfRegistration', selfRegistrationJson),
    reportedTo: as('reportedTo', reportedToJson),
    createdAt: as('createdAt', isoTimestamp(column(pilgrims.createdAt))),
    updatedAt: as('updatedAt', isoTimestamp(column(pilgrims.updatedAt))),
  };
}
