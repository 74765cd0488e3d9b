/**
 * Establishments are listed by name in the order people read names (decision 029): the admin list
 * and the establishment selector (a user's own establishments), whatever collation the database
 * was created with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession, createUserSession } from '../../../test/accounts';
import { randomCif } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
let adminToken: string;
let owner: Awaited<ReturnType<typeof createUserSession>>;

/** Created in this order, which is not the list's. */
const NAMES = ['Zamora', 'Oliva', 'Álvarez', 'alonso', 'Ñúñez', 'Nuñez', 'Oliva'];
const BY_NAME = ['alonso', 'Álvarez', 'Nuñez', 'Ñúñez', 'Oliva', 'Oliva', 'Zamora'];
/** Each establishment's id, in the order of NAMES. */
const ids: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await createAdminSession(ctx)).token;
  owner = await createUserSession(ctx);
  for (const name of NAMES) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/establishments',
      headers: bearer(owner.token),
      payload: {
        name,
        type: 'hostel',
        nif: randomCif(),
        address: 'Rúa Maior 79',
        city: 'Sarria',
        province: 'Lugo',
        postalCode: '27600',
        phone: '+34 982 000 000',
        contactName: 'Xosé Pérez',
        contactEmail: 'albergue@example.es',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json<{ data: { id: string } }>().data.id);
  }
});
afterAll(async () => {
  await ctx?.close();
});

async function names(url: string, token: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: string; name: string }[] }>().data;
}

/** The two Olivas, by id: the id decides between equal names. */
const olivas = () => [ids[1]!, ids[6]!].sort();

describe('establishments sorted by name', () => {
  it('GET /api/establishments (admin) puts accents and case after the letter, Ñ beside N', async () => {
    const all = await names('/api/establishments?limit=100', adminToken);
    expect(all.map((e) => e.name)).toEqual(BY_NAME);
    expect(all.filter((e) => e.name === 'Oliva').map((e) => e.id)).toEqual(olivas());

    const pages = [
      ...(await names('/api/establishments?limit=4&page=1', adminToken)),
      ...(await names('/api/establishments?limit=4&page=2', adminToken)),
    ];
    expect(pages.map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('GET /api/establishments/user (the establishment selector) sorts the same way', async () => {
    const mine = await names('/api/establishments/user', owner.token);
    expect(mine.map((e) => e.name)).toEqual(BY_NAME);
    expect(mine.filter((e) => e.name === 'Oliva').map((e) => e.id)).toEqual(olivas());
  });
});
