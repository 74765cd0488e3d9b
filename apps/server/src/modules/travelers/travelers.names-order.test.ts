/**
 * Travelers sorted by name come in the order people read names (decision 029): accents and case
 * after the letter, Ñ beside N, whatever collation the database was created with (PGlite's is C,
 * the test PostgreSQL's C.UTF-8, where a byte-wise order put Álvarez and Ñúñez after Zamora).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Traveler } from '@hospes/shared/travelers';
import { createAdminSession } from '../../../test/accounts';
import { travelerBody } from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let other: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let adminToken: string;

/** Registered in this order, which is neither order of the list. */
const TRAVELERS = [
  { lastName: 'Zamora', firstName: 'Émile' },
  { lastName: 'Oliva', firstName: 'oscar' },
  { lastName: 'Álvarez', firstName: 'Zoe' },
  { lastName: 'ÖZIL', firstName: 'Íñigo' },
  { lastName: 'alonso', firstName: 'Óscar' },
  { lastName: 'Ñúñez', firstName: 'ana' },
  { lastName: 'Oliva', firstName: 'Ángela' },
  { lastName: 'Nuñez', firstName: 'emma' },
  { lastName: 'ozil', firstName: 'Ignacio' },
  { lastName: 'Nunez', firstName: 'Andrés' },
];
/** Each traveler's id, in the order of TRAVELERS. */
const ids: string[] = [];

/** The two Olivas, by id: the id decides between equal names. */
const olivas = () => [ids[1]!, ids[6]!].sort();

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await createAdminSession(ctx)).token;
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
  for (const names of TRAVELERS) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/pilgrims',
      headers: bearer(owner.token),
      payload: travelerBody(owner.establishmentId, {
        ...names,
        contactInfo: { email: 'orden.nombres@example.es', phone: '+34 600 111 222' },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json<{ data: Traveler }>().data.id);
  }
});
afterAll(async () => {
  await ctx?.close();
});

async function list(query: string, token = owner.token) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/pilgrims?${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Traveler[] }>().data;
}

const lastNames = (rows: Traveler[]) => rows.map((p) => p.lastName);

const BY_LAST_NAME = [
  'alonso',
  'Álvarez',
  'Nunez',
  'Nuñez',
  'Ñúñez',
  'Oliva',
  'Oliva',
  'ozil',
  'ÖZIL',
  'Zamora',
];

describe('GET /api/pilgrims sorted by name', () => {
  it('sorts last names with accents and case after the letter, and Ñ beside N', async () => {
    const asc = await list('sortBy=lastName&sortOrder=asc&limit=100');
    expect(lastNames(asc)).toEqual(BY_LAST_NAME);
    expect(asc.filter((p) => p.lastName === 'Oliva').map((p) => p.id)).toEqual(olivas());

    const desc = await list('sortBy=lastName&sortOrder=desc&limit=100');
    expect(desc.map((p) => p.id)).toEqual(asc.map((p) => p.id).reverse());
  });

  it('sorts first names the same way', async () => {
    const asc = await list('sortBy=firstName&sortOrder=asc&limit=100');
    expect(asc.map((p) => p.firstName)).toEqual([
      'ana',
      'Andrés',
      'Ángela',
      'Émile',
      'emma',
      'Ignacio',
      'Íñigo',
      'oscar',
      'Óscar',
      'Zoe',
    ]);
  });

  it('keeps the order page after page, and through a search', async () => {
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++)
      pages.push(...lastNames(await list(`sortBy=lastName&sortOrder=asc&limit=3&page=${page}`)));
    expect(pages).toEqual(BY_LAST_NAME);

    // A text search reads the page's ids first, then their rows (pilgrims.repository listPage).
    const found = await list('search=orden.nombres&sortBy=lastName&sortOrder=asc&limit=7');
    expect(lastNames(found)).toEqual(BY_LAST_NAME.slice(0, 7));
  });

  it('gives an administrator the same order, deep pages included', async () => {
    // A hundred travelers elsewhere whose names come first ("Aa001" before "alonso"): the
    // administrator's eleventh page of ten (offset 100) is read through the deferred join.
    await ctx.database.db.execute(sql`
      insert into pilgrims (
        establishment_id, first_name, last_name, nationality, document_type, document_number,
        date_of_birth, gender, document_expedition_date, entry_date, check_out_date, language,
        email, phone, emergency_name, emergency_phone, emergency_relationship, search_text
      )
      select ${other.establishmentId}::uuid, 'Traveler', 'Aa' || lpad(g::text, 3, '0'), 'FRA',
        'P', 'PA' || lpad(g::text, 7, '0'), date '1980-01-01', 'F', date '2020-01-01',
        date '2026-03-01', date '2026-03-02', 'fr', 'traveler' || g || '@example.com',
        '+33 600 000 000', 'Contact', '+33 600 000 001', 'family', 'aa' || g
      from generate_series(1, 100) as g
    `);
    const eleventh = await list('sortBy=lastName&sortOrder=asc&limit=10&page=11', adminToken);
    expect(lastNames(eleventh)).toEqual(BY_LAST_NAME);
    const first = await list('sortBy=lastName&sortOrder=desc&limit=10', adminToken);
    expect(lastNames(first)).toEqual([...BY_LAST_NAME].reverse());
    const tenth = await list('sortBy=lastName&sortOrder=asc&limit=10&page=10', adminToken);
    expect(lastNames(tenth)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Aa${String(91 + i).padStart(3, '0')}`),
    );
  });
});
