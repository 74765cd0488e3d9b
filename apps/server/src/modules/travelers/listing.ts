/**
 * A page of the traveler list (GET /api/pilgrims, GET /api/establishments/{id}/pilgrims): the
 * filters picked from the query, the page as the database wrote it, and its total, counted only
 * when the page cannot tell it (and then kept a few seconds: traveler-counts).
 */
import { reportingAuthority } from '@hospes/shared/provinces';
import {
  preflightRulesOf,
  savedTravelerProblems,
  type PreflightRules,
} from '@hospes/shared/traveler-preflight';
import { inArray } from 'drizzle-orm';
import { establishments } from '../../db/schema';
import type { ListTravelersQuery, Traveler } from '@hospes/shared/travelers';
import type { Db } from '../../db/client';
import { isUuid, type Scope } from '../../db/scope';
import { clockDays } from '../establishments';
import type { ListDays, TravelerFilter } from './list-query';
import type { TravelerCounts } from './traveler-counts';
import type { TravelersRepository } from './travelers.repository';

/** Travelers read at a time when the list filters on the pre-flight. */
const SCAN_CHUNK = 500;

export function createTravelerListing(deps: {
  db: Db;
  pilgrims: Pick<
    TravelersRepository,
    'listPage' | 'count' | 'establishmentInScope' | 'memberEstablishmentIds'
  >;
  counts: TravelerCounts;
  now: () => Date;
}) {
  const { db, pilgrims, counts, now } = deps;

  function countMatches(scope: Scope, filter: TravelerFilter, day: ListDays): Promise<number> {
    const key = JSON.stringify([scope, filter, filter.stayStatus ? day : null]);
    return counts.get(key, () => pilgrims.count(scope, filter, day));
  }

  async function list(
    scope: Scope,
    query: TravelerFilter,
    page: Pick<ListTravelersQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'>,
  ) {
    // Each traveler's stay counts to its establishment's day (decision 028): the Canary Islands'
    // is the mainland's but for an hour, when the database picks it by the row's establishment.
    const day = clockDays(now());
    const {
      search,
      establishmentId,
      nationality,
      documentType,
      gender,
      entryDateFrom,
      entryDateTo,
      checkOutDateFrom,
      checkOutDateTo,
      stayStatus,
      review,
    } = query;
    const filter: TravelerFilter = {
      search,
      establishmentId,
      nationality,
      documentType,
      gender,
      entryDateFrom,
      entryDateTo,
      checkOutDateFrom,
      checkOutDateTo,
      stayStatus,
      review,
    };
    // A member of one establishment (most owners and all staff) who chose none lists that one:
    // the same statement, and plan, as when it is chosen (issue #30). Asked as "the establishments
    // of my memberships", PostgreSQL cannot know they are one, and read and sorted all of the
    // owner's travelers (or the whole entry-date index) for every page. The scope stays in the SQL.
    if (!scope.admin && !filter.establishmentId) {
      const reached = await pilgrims.memberEstablishmentIds(scope.userId);
      if (reached.length === 0) return { data: [], total: 0 };
      if (reached.length === 1) filter.establishmentId = reached[0];
    }
    if (query.parte === 'unreportable') return unreportable(scope, filter, page, day);
    const rows = await pilgrims.listPage(scope, filter, page, day);
    const offset = (page.page - 1) * page.limit;
    // A page that is not full (and not past the end) tells the total without counting.
    const total =
      rows.length < page.limit && (rows.length > 0 || page.page === 1)
        ? offset + rows.length
        : await countMatches(scope, filter, day);
    // Each traveler as JSON text the database wrote (see traveler-json's apiTraveler).
    return { data: rows, total };
  }

  /**
   * The page of those the parte's pre-flight refuses (decision 048): its rules are the shared
   * code's, not SQL, so the travelers matching the other filters are read in the list's order, in
   * chunks, each checked, and the page cut from those refused; the total is theirs.
   */
  async function unreportable(
    scope: Scope,
    filter: TravelerFilter,
    page: Pick<ListTravelersQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'>,
    day: ListDays,
  ) {
    const from = (page.page - 1) * page.limit;
    const data: string[] = [];
    let total = 0;
    // A Basque establishment's travelers are checked by the Ertzaintza's A19 rules (decision 056),
    // a Catalan one's by the Mossos file's (decision 061).
    const rules = new Map<string, PreflightRules>();
    const rulesOf = async (ids: string[]) => {
      const missing = [...new Set(ids)].filter((id) => !rules.has(id));
      if (missing.length === 0) return;
      const found = await db
        .select({
          id: establishments.id,
          authority: establishments.authority,
          province: establishments.province,
          postalCode: establishments.postalCode,
        })
        .from(establishments)
        .where(inArray(establishments.id, missing));
      for (const e of found) rules.set(e.id, preflightRulesOf(reportingAuthority(e)));
    };
    for (let chunk = 1; ; chunk++) {
      const rows = await pilgrims.listPage(
        scope,
        filter,
        { page: chunk, limit: SCAN_CHUNK, sortBy: page.sortBy, sortOrder: page.sortOrder },
        day,
      );
      const travelers = rows.map((row) => JSON.parse(row) as Traveler);
      await rulesOf(travelers.map((t) => t.establishmentId));
      for (const [i, row] of rows.entries()) {
        const traveler = travelers[i]!;
        if (savedTravelerProblems(traveler, rules.get(traveler.establishmentId)).length === 0)
          continue;
        if (total >= from && data.length < page.limit) data.push(row);
        total += 1;
      }
      if (rows.length < SCAN_CHUNK) break;
    }
    return { data, total };
  }

  async function reachable(scope: Scope, establishmentId: string) {
    return (
      isUuid(establishmentId) && !!(await pilgrims.establishmentInScope(establishmentId, scope, db))
    );
  }

  return { list, reachable };
}
