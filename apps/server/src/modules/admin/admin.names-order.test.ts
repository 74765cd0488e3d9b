/**
 * The admin area lists people and establishments by name in the order people read names
 * (decision 029): the users list, each user's establishments, and the report's establishments
 * with as many registrations, whatever collation the database was created with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserListResponseSchema, ReportResponseSchema } from '@hospes/shared/admin';
import { hashPassword } from '../../lib/crypto';
import { users } from '../../db/schema';
import { createAdminSession, createUserSession } from '../../../test/accounts';
import { randomCif, uniqueEmail } from '../../../test/factories';
import { travelerBody } from '../../../test/traveler-factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
let adminToken: string;
let owner: Awaited<ReturnType<typeof createUserSession>>;

/** Created in this order, which is not the lists'. */
const NAMES = ['Zamora', 'Álvarez', 'alonso', 'Ñúñez', 'Nuñez', 'Oliva'];
const BY_NAME = ['alonso', 'Álvarez', 'Nuñez', 'Ñúñez', 'Oliva', 'Zamora'];
/** The owner's establishment ids by name. */
const establishmentIds = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await createAdminSession(ctx)).token;
  owner = await createUserSession(ctx); // "Staff member"
  const passwordHash = await hashPassword('camino-2026');
  await ctx.database.db
    .insert(users)
    .values(NAMES.map((name) => ({ name, email: uniqueEmail('person'), passwordHash })));
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
    establishmentIds.set(name, res.json<{ data: { id: string } }>().data.id);
  }
  // One registration at each, two at Zamora: the report lists Zamora first, then the others,
  // which have as many, by name.
  for (const name of [...NAMES, 'Zamora']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/pilgrims',
      headers: bearer(owner.token),
      payload: travelerBody(establishmentIds.get(name)!),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await ctx?.close();
});

async function get(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('admin lists sorted by name', () => {
  it('GET /api/admin/users sorts people and each one’s establishments by name', async () => {
    const list = AdminUserListResponseSchema.parse(await get('/api/admin/users?limit=100'));
    expect(list.data.map((u) => u.name)).toEqual([
      'Admin',
      'alonso',
      'Álvarez',
      'Nuñez',
      'Ñúñez',
      'Oliva',
      'Staff member',
      'Zamora',
    ]);
    const ownerRow = list.data.find((u) => u.id === owner.userId)!;
    expect(ownerRow.establishments.map((e) => e.name)).toEqual(BY_NAME);
  });

  it('GET /api/admin/reports lists establishments with as many registrations by name', async () => {
    const report = ReportResponseSchema.parse(
      await get('/api/admin/reports?from=2026-01-01&to=2026-12-31'),
    );
    expect(report.data.byEstablishment.map((e) => [e.name, e.count])).toEqual([
      ['Zamora', 2],
      ...BY_NAME.filter((name) => name !== 'Zamora').map((name) => [name, 1]),
    ]);
  });
});
