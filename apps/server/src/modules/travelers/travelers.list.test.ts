/**
 * The traveler list reads a page in one of several ways (pilgrims.repository.ts listPage): a first
 * page, a shallow page, a deep page through a deferred join, and, for filters whose selectivity
 * depends on their values, ids first and rows by id. Each must give exactly the rows and order of
 * the rule "filters, then the sort column, then the id", on every page, and keep doing so once
 * PostgreSQL has seen a statement often enough to keep one plan for it (after five executions).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '@hospes/shared/dates';
import { ListTravelersQuerySchema, type Traveler } from '@hospes/shared/travelers';
import { stayStatus } from '@hospes/shared/stay';
import { createAdminSession } from '../../../test/accounts';
import {
  bearer,
  createTestContext,
  travelersServiceWith,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let other: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let adminToken: string;
let admin: Awaited<ReturnType<typeof createAdminSession>>;

interface Seeded {
  id: string;
  establishmentId: string;
  lastName: string;
  nationality: string;
  entryDate: string;
  checkOutDate: string | null;
  searchText: string;
}
let rows: Seeded[] = [];

const TRAVELERS = 260;
const LAST_NAMES = ['garcia', 'smith', 'muller', 'rossi', 'dubois', 'nunez', 'kowalska'];
const NATIONALITIES = ['ESP', 'DEU', 'FRA', 'USA'];
const BASE = '2025-01-01';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdminSession(ctx);
  adminToken = admin.token;
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
  // Many travelers share an entry date, so the id decides their order: pages must never overlap.
  await ctx.database.db.execute(sql`
    insert into pilgrims (
      establishment_id, first_name, last_name, nationality, document_type, document_number,
      date_of_birth, gender, document_expedition_date, entry_date, check_out_date, language, email,
      phone, emergency_name, emergency_phone, emergency_relationship, search_text
    )
    select
      case when g % 5 = 0 then ${other.establishmentId}::uuid else ${owner.establishmentId}::uuid end,
      'Traveler',
      (${sql.raw(`array[${LAST_NAMES.map((n) => `'${n}'`).join(',')}]`)})[1 + (g % 7)],
      (${sql.raw(`array[${NATIONALITIES.map((n) => `'${n}'`).join(',')}]`)})[1 + (g % 4)],
      'P', 'PA' || lpad(g::text, 7, '0'), date '1980-01-01' + g, 'F', date '2020-01-01',
      ${BASE}::date + (g % 40),
      case when g % 3 = 0 then null else ${BASE}::date + (g % 40) + 1 + (g % 6) end,
      'es', 'traveler' || g || '@example.com', '+34 600 000 000', 'Contact', '+34 600 000 001',
      'family',
      (${sql.raw(`array[${LAST_NAMES.map((n) => `'${n}'`).join(',')}]`)})[1 + (g % 7)] || ' pa' || lpad(g::text, 7, '0')
    from generate_series(1, ${TRAVELERS}) as g
  `);
  const result = (await ctx.database.db.execute(sql`
    select id, establishment_id, last_name, nationality, entry_date::text, check_out_date::text,
      search_text from pilgrims
  `)) as unknown as { rows: Record<string, string | null>[] };
  rows = result.rows.map((r) => ({
    id: r.id!,
    establishmentId: r.establishment_id!,
    lastName: r.last_name!,
    nationality: r.nationality!,
    entryDate: r.entry_date!,
    checkOutDate: r.check_out_date ?? null,
    searchText: r.search_text!,
  }));
  expect(rows).toHaveLength(TRAVELERS);
});
afterAll(async () => {
  await ctx?.close();
});

type Sort = { sortBy: 'entryDate' | 'lastName' | 'checkOutDate'; sortOrder: 'asc' | 'desc' };

/** The rule, computed here from the rows themselves. */
function expected(match: (r: Seeded) => boolean, sort: Sort): string[] {
  const dir = sort.sortOrder === 'asc' ? 1 : -1;
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows
    .filter(match)
    .sort((a, b) => {
      if (sort.sortBy === 'checkOutDate') {
        // nulls last whatever the direction
        if (a.checkOutDate === null || b.checkOutDate === null) {
          if (a.checkOutDate !== b.checkOutDate) return a.checkOutDate === null ? 1 : -1;
        } else if (a.checkOutDate !== b.checkOutDate)
          return dir * cmp(a.checkOutDate, b.checkOutDate);
      } else {
        const key = sort.sortBy === 'lastName' ? 'lastName' : 'entryDate';
        if (a[key] !== b[key]) return dir * cmp(a[key], b[key]);
      }
      return dir * cmp(a.id, b.id);
    })
    .map((r) => r.id);
}

async function page(token: string, query: string, sort: Sort, n: number, limit: number) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/pilgrims?${query}&sortBy=${sort.sortBy}&sortOrder=${sort.sortOrder}&page=${n}&limit=${limit}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const json = res.json() as { data: Traveler[]; pagination: { total: number } };
  return { ids: json.data.map((p) => p.id), total: json.pagination.total };
}

const mine = (r: Seeded) => r.establishmentId === owner.establishmentId;
const FILTERS: { name: string; query: string; match: (r: Seeded) => boolean; admin?: boolean }[] = [
  { name: 'no filter (the caller’s establishment)', query: '', match: mine },
  {
    name: 'an establishment and a nationality',
    query: `establishmentId=${'OWNER'}&nationality=FRA`,
    match: (r) => mine(r) && r.nationality === 'FRA',
  },
  {
    name: 'an entry-date range',
    query: 'entryDateFrom=2025-01-05&entryDateTo=2025-01-30',
    match: (r) => mine(r) && r.entryDate >= '2025-01-05' && r.entryDate <= '2025-01-30',
  },
  {
    name: 'the stay indicator (value-sensitive)',
    query: 'stayStatus=tooLong',
    match: (r) => mine(r) && stayStatus(r.entryDate, r.checkOutDate, todayIso()) === 'tooLong',
  },
  {
    name: 'a text search (value-sensitive)',
    query: 'search=nunez',
    match: (r) => mine(r) && r.searchText.includes('nunez'),
  },
  {
    name: 'a text search for one document number (the trigram index)',
    query: 'search=PA0000123',
    match: (r) => mine(r) && r.searchText.includes('pa0000123'),
  },
  {
    name: 'an admin, every establishment',
    query: '',
    match: () => true,
    admin: true,
  },
  {
    name: 'an admin, check-out range and nationality',
    query: 'checkOutDateFrom=2025-01-03&checkOutDateTo=2025-02-20&nationality=ESP',
    match: (r) =>
      r.nationality === 'ESP' &&
      r.checkOutDate !== null &&
      r.checkOutDate >= '2025-01-03' &&
      r.checkOutDate <= '2025-02-20',
    admin: true,
  },
];
const SORTS: Sort[] = [
  { sortBy: 'entryDate', sortOrder: 'desc' },
  { sortBy: 'lastName', sortOrder: 'asc' },
  { sortBy: 'checkOutDate', sortOrder: 'asc' },
];

describe('GET /api/pilgrims: every way of reading a page gives the same rows', () => {
  for (const filter of FILTERS) {
    for (const sort of SORTS) {
      it(`${filter.name}, by ${sort.sortBy} ${sort.sortOrder}`, async () => {
        const token = filter.admin ? adminToken : owner.token;
        const query = filter.query.replace('OWNER', owner.establishmentId);
        const all = expected(filter.match, sort);
        expect(all.length).toBeGreaterThan(0);
        // Page size 7 (bound as a parameter): pages 1 (first), 2–14 (shallow), 15 on (offset
        // ≥ 100: deferred). Page size 10 (written into the SQL): 1, 2–10, 11 on.
        for (const limit of [7, 10]) {
          const seen: string[] = [];
          for (let n = 1; n <= Math.ceil(all.length / limit) + 1; n++) {
            const got = await page(token, query, sort, n, limit);
            expect(got.ids, `page ${n} of ${limit}`).toEqual(all.slice((n - 1) * limit, n * limit));
            expect(got.total).toBe(all.length);
            seen.push(...got.ids);
          }
          expect(seen).toEqual(all);
        }
      });
    }
  }

  it('keeps the right rows when one statement runs many times with other values', async () => {
    // PostgreSQL may keep one plan for a named statement after five executions; the answers must
    // not change when it does, whatever the values.
    const sort: Sort = { sortBy: 'entryDate', sortOrder: 'desc' };
    for (let i = 0; i < 8; i++) {
      for (const nationality of NATIONALITIES) {
        const from = addDays(BASE, i * 3);
        const to = addDays(from, 4 + i);
        const ranged = await page(
          owner.token,
          `entryDateFrom=${from}&entryDateTo=${to}`,
          sort,
          1,
          5,
        );
        expect(ranged.ids).toEqual(
          expected((r) => mine(r) && r.entryDate >= from && r.entryDate <= to, sort).slice(0, 5),
        );
        const byNationality = await page(adminToken, `nationality=${nationality}`, sort, 1 + i, 5);
        expect(byNationality.ids).toEqual(
          expected((r) => r.nationality === nationality, sort).slice(i * 5, i * 5 + 5),
        );
      }
    }
  });

  it('counts a filter once for requests that need the count at the same time, and again after a write', async () => {
    let counted = 0;
    const service = await travelersServiceWith(ctx, (repository) => ({
      count: (...args: Parameters<typeof repository.count>) => {
        counted++;
        return repository.count(...args);
      },
    }));
    const actor = {
      id: admin.userId,
      sessionId: 's',
      role: 'admin' as const,
      name: 'A',
      email: 'a@example.com',
    };
    const query = ListTravelersQuerySchema.parse({ nationality: 'DEU', limit: '5' });
    const expectedTotal = rows.filter((r) => r.nationality === 'DEU').length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => service.list(actor, query)));
    expect(answers.map((a) => a.total)).toEqual(Array(6).fill(expectedTotal));
    expect(counted).toBe(1);
    // Kept: no new count for the same filter.
    expect((await service.list(actor, query)).total).toBe(expectedTotal);
    expect(counted).toBe(1);
    // A write through the service drops what was kept.
    const gone = rows.findIndex((r) => r.nationality === 'DEU');
    await service.remove(actor, rows[gone]!.id, {
      actorId: admin.userId,
      requestId: null,
      ip: null,
    });
    rows.splice(gone, 1);
    expect((await service.list(actor, query)).total).toBe(expectedTotal - 1);
    expect(counted).toBe(2);
  });

  it('answers an empty page past the end and for a filter that matches nothing', async () => {
    const sort: Sort = { sortBy: 'entryDate', sortOrder: 'desc' };
    expect((await page(owner.token, '', sort, 1000, 10)).ids).toEqual([]);
    const none = await page(
      owner.token,
      `entryDateFrom=${todayIso()}&entryDateTo=${todayIso()}`,
      sort,
      1,
      10,
    );
    expect(none).toEqual({ ids: [], total: 0 });
    expect((await page(owner.token, 'search=nobody-by-this-name', sort, 30, 10)).ids).toEqual([]);
  });
});
