/**
 * The traveler list's SQL: its filters as WHERE conditions (also the export's: the file holds
 * what the list shows), its order, and the statements kept per shape (decision 019).
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { ListTravelersQuery, TravelerSortField } from '@hospes/shared/travelers';
import { escapeLike, searchTerms } from '@hospes/shared/search';
import { stayStatusBounds } from '@hospes/shared/stay';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { byName } from '../../db/sql-helpers';
import { establishments, pilgrims, selfRegistrations } from '../../db/schema';
import { establishmentOnIslands, type ClockDays } from '../establishments';
import { inScope, scopePermission, type Scope } from '../../db/scope';

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

/** The day a list's stay figures are counted to, bound when the list runs. */
export const apiToday = sql`${sql.placeholder('today')}::date`;
/** The Canary Islands' day, where it is not the mainland's (see ListDays). */
export const apiTodayIslands = sql`${sql.placeholder('todayIslands')}::date`;

/**
 * The day a list counts stays to: one for every traveler, or today by each of Spain's two clocks,
 * for each traveler by its establishment's (decision 028).
 */
export type ListDays = string | ClockDays;

/** The two clocks' days when they differ (each traveler then goes by its own), else null. */
export function twoDays(today: ListDays): ClockDays | null {
  return typeof today === 'string' || today.mainland === today.islands ? null : today;
}

/** The one day every traveler counts to, when the clocks agree (see twoDays). */
export const oneDay = (today: ListDays): string =>
  typeof today === 'string' ? today : today.mainland;

/**
 * How a value enters a list's SQL: as itself (a parameter of a one-off query), or, for a prepared
 * statement, as a named placeholder whose value is kept aside.
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;

/** The scope's user id and permission as parameters of a kept statement. */
const boundScope = (scope: Scope, bind: Bind) =>
  scope.admin
    ? undefined
    : {
        userId: bind('userId', scope.userId),
        permission: bind('permission', scopePermission(scope)),
      };
const asValue: Bind = (_name, value) => value;

/** A Bind that puts placeholders in the SQL and collects their values in `values`. */
function placeholders(values: Record<string, unknown>): Bind {
  return (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
}

/** The nil uuid: below every other (and a stand-in value where only a statement's text counts). */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

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
  const inReach = [inScope(scope, establishmentId, boundScope(scope, bind))];
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
  const conditions: SQL[] = [inScope(scope, pilgrims.establishmentId, boundScope(scope, bind))];
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
export function listStatement(scope: Scope, filter: TravelerFilter, today: ListDays) {
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
export const UNNAMED = '';

/**
 * From this offset on, a page is read through a deferred join (see listPage): below it, building
 * the skipped rows costs less than planning the join.
 */
export const DEFERRED_JOIN_FROM = 100;

/** Page sizes the web client and most API clients use (written into a list's SQL). */
export const USUAL_PAGE_SIZES = new Set([1, 10, 20, 25, 50, 100]);

/**
 * A whole number written into the SQL text rather than bound (drizzle binds a number given to
 * limit or offset). Only for integers the code itself checked, never for input as such.
 */
export function inline(n: number): Placeholder {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n)) as unknown as Placeholder;
}

/** The ORDER BY of a list: the sort column, then the id, so that pages never overlap. */
export function listOrder(sortBy: TravelerSortField, sortOrder: 'asc' | 'desc'): SQL[] {
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

  /** How many statements it holds (at most `max`: past it, it starts again empty). */
  get size(): number {
    return this.statements.size;
  }

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
