import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
  type Subquery,
} from 'drizzle-orm';
import type { DocumentKind } from '@hospes/shared/codes';
import type { ListTravelersQuery, TravelerSortField } from '@hospes/shared/travelers';
import { escapeLike, searchTerms } from '@hospes/shared/search';
import { STAY_THRESHOLDS, stayStatusBounds } from '@hospes/shared/stay';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { keepingPlan, keepPlanOf, type Db, type DatabaseKind } from '../../db/client';
import { byName, isoTimestamp } from '../../db/sql-helpers';
import {
  establishmentMembers,
  establishments,
  travelerDocuments,
  pilgrims,
  registrationKeys,
  reportCounters,
  selfRegistrations,
  type TravelerDbRow,
} from '../../db/schema';
import { establishmentOnIslands, islandsClock, type ClockDays } from '../establishments/clock';
import { deleteDocumentPhotos, keepsDocumentImages } from '../establishments/document-photos';
import { inScope, type Scope } from '../establishments/scope';
import type { DocumentMeta, TravelerValues, SelfRegistrationMeta } from './travelers.mapper';

export type NewDocument = {
  id: string;
  pilgrimId: string;
  kind: DocumentKind;
  mimeType: string;
  originalName: string;
  size: number;
  content: Buffer;
};

export type TravelerWithEstablishment = {
  row: TravelerDbRow;
  establishmentName: string;
  /** What gives the establishment's clock (establishmentTimeZone). */
  establishmentPlace: { province: string; postalCode: string };
  documents: DocumentMeta[];
  selfRegistration: SelfRegistrationMeta | null;
};

/** The list filters the repository understands (the query minus paging and sorting). */
export type TravelerFilter = Partial<
  Omit<ListTravelersQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder' | 'lng'>
>;

const SORT_COLUMNS: Record<TravelerSortField, SQL | AnyPgColumn> = {
  entryDate: pilgrims.entryDate,
  checkOutDate: pilgrims.checkOutDate,
  lastName: byName(pilgrims.lastName),
  firstName: byName(pilgrims.firstName),
  nationality: pilgrims.nationality,
  dateOfBirth: pilgrims.dateOfBirth,
  createdAt: pilgrims.createdAt,
  updatedAt: pilgrims.updatedAt,
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
const fullRow = {
  json: sql<string>`json_build_object(
    'row', row_to_json(${pilgrims}), 'establishment', ${establishmentSql},
    'documents', ${documentsJson}, 'selfRegistration', ${selfRegistrationJson})::text`,
};

function fromFullRow({ json }: { json: string }): TravelerWithEstablishment {
  const raw = JSON.parse(json) as {
    row: Record<string, unknown>;
    establishment: { name: string; province: string; postalCode: string };
    documents: DocumentMeta[];
    selfRegistration: SelfRegistrationMeta | null;
  };
  const { name, ...place } = raw.establishment;
  return {
    row: rowFromJsonObject(raw.row),
    establishmentName: name,
    establishmentPlace: place,
    documents: raw.documents,
    selfRegistration: raw.selfRegistration,
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
function apiTraveler(today: SQL, islandsToday?: SQL) {
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
    createdAt: as('createdAt', isoTimestamp(column(pilgrims.createdAt))),
    updatedAt: as('updatedAt', isoTimestamp(column(pilgrims.updatedAt))),
  };
}

/** The day a list's stay figures are counted to, bound when the list runs. */
const apiToday = sql`${sql.placeholder('today')}::date`;
/** The Canary Islands' day, where it is not the mainland's (see ListDays). */
const apiTodayIslands = sql`${sql.placeholder('todayIslands')}::date`;

/**
 * The day a list counts stays to: one for every traveler, or today by each of Spain's two clocks,
 * for each traveler by its establishment's (decision 028).
 */
export type ListDays = string | ClockDays;

/** The two clocks' days when they differ (each traveler then goes by its own), else null. */
function twoDays(today: ListDays): ClockDays | null {
  return typeof today === 'string' || today.mainland === today.islands ? null : today;
}

/** The one day every traveler counts to, when the clocks agree (see twoDays). */
const oneDay = (today: ListDays): string => (typeof today === 'string' ? today : today.mainland);

/**
 * How a value enters a list's SQL: as itself (a parameter of a one-off query), or, for a prepared
 * statement, as a named placeholder whose value is kept aside.
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;
const asValue: Bind = (_name, value) => value;

/** A Bind that puts placeholders in the SQL and collects their values in `values`. */
function placeholders(values: Record<string, unknown>): Bind {
  return (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
}

/** The nil uuid: below every other (and a stand-in value where only a statement's text counts). */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * `column >= day`, written as the row comparison `(column, id) >= (day, nil uuid)`, which is the
 * same condition (every id is at least the nil uuid; a null date matches neither) and uses the
 * same indexes. Written so, the lower bound of a date range is not paired with its upper bound
 * when PostgreSQL estimates a plan for any values: for a range whose two bounds it does not know,
 * it would guess 0.5 % of the rows and sort every match instead of reading the index in order.
 * Each bound is then guessed at a third of the rows, which leads to the plan a range needs.
 */
function onOrAfter(column: AnyPgColumn, day: unknown): SQL {
  return sql`(${column}, ${pilgrims.id}) >= (${day}::date, ${sql.raw(`'${NIL_UUID}'`)}::uuid)`;
}

/**
 * The stay indicator `status` as conditions on the dates (stayStatusBounds), its values bound as
 * `<prefix>Today`, `<prefix>RecentFrom`, …
 */
function stayConditions(
  status: NonNullable<TravelerFilter['stayStatus']>,
  b: ReturnType<typeof stayStatusBounds>,
  bind: Bind,
  prefix: string,
): SQL[] {
  const day = bind(`${prefix}Today`, b.today);
  const staying = or(isNull(pilgrims.checkOutDate), sql`${pilgrims.checkOutDate} > ${day}`)!;
  const conditions = [lte(pilgrims.entryDate, day), staying];
  if (status === 'recent')
    conditions.push(gte(pilgrims.entryDate, bind(`${prefix}RecentFrom`, b.recentFrom)));
  else if (status === 'tooLong')
    conditions.push(
      lte(pilgrims.entryDate, bind(`${prefix}TooLongTo`, b.tooLongTo)),
      isNull(pilgrims.checkOutDate),
    );
  else {
    conditions.push(
      lte(pilgrims.entryDate, bind(`${prefix}LongTo`, b.longTo)),
      or(
        isNotNull(pilgrims.checkOutDate),
        sql`${pilgrims.entryDate} > ${bind(`${prefix}TooLongTo`, b.tooLongTo)}`,
      )!,
    );
  }
  return conditions;
}

/**
 * The stay indicator filter while the Canary Islands' day is the day before the mainland's (the
 * hour after the mainland's midnight): bounds on the entry date that hold by either clock, which
 * the entry-date indexes serve as always, then the rule by the clock of each traveler's
 * establishment. Which establishments keep the islands' clock is read once per statement, from
 * those in reach (a hashed subplan), never per traveler.
 */
function stayConditionsByClock(
  scope: Scope,
  filter: TravelerFilter,
  status: NonNullable<TravelerFilter['stayStatus']>,
  days: ClockDays,
  bind: Bind,
): SQL[] {
  const mainland = stayStatusBounds(days.mainland);
  const islands = stayStatusBounds(days.islands);
  const conditions = [lte(pilgrims.entryDate, bind('stayToday', mainland.today))];
  if (status === 'recent')
    conditions.push(gte(pilgrims.entryDate, bind('stayRecentFrom', islands.recentFrom)));
  else if (status === 'tooLong')
    conditions.push(lte(pilgrims.entryDate, bind('stayTooLongTo', mainland.tooLongTo)));
  else conditions.push(lte(pilgrims.entryDate, bind('stayLongTo', mainland.longTo)));
  const establishmentId = sql.raw('"e"."id"');
  const inReach = [
    inScope(scope, establishmentId, scope.admin ? null : bind('userId', scope.userId)),
  ];
  if (filter.establishmentId)
    inReach.push(sql`${establishmentId} = ${bind('establishmentId', filter.establishmentId)}`);
  const onIslands = sql`${pilgrims.establishmentId} in (select ${establishmentId} from ${establishments} "e"
    where ${and(...inReach, establishmentOnIslands)})`;
  conditions.push(
    sql`case when ${onIslands} then ${and(...stayConditions(status, islands, bind, 'stayIslands'))}
      else ${and(...stayConditions(status, mainland, bind, 'stayMainland'))} end`,
  );
  return conditions;
}

/**
 * The WHERE conditions of a list: the scope first, then each filter that was given. The stay
 * indicator goes by `today`: see ListDays.
 */
export function listConditions(
  scope: Scope,
  filter: TravelerFilter,
  today: ListDays,
  bind: Bind = asValue,
): SQL[] {
  const conditions: SQL[] = [
    inScope(scope, pilgrims.establishmentId, scope.admin ? null : bind('userId', scope.userId)),
  ];
  const { establishmentId, nationality, documentType, gender } = filter;
  if (establishmentId)
    conditions.push(eq(pilgrims.establishmentId, bind('establishmentId', establishmentId)));
  if (nationality) conditions.push(eq(pilgrims.nationality, bind('nationality', nationality)));
  if (documentType) conditions.push(eq(pilgrims.documentType, bind('documentType', documentType)));
  if (gender) conditions.push(eq(pilgrims.gender, bind('gender', gender)));
  if (filter.entryDateFrom)
    conditions.push(onOrAfter(pilgrims.entryDate, bind('entryDateFrom', filter.entryDateFrom)));
  if (filter.entryDateTo)
    conditions.push(lte(pilgrims.entryDate, bind('entryDateTo', filter.entryDateTo)));
  if (filter.checkOutDateFrom)
    conditions.push(
      onOrAfter(pilgrims.checkOutDate, bind('checkOutDateFrom', filter.checkOutDateFrom)),
    );
  if (filter.checkOutDateTo)
    conditions.push(lte(pilgrims.checkOutDate, bind('checkOutDateTo', filter.checkOutDateTo)));
  searchTerms(filter.search).forEach((term, i) => {
    const like = (name: string, value: string) =>
      sql`${pilgrims.searchText} like ${bind(name, `%${escapeLike(value)}%`)} escape '\\'`;
    // A document number as people write it (12345678-Z, X-1234567-L) is stored without its
    // hyphens; a phone or a name keeps them, so either form matches.
    const compact = /\d/.test(term) && !term.includes('@') ? term.replace(/-/g, '') : term;
    conditions.push(
      compact === term || !compact
        ? like(`term${i}`, term)
        : sql`(${like(`term${i}`, term)} or ${like(`term${i}c`, compact)})`,
    );
  });
  if (filter.review === 'pending') {
    conditions.push(
      sql`exists (select 1 from ${selfRegistrations} where ${selfRegistrations.pilgrimId} = ${pilgrims.id} and ${selfRegistrations.status} = 'pending')`,
    );
  }
  if (filter.stayStatus) {
    const days = twoDays(today);
    conditions.push(
      ...(days
        ? stayConditionsByClock(scope, filter, filter.stayStatus, days, bind)
        : stayConditions(filter.stayStatus, stayStatusBounds(oneDay(today)), bind, 'stay')),
    );
  }
  return conditions;
}

/**
 * A list's conditions with placeholders, their values, and the key of the statement's shape: the
 * same key always renders the same SQL text, whatever the values.
 */
function listStatement(scope: Scope, filter: TravelerFilter, today: ListDays) {
  const values: Record<string, unknown> = {};
  const conditions = listConditions(scope, filter, today, placeholders(values));
  const key = [
    scope.admin ? 'admin' : 'member',
    filter.review ?? '',
    filter.stayStatus ?? '',
    ...Object.keys(values),
  ].join('|');
  // Filters whose selectivity PostgreSQL can only guess without their values: a text pattern (it
  // guesses 0.5 % of the rows) and the stay indicator (date ranges from today). A plan made for
  // any values (a generic plan) then counts on a handful of matches and sorts them all, which is
  // ruinous for a year of an albergue's guests. (Date ranges of the filters avoid this through
  // onOrAfter.)
  const valueSensitive = Boolean(filter.stayStatus) || searchTerms(filter.search).length > 0;
  return { conditions, values, key, valueSensitive };
}

/** A statement built once but sent unnamed: PostgreSQL plans it with its values every time. */
const UNNAMED = '';

/**
 * From this offset on, a page is read through a deferred join (see listPage): below it, building
 * the skipped rows costs less than planning the join.
 */
const DEFERRED_JOIN_FROM = 100;

/** Page sizes the web client and most API clients use (written into a list's SQL). */
const USUAL_PAGE_SIZES = new Set([1, 10, 20, 25, 50, 100]);

/**
 * A whole number written into the SQL text rather than bound (drizzle binds a number given to
 * limit or offset). Only for integers the code itself checked, never for input as such.
 */
function inline(n: number): Placeholder {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n)) as unknown as Placeholder;
}

/** The ORDER BY of a list: the sort column, then the id, so that pages never overlap. */
function listOrder(sortBy: TravelerSortField, sortOrder: 'asc' | 'desc'): SQL[] {
  const column = SORT_COLUMNS[sortBy];
  const direction = sortOrder === 'asc' ? asc : desc;
  return sortBy === 'checkOutDate'
    ? [sql`${column} ${sql.raw(sortOrder)} nulls last`, direction(pilgrims.id)]
    : [direction(column), direction(pilgrims.id)];
}

/**
 * Prepared statements by shape. Building and rendering a query with drizzle costs more CPU than
 * PostgreSQL spends running it; a list, a count, a traveler read and a session check are the
 * hottest requests, so each shape is built once per process (on PostgreSQL, also parsed once per
 * connection: the statements are named).
 */
export class StatementCache {
  private readonly statements = new Map<string, unknown>();
  private static sequence = 0;
  constructor(private readonly max = 500) {}

  /** The statement of this shape; `build` makes it (with this name) the first time. */
  get<T>(key: string, build: (name: string) => T): T {
    let statement = this.statements.get(key) as T | undefined;
    if (!statement) {
      if (this.statements.size >= this.max) this.statements.clear();
      statement = build(`hospes_${++StatementCache.sequence}`);
      this.statements.set(key, statement);
    }
    return statement;
  }
}

/** `kind`: where a new registration takes its report number (see numbersInTransaction). */
export function createTravelersRepository(db: Db, kind: DatabaseKind = 'pglite') {
  /**
   * Takes `count` report numbers of an establishment's series for a year and answers the first.
   * The counter row stays locked until the transaction ends, so concurrent callers (an import, a
   * traveler moved to another establishment) queue on it and a rolled-back transaction gives its
   * numbers back: the series has no gaps and no repeats. Call it inside the transaction that
   * writes the travelers.
   */
  async function allocateReportNumbers(
    establishmentId: string,
    year: number,
    count: number,
    tx: Db,
  ) {
    const [row] = await tx
      .insert(reportCounters)
      .values({ establishmentId, year, lastNumber: count })
      .onConflictDoUpdate({
        target: [reportCounters.establishmentId, reportCounters.year],
        set: { lastNumber: sql`${reportCounters.lastNumber} + ${count}` },
      })
      .returning({ last: reportCounters.lastNumber });
    return row!.last - count + 1;
  }

  const establishmentInScopeQuery = (id: string, scope: Scope, tx: Db) =>
    tx
      .select({
        id: establishments.id,
        name: establishments.name,
        keepDocumentImages: establishments.keepDocumentImages,
        province: establishments.province,
        postalCode: establishments.postalCode,
      })
      .from(establishments)
      .where(and(eq(establishments.id, id), inScope(scope, establishments.id)));

  const numberingSql = (id: string) => sql`
    with target as (
      select ${pilgrims.id}, ${pilgrims.establishmentId},
        extract(year from ${pilgrims.entryDate})::int as year
      from ${pilgrims}
      where ${pilgrims.id} = ${id} and ${pilgrims.reportSeq} is null
      for update
    ), counter as (
      insert into ${reportCounters} (establishment_id, year, last_number)
      select establishment_id, year, 1 from target
      on conflict (establishment_id, year)
      do update set last_number = ${reportCounters}.last_number + 1
      returning last_number
    )
    update ${pilgrims}
    set report_year = (select year from target), report_seq = (select last_number from counter)
    where ${pilgrims.id} in (select id from target)
    returning report_year, report_seq
  `;

  // Every registration runs these two (PGlite then keeps their plans, as it keeps its INSERTs').
  keepPlanOf(db, numberingSql(NIL_UUID));
  for (const scope of [{ admin: true }, { admin: false, userId: NIL_UUID }] as const)
    keepPlanOf(db, establishmentInScopeQuery(NIL_UUID, scope, db));

  /** `condition` within the scope, whose user id is bound when the statement runs (`userId`). */
  const inBoundScope = (scope: Scope, condition: SQL) =>
    and(condition, inScope(scope, pilgrims.establishmentId, sql.placeholder('userId')));

  /** Full rows (see fullRow) that meet `condition` within the scope, in a kept statement. */
  const rowsInScope = (name: string, scope: Scope, condition: SQL) =>
    keepingPlan(
      db,
      db.select(fullRow).from(pilgrims).where(inBoundScope(scope, condition)).prepare(name),
    );

  /**
   * The travelers `inner` selects (see apiTraveler), one JSON text per row, in `inner`'s order: a
   * subquery with an ORDER BY is not merged into the query around it, which reads it in order.
   */
  const apiJsonOf = (inner: { as: (alias: 't') => Subquery<'t', Record<string, unknown>> }) =>
    db.select({ json: sql<string>`row_to_json("t")::text` }).from(inner.as('t'));

  /**
   * Travelers as the API answers them (apiTraveler), with their establishment joined rather than
   * looked up row by row: in a plan kept for any values, PostgreSQL reads each establishment of a
   * page once (a memoised index lookup), where a subquery per row scanned a small table each time.
   * `twoClocks`: each stay counted to the day of its establishment's clock (bound `todayIslands`).
   */
  const apiTravelers = (twoClocks: boolean) =>
    db
      .select(apiTraveler(apiToday, twoClocks ? apiTodayIslands : undefined))
      .from(pilgrims)
      .leftJoin(establishments, eq(establishments.id, pilgrims.establishmentId));

  const pages = new StatementCache();
  const counts = new StatementCache();
  const reads = new StatementCache();

  return {
    /** The establishment, when the scope reaches it. */
    async establishmentInScope(id: string, scope: Scope, tx: Db = db) {
      const [row] = await establishmentInScopeQuery(id, scope, tx);
      return row ?? null;
    },

    /** Up to two establishments a user belongs to (to tell "exactly one" apart). */
    async membershipsOf(userId: string, tx: Db = db) {
      const rows = await tx
        .select({ id: establishmentMembers.establishmentId })
        .from(establishmentMembers)
        .where(eq(establishmentMembers.userId, userId))
        .limit(2);
      return rows.map((r) => r.id);
    },

    allocateReportNumbers,

    /**
     * Where a new registration takes its report number. PostgreSQL: after its commit, so the
     * counter's lock is never held across round trips (see numberIfMissing). PGlite: inside its
     * transaction, as its last statement; PGlite is one connection that runs one transaction at a
     * time, so nothing waits on the lock, and a statement after the commit would queue again
     * behind every registration waiting for the connection.
     */
    numbersInTransaction: kind === 'pglite',

    /**
     * Gives a traveler that has no report number yet the next number of its establishment's series
     * for its year of entry, in one statement outside any transaction: the traveler's row, then the
     * counter row, are locked only while PostgreSQL runs it and commits, never across a round trip
     * to the server, so concurrent registrations of one establishment wait on each other for well
     * under a millisecond, and every caller takes the two locks in the same order. The number and
     * the traveler change together or not at all (no gaps, no repeats); a traveler that is gone or
     * already numbered takes none. Answers the number, or null when there was nothing to number.
     * Used after a registration commits, and for rows inserted outside the API the first time a
     * PDF or SES file needs their number. On PGlite a registration numbers itself inside its own
     * transaction instead (`numbersInTransaction`).
     */
    async numberIfMissing(id: string, tx: Db = db) {
      const result = (await tx.execute(numberingSql(id))) as unknown as {
        rows: { report_year: number; report_seq: number }[];
      };
      const row = result.rows[0];
      return row ? { year: row.report_year, seq: row.report_seq } : null;
    },

    /** A traveler's report number as it stands, if it has one. */
    async numberOf(id: string, tx: Db = db) {
      const [row] = await tx
        .select({ year: pilgrims.reportYear, seq: pilgrims.reportSeq })
        .from(pilgrims)
        .where(eq(pilgrims.id, id));
      return row?.year != null && row.seq != null ? { year: row.year, seq: row.seq } : null;
    },

    async insert(values: TravelerValues & { id: string; createdBy: string | null }, tx: Db = db) {
      const [row] = await tx.insert(pilgrims).values(values).returning();
      return row!;
    },

    async findInScope(id: string, scope: Scope): Promise<TravelerWithEstablishment | null> {
      const statement = reads.get(scope.admin ? 'admin' : 'member', (name) =>
        rowsInScope(name, scope, eq(pilgrims.id, sql.placeholder('id'))),
      );
      const [found] = await statement.execute({ id, userId: scope.admin ? null : scope.userId });
      return found ? fromFullRow(found) : null;
    },

    async lockInScope(id: string, scope: Scope, tx: Db = db): Promise<TravelerDbRow | null> {
      const [row] = await tx
        .select()
        .from(pilgrims)
        .where(and(eq(pilgrims.id, id), inScope(scope, pilgrims.establishmentId)))
        .for('update');
      return row ?? null;
    },

    async update(id: string, scope: Scope, values: TravelerValues, tx: Db = db) {
      const [row] = await tx
        .update(pilgrims)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(pilgrims.id, id), inScope(scope, pilgrims.establishmentId)))
        .returning();
      return row ?? null;
    },

    /** Deletes the travelers among `ids` that the scope reaches; what was deleted. */
    async deleteInScope(ids: string[], scope: Scope, tx: Db = db) {
      if (ids.length === 0) return [];
      return tx
        .delete(pilgrims)
        .where(and(inArray(pilgrims.id, ids), inScope(scope, pilgrims.establishmentId)))
        .returning({ id: pilgrims.id, establishmentId: pilgrims.establishmentId });
    },

    /**
     * One page of a filtered, sorted list, read so that PostgreSQL rarely has to plan it again.
     *
     * - Equalities and date ranges (see onOrAfter): one named statement per shape and usual page
     *   size (written into the SQL), which PostgreSQL may plan once for any values. Near the start
     *   of a list the page is read directly; deeper, through a deferred join (the page's ids from
     *   the narrow index order alone, then the full rows for those ids), so the rows skipped by the
     *   offset are never built.
     * - Value-sensitive filters (see listStatement): the page's ids from an unnamed statement,
     *   planned with the real values every time (one table: cheap to plan), then the full rows by
     *   id from a named statement whose one plan suits every page.
     *
     * Each traveler comes as the API answers it (apiTraveler), as JSON text, its stay counted to
     * `today` (by its establishment's clock, in the hour when Spain's two clocks are on different
     * days: see ListDays; those statements are shapes of their own).
     */
    async listPage(
      scope: Scope,
      filter: TravelerFilter,
      page: { page: number; limit: number; sortBy: TravelerSortField; sortOrder: 'asc' | 'desc' },
      today: ListDays,
    ): Promise<string[]> {
      const { conditions, values, key, valueSensitive } = listStatement(scope, filter, today);
      const clockDays = twoDays(today);
      const twoClocks = clockDays !== null;
      const days = clockDays
        ? { today: clockDays.mainland, todayIslands: clockDays.islands }
        : { today: oneDay(today) };
      const clocks = twoClocks ? '|twoClocks' : '';
      const sort = `${page.sortBy}|${page.sortOrder}`;
      const order = () => listOrder(page.sortBy, page.sortOrder);
      const offset = (page.page - 1) * page.limit;
      const pageIds = (limit: Placeholder, skip: Placeholder) =>
        db
          .select({ id: pilgrims.id })
          .from(pilgrims)
          .where(and(...conditions))
          .orderBy(...order())
          .limit(limit)
          .offset(skip);

      if (valueSensitive) {
        const idsStatement = pages.get(`ids|${key}|${sort}`, () =>
          pageIds(sql.placeholder('limit'), sql.placeholder('offset')).prepare(UNNAMED),
        );
        const ids = await idsStatement.execute({ ...values, limit: page.limit, offset });
        if (ids.length === 0) return [];
        // The scope again: a membership revoked between the two statements takes effect here.
        const rowsStatement = pages.get(
          `rows|${scope.admin ? 'admin' : 'member'}|${sort}${clocks}`,
          (name) =>
            keepingPlan(
              db,
              apiJsonOf(
                apiTravelers(twoClocks)
                  .where(
                    inBoundScope(
                      scope,
                      sql`${pilgrims.id} = any(${sql.placeholder('ids')}::uuid[])`,
                    ),
                  )
                  .orderBy(...order()),
              ).prepare(name),
            ),
        );
        const rows = await rowsStatement.execute({
          ids: ids.map((r) => r.id),
          userId: scope.admin ? null : scope.userId,
          ...days,
        });
        return rows.map((r) => r.json);
      }

      const deferred = offset >= DEFERRED_JOIN_FROM;
      const form = deferred ? 'deferred' : offset === 0 ? 'first' : 'direct';
      // The usual page sizes are written into the SQL; any other is bound, so that clients cannot
      // multiply the statements kept per connection.
      const usualSize = USUAL_PAGE_SIZES.has(page.limit);
      const shape = `${form}|${key}|${sort}|${usualSize ? page.limit : 'bound'}${clocks}`;
      const statement = pages.get(shape, (name) => {
        const rows = apiTravelers(twoClocks);
        const size = usualSize ? inline(page.limit) : sql.placeholder('limit');
        // A first page's offset is written into the SQL too, so its plan does not depend on it.
        const skip = form === 'first' ? inline(0) : sql.placeholder('offset');
        const where = deferred ? inArray(pilgrims.id, pageIds(size, skip)) : and(...conditions);
        const query = rows.where(where).orderBy(...order());
        return keepingPlan(
          db,
          apiJsonOf(deferred ? query : query.limit(size).offset(skip)).prepare(name),
        );
      });
      const rows = await statement.execute({ ...values, limit: page.limit, offset, ...days });
      return rows.map((r) => r.json);
    },

    /** How many travelers match a list's filters. */
    async count(scope: Scope, filter: TravelerFilter, today: ListDays): Promise<number> {
      const { conditions, values, key } = listStatement(scope, filter, today);
      const statement = counts.get(key, () =>
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(pilgrims)
          .where(and(...conditions))
          .prepare(UNNAMED),
      );
      const [row] = await statement.execute(values);
      return row?.total ?? 0;
    },

    /** The traveler a user registered with this key (see registrationKeys), if any. */
    async registeredWithKey(
      userId: string,
      key: string,
      tx: Db = db,
    ): Promise<{ pilgrimId: string; requestHash: string | null } | null> {
      const [row] = await tx
        .select({
          pilgrimId: registrationKeys.pilgrimId,
          requestHash: registrationKeys.requestHash,
        })
        .from(registrationKeys)
        .where(and(eq(registrationKeys.userId, userId), eq(registrationKeys.key, key)));
      return row ?? null;
    },

    /**
     * Records the key of a registration, in its transaction; false when the user's key is taken
     * already. A concurrent registration with the same key waits here until the other commits or
     * rolls back.
     */
    async recordRegistrationKey(
      values: { userId: string; key: string; pilgrimId: string; requestHash: string },
      tx: Db,
    ): Promise<boolean> {
      const rows = await tx
        .insert(registrationKeys)
        .values(values)
        .onConflictDoNothing()
        .returning({ key: registrationKeys.key });
      return rows.length === 1;
    },

    /** Stores a new traveler's documents, in one statement. */
    async insertDocuments(values: NewDocument[], tx: Db = db) {
      if (values.length === 0) return;
      await tx.insert(travelerDocuments).values(values);
    },

    /** Stores a document, replacing the traveler's previous one of the same kind. */
    async putDocument(values: NewDocument, tx: Db = db) {
      await tx
        .delete(travelerDocuments)
        .where(
          and(
            eq(travelerDocuments.pilgrimId, values.pilgrimId),
            eq(travelerDocuments.kind, values.kind),
          ),
        );
      await tx.insert(travelerDocuments).values(values);
    },

    /** Whether an establishment keeps photos of documents, under a share lock (see there). */
    keepsDocumentImages: (establishmentId: string, tx: Db) =>
      keepsDocumentImages(tx, establishmentId),

    /** Deletes the traveler's photos of the identity document (see there). */
    deleteDocumentPhotos: (pilgrimId: string, tx: Db) => deleteDocumentPhotos(tx, [pilgrimId]),

    /** A document with its (encrypted) bytes, when its traveler is in scope. */
    async findDocumentInScope(pilgrimId: string, documentId: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({
          id: travelerDocuments.id,
          kind: travelerDocuments.kind,
          mimeType: travelerDocuments.mimeType,
          originalName: travelerDocuments.originalName,
          content: travelerDocuments.content,
          establishmentId: pilgrims.establishmentId,
        })
        .from(travelerDocuments)
        .innerJoin(pilgrims, eq(pilgrims.id, travelerDocuments.pilgrimId))
        .where(
          and(
            eq(travelerDocuments.id, documentId),
            eq(travelerDocuments.pilgrimId, pilgrimId),
            inScope(scope, pilgrims.establishmentId),
          ),
        );
      return row ?? null;
    },
  };
}
export type TravelersRepository = ReturnType<typeof createTravelersRepository>;
