/**
 * API keys (decision 068): made by the owner, shown once, kept hashed; a key does exactly what
 * its permissions allow in its establishment, is refused the routes of a person's session, stops
 * at once when revoked or expired, is rate-limited, and is named in the audit log. With them, the
 * public API's idempotent creates and cursor walks. One test app for the file (another for the
 * rate limit).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys as apiKeysTable, auditLog, users } from '../../db/schema';
import { createAdminSession } from '../../../test/accounts';
import { travelerBody } from '../../../test/traveler-factories';
import { linkIn } from '../../../test/smtp';
import {
  APP_URL,
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let other: Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
});
afterAll(async () => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (
  c: TestContext,
  method: Method,
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  c.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function createKey(
  c: TestContext,
  who: { token: string; establishmentId: string },
  body: Record<string, unknown>,
) {
  const res = await call(
    c,
    'POST',
    `/api/establishments/${who.establishmentId}/api-keys`,
    who.token,
    body,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { key: { id: string; name: string }; secret: string } }>().data;
}

const reservation = (n: number) => ({
  holderName: `Holder ${n}`,
  arrival: '2026-08-01',
  departure: '2026-08-03',
  guests: 1,
});

describe('making keys', () => {
  it('shows the secret once, keeps only its hash, and lists the key without it', async () => {
    const { key, secret } = await createKey(ctx, owner, {
      name: 'PMS sync',
      permissions: ['travelers.view', 'travelers.register'],
      expiresInDays: 90,
    });
    expect(secret).toMatch(/^hsp_live_[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.database.db
      .select()
      .from(apiKeysTable)
      .where(eq(apiKeysTable.id, key.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret.slice(9));
    const list = await call(
      ctx,
      'GET',
      `/api/establishments/${owner.establishmentId}/api-keys`,
      owner.token,
    );
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(9));
    expect(list.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: key.id,
          name: 'PMS sync',
          prefix: secret.slice(0, 13),
          permissions: ['travelers.view', 'travelers.register'],
          status: 'active',
          lastUsedAt: null,
          createdByName: expect.any(String),
          expiresAt: expect.any(String),
        }),
      ]),
    );
    // The key's principal is not a person of the team, nor a user the admin lists.
    const team = await call(
      ctx,
      'GET',
      `/api/establishments/${owner.establishmentId}/team`,
      owner.token,
    );
    expect(team.body).not.toContain('PMS sync');
    const admin = await createAdminSession(ctx);
    const listed = await call(ctx, 'GET', '/api/admin/users?search=PMS%20sync', admin.token);
    expect(listed.json().pagination.total).toBe(0);
  });

  it('refuses a key of more than its maker may do, or with the team’s permission', async () => {
    const teamKey = await call(
      ctx,
      'POST',
      `/api/establishments/${owner.establishmentId}/api-keys`,
      owner.token,
      { name: 'too much', permissions: ['team.manage'] },
    );
    expect(teamKey.statusCode).toBe(400);
    // Another owner cannot make keys of this establishment: it is not theirs.
    const foreign = await call(
      ctx,
      'POST',
      `/api/establishments/${owner.establishmentId}/api-keys`,
      other.token,
      { name: 'foreign', permissions: ['travelers.view'] },
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('calling with a key', () => {
  it('does what its permissions allow and answers 403 for the rest', async () => {
    const { secret } = await createKey(ctx, owner, {
      name: 'Door lock',
      permissions: ['travelers.register', 'travelers.view'],
    });
    const registered = await call(
      ctx,
      'POST',
      '/api/pilgrims',
      secret,
      travelerBody(owner.establishmentId),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const pilgrimId = registered.json<{ data: { id: string } }>().data.id;
    const read = await call(ctx, 'GET', `/api/pilgrims/${pilgrimId}`, secret);
    expect(read.statusCode).toBe(200);
    // No travelers.export, no audit.view, no travelers.delete.
    for (const [method, url] of [
      ['GET', `/api/pilgrims/export?establishmentId=${owner.establishmentId}`],
      ['GET', `/api/pilgrims/${pilgrimId}/history`],
      ['DELETE', `/api/pilgrims/${pilgrimId}`],
    ] as const) {
      const refused = await call(ctx, method, url, secret);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await call(ctx, 'GET', `/api/pilgrims/${pilgrimId}`, owner.token)).statusCode).toBe(
      200,
    );
    // Who am I: the key, its establishment and permissions.
    const current = await call(ctx, 'GET', '/api/api-keys/current', secret);
    expect(current.json().data).toMatchObject({
      name: 'Door lock',
      establishmentId: owner.establishmentId,
      lastUsedAt: expect.any(String),
    });
  });

  it('names the key in the audit log and the traveler’s history', async () => {
    const { key, secret } = await createKey(ctx, owner, {
      name: 'Channel manager',
      permissions: ['travelers.register'],
    });
    const registered = await call(
      ctx,
      'POST',
      '/api/pilgrims',
      secret,
      travelerBody(owner.establishmentId),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const pilgrimId = registered.json<{ data: { id: string } }>().data.id;
    const [principal] = await ctx.database.db
      .select({ id: apiKeysTable.userId })
      .from(apiKeysTable)
      .where(eq(apiKeysTable.id, key.id));
    const entries = await ctx.database.db
      .select({ actor: auditLog.actorUserId, name: users.name })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorUserId))
      .where(and(eq(auditLog.entityId, pilgrimId), eq(auditLog.action, 'pilgrim.created')));
    expect(entries).toEqual([{ actor: principal!.id, name: 'Channel manager' }]);
    const history = await call(ctx, 'GET', `/api/pilgrims/${pilgrimId}/history`, owner.token);
    expect(history.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: expect.objectContaining({ name: 'Channel manager' }) }),
      ]),
    );
    // The team's calls cannot give the key's principal a role nor remove it: it is no member.
    const member = `/api/establishments/${owner.establishmentId}/members/${principal!.id}`;
    const promoted = await call(ctx, 'PUT', member, owner.token, { role: 'owner' });
    expect(promoted.statusCode).toBe(404);
    expect((await call(ctx, 'DELETE', member, owner.token)).statusCode).toBe(404);
    // The key's making is audited too, by the owner.
    const [made] = await ctx.database.db
      .select({ actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, key.id), eq(auditLog.action, 'api_key.created')));
    expect(made?.actor).toBe(owner.userId);
  });

  it('cannot reach another establishment', async () => {
    const { secret } = await createKey(ctx, owner, {
      name: 'Scoped',
      permissions: ['travelers.register', 'travelers.view', 'establishment.manage'],
    });
    const theirs = await call(
      ctx,
      'POST',
      '/api/pilgrims',
      other.token,
      travelerBody(other.establishmentId),
    );
    const theirId = theirs.json<{ data: { id: string } }>().data.id;
    for (const [method, url, body] of [
      ['GET', `/api/pilgrims/${theirId}`, undefined],
      ['GET', `/api/pilgrims?establishmentId=${other.establishmentId}`, undefined],
      ['GET', `/api/pilgrims?establishmentId=${other.establishmentId}&cursor=start`, undefined],
      ['GET', `/api/establishments/${other.establishmentId}`, undefined],
      ['GET', `/api/establishments/${other.establishmentId}/reservations`, undefined],
      ['POST', `/api/establishments/${other.establishmentId}/reservations`, reservation(1)],
      ['POST', '/api/pilgrims', travelerBody(other.establishmentId)],
    ] as const) {
      const res = await call(ctx, method, url, secret, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = await call(ctx, 'GET', '/api/pilgrims?limit=100', secret);
    const ids = mine.json<{ data: Array<{ establishmentId: string }> }>().data;
    expect(ids.every((t) => t.establishmentId === owner.establishmentId)).toBe(true);
    expect(
      (await call(ctx, 'GET', `/api/establishments/${owner.establishmentId}`, secret)).statusCode,
    ).toBe(200);
  });

  it('is refused every route of a person’s session: account, team, keys, admin', async () => {
    const { secret } = await createKey(ctx, owner, {
      name: 'Everything a key may have',
      permissions: [
        'travelers.register',
        'travelers.view',
        'travelers.edit',
        'travelers.delete',
        'travelers.documentImages',
        'travelers.export',
        'travelers.import',
        'ses.send',
        'ses.connection',
        'establishment.manage',
        'audit.view',
      ],
    });
    const allowed = new Set(ctx.app.apiKeyRoutes.map((r) => `${r.method} ${r.url}`));
    const sessionOnly = ctx.app.routeAccess.filter(
      (r) => r.method !== 'HEAD' && r.access !== 'public' && !allowed.has(`${r.method} ${r.url}`),
    );
    expect(sessionOnly.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/change-password',
        'POST /api/establishments/:id/api-keys',
        'POST /api/establishments/:id/invitations',
        'GET /api/admin/users',
        'DELETE /api/establishments/:id',
      ]),
    );
    expect(
      ctx.app.apiKeyRoutes.some((r) => r.access === 'team.manage' || r.access === 'admin'),
    ).toBe(false);
    const pathOf = (url: string) =>
      url
        .replace(/^\/api\/establishments\/:id/, `/api/establishments/${owner.establishmentId}`)
        .replace(/:[A-Za-z]+/g, () => randomUUID());
    for (const route of sessionOnly) {
      const method = route.method as Method;
      const payload = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
      const refused = await call(ctx, method, pathOf(route.url), secret, payload);
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(refused.json(), `${route.method} ${route.url}`).toMatchObject({
        success: false,
        code: 'API_KEY_NOT_ALLOWED',
      });
    }
    // The establishment is still there, and the key cannot log in as its principal.
    expect(
      (await call(ctx, 'GET', `/api/establishments/${owner.establishmentId}`, owner.token))
        .statusCode,
    ).toBe(200);
  });

  it('stops at once when revoked, and when expired', async () => {
    const { key, secret } = await createKey(ctx, owner, {
      name: 'Short-lived',
      permissions: ['travelers.view'],
    });
    const url = `/api/pilgrims?establishmentId=${owner.establishmentId}`;
    expect((await call(ctx, 'GET', url, secret)).statusCode).toBe(200);
    const revoked = await call(
      ctx,
      'DELETE',
      `/api/establishments/${owner.establishmentId}/api-keys/${key.id}`,
      owner.token,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    const after = await call(ctx, 'GET', url, secret);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 'API_KEY_INVALID' });

    const expiring = await createKey(ctx, owner, {
      name: 'Expiring',
      permissions: ['travelers.view'],
      expiresInDays: 1,
    });
    expect((await call(ctx, 'GET', url, expiring.secret)).statusCode).toBe(200);
    await ctx.database.db
      .update(apiKeysTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeysTable.id, expiring.key.id));
    const expired = await call(ctx, 'GET', url, expiring.secret);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'API_KEY_INVALID' });
    const list = await call(
      ctx,
      'GET',
      `/api/establishments/${owner.establishmentId}/api-keys`,
      owner.token,
    );
    expect(list.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: expiring.key.id, status: 'expired' })]),
    );
    // An unknown key of the right shape is refused the same way.
    const unknown = await call(ctx, 'GET', url, `hsp_live_${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
  });
});

describe('a key and its maker', () => {
  it('acts only with what its maker still holds: narrowed when the maker loses a permission or leaves, restored when given back', async () => {
    const est = owner.establishmentId;
    // A custom role that manages the team and may view and export travelers.
    const role = await call(ctx, 'POST', `/api/establishments/${est}/roles`, owner.token, {
      name: 'Integrations',
      permissions: ['team.manage', 'travelers.view', 'travelers.export'],
    });
    expect(role.statusCode, role.body).toBe(201);
    const roleId = role.json<{ data: { id: string } }>().data.id;
    const email = `maker-${randomUUID()}@example.com`;
    const after = ctx.smtp.messages.length;
    const invited = await call(
      ctx,
      'POST',
      `/api/establishments/${est}/invitations?lng=en`,
      owner.token,
      { email, role: 'custom', customRoleId: roleId },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await ctx.smtp.waitFor(email, { subject: /invited/i, after });
    const inviteToken = new URL(linkIn(mail, `${APP_URL}/join`)).searchParams.get('token')!;
    const accepted = await call(ctx, 'POST', '/api/team/invitations/accept', undefined, {
      token: inviteToken,
      name: 'Iker Integrador',
      password: 'integraciones-de-noche-2026',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const maker = accepted.json<{ token: string; user: { id: string } }>();

    const { key, secret } = await createKey(
      ctx,
      { token: maker.token, establishmentId: est },
      { name: 'Nightly export', permissions: ['travelers.view', 'travelers.export'] },
    );
    const list = `/api/pilgrims?establishmentId=${est}`;
    const exportUrl = `/api/pilgrims/export?establishmentId=${est}&format=csv`;
    const inForce = async () =>
      (await call(ctx, 'GET', `/api/establishments/${est}/api-keys`, owner.token))
        .json<{ data: Array<{ id: string; permissionsInForce: string[] }> }>()
        .data.find((k) => k.id === key.id)!.permissionsInForce;
    expect((await call(ctx, 'GET', exportUrl, secret)).statusCode).toBe(200);
    expect(await inForce()).toEqual(['travelers.view', 'travelers.export']);

    // The role loses the export: so does the key, at its next request.
    const narrowed = await call(
      ctx,
      'PUT',
      `/api/establishments/${est}/roles/${roleId}`,
      owner.token,
      {
        name: 'Integrations',
        permissions: ['team.manage', 'travelers.view'],
      },
    );
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((await call(ctx, 'GET', exportUrl, secret)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', list, secret)).statusCode).toBe(200);
    expect(await inForce()).toEqual(['travelers.view']);
    // What the key was given stays on record; the current call says what is in force.
    const current = await call(ctx, 'GET', '/api/api-keys/current', secret);
    expect(current.json().data).toMatchObject({
      permissions: ['travelers.view', 'travelers.export'],
      permissionsInForce: ['travelers.view'],
    });

    // Given back, it returns.
    await call(ctx, 'PUT', `/api/establishments/${est}/roles/${roleId}`, owner.token, {
      name: 'Integrations',
      permissions: ['team.manage', 'travelers.view', 'travelers.export'],
    });
    expect((await call(ctx, 'GET', exportUrl, secret)).statusCode).toBe(200);

    // The maker leaves the team: the key can do nothing more there.
    const removed = await call(
      ctx,
      'DELETE',
      `/api/establishments/${est}/members/${maker.user.id}`,
      owner.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(ctx, 'GET', list, secret)).statusCode).toBe(403);
    expect(await inForce()).toEqual([]);
  });
});

describe('the public API’s creates and lists', () => {
  it('answers a create sent again with the same Idempotency-Key with the same resource', async () => {
    const { secret } = await createKey(ctx, owner, {
      name: 'Idempotent',
      permissions: ['travelers.register', 'travelers.view'],
    });
    const body = travelerBody(owner.establishmentId);
    const key = { 'idempotency-key': randomUUID() };
    const first = await call(ctx, 'POST', '/api/pilgrims', secret, body, key);
    const again = await call(ctx, 'POST', '/api/pilgrims', secret, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);

    const url = `/api/establishments/${owner.establishmentId}/reservations`;
    const booking = { 'idempotency-key': randomUUID() };
    const r1 = await call(ctx, 'POST', url, secret, reservation(7), booking);
    const r2 = await call(ctx, 'POST', url, secret, reservation(7), booking);
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r2.json().data.id).toBe(r1.json().data.id);
    expect(r2.headers['idempotent-replayed']).toBe('true');
    // The same key with other data is refused, nothing stored.
    const reused = await call(ctx, 'POST', url, secret, reservation(8), booking);
    expect(reused.statusCode).toBe(422);
  });

  it('walks the travelers and the reservations by cursor, rows inserted meanwhile included once', async () => {
    const shop = await registerVerifiedOwner(ctx);
    const { secret } = await createKey(ctx, shop, {
      name: 'Sync',
      permissions: ['travelers.register', 'travelers.view'],
    });
    const travelers: string[] = [];
    const bookings: string[] = [];
    const addTraveler = async () => {
      const res = await call(
        ctx,
        'POST',
        '/api/pilgrims',
        secret,
        travelerBody(shop.establishmentId),
      );
      expect(res.statusCode, res.body).toBe(201);
      travelers.push(res.json().data.id);
    };
    const addBooking = async (n: number) => {
      const res = await call(
        ctx,
        'POST',
        `/api/establishments/${shop.establishmentId}/reservations`,
        secret,
        reservation(n),
      );
      expect(res.statusCode, res.body).toBe(201);
      bookings.push(res.json().data.id);
    };
    for (let i = 0; i < 5; i++) {
      await addTraveler();
      await addBooking(i);
    }

    async function walk(first: string, add: () => Promise<void>) {
      const seen: string[] = [];
      let url: string | null = first;
      let pages = 0;
      while (url) {
        const res = await call(ctx, 'GET', url, secret);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<{
          data: Array<{ id: string }>;
          pagination: { limit: number; nextCursor: string | null };
        }>();
        expect(page.pagination.limit).toBe(2);
        seen.push(...page.data.map((r) => r.id));
        // Someone registers while the partner pages.
        if (pages++ < 3) await add();
        const next = page.pagination.nextCursor;
        url = next ? first.replace('cursor=start', `cursor=${next}`) : null;
      }
      return seen;
    }
    const seenTravelers = await walk(
      `/api/pilgrims?establishmentId=${shop.establishmentId}&cursor=start&limit=2`,
      addTraveler,
    );
    expect(new Set(seenTravelers).size).toBe(seenTravelers.length);
    expect([...seenTravelers].sort()).toEqual([...travelers].sort());
    expect(travelers).toHaveLength(8);

    let n = 100;
    const seenBookings = await walk(
      `/api/establishments/${shop.establishmentId}/reservations?cursor=start&limit=2`,
      () => addBooking(n++),
    );
    expect(new Set(seenBookings).size).toBe(seenBookings.length);
    expect([...seenBookings].sort()).toEqual([...bookings].sort());

    // The web app's page-based calls answer as before.
    const paged = await call(
      ctx,
      'GET',
      `/api/pilgrims?establishmentId=${shop.establishmentId}&page=2&limit=3`,
      secret,
    );
    expect(paged.json().pagination).toEqual({ total: 8, page: 2, limit: 3, totalPages: 3 });
    const bad = await call(
      ctx,
      'GET',
      `/api/pilgrims?cursor=${Buffer.from('nope').toString('base64url')}`,
      secret,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('marks in the OpenAPI document what keys may call, with examples', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const create = doc.paths['/api/pilgrims']!.post!;
    expect(create['x-api-key-allowed']).toBe(true);
    expect(create.security).toEqual(expect.arrayContaining([{ bearerAuth: [] }]));
    expect(JSON.stringify(create.requestBody)).toContain('C01X00T47');
    expect(doc.paths['/api/pilgrims']!.get!['x-api-key-allowed']).toBe(true);
    expect(JSON.stringify(doc.paths['/api/pilgrims']!.get!.parameters)).toContain('cursor');
    expect(doc.paths['/api/establishments/{id}/reservations']!.post!['x-api-key-allowed']).toBe(
      true,
    );
    expect(doc.paths['/api/auth/change-password']!.post!['x-api-key-allowed']).toBe(false);
    expect(doc.paths['/api/establishments/{id}/api-keys']!.post!['x-api-key-allowed']).toBe(false);
    expect(doc.paths['/api/establishments/{id}']!.delete!['x-api-key-allowed']).toBe(false);
  });
});

describe('the rate limit of a key', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ apiKeyRequestsPerMinute: 3 });
  });
  afterAll(async () => limited?.close());

  it('answers 429 with Retry-After past the key’s requests of the minute, other keys unaffected', async () => {
    const shop = await registerVerifiedOwner(limited);
    const one = await createKey(limited, shop, { name: 'Busy', permissions: ['travelers.view'] });
    const two = await createKey(limited, shop, { name: 'Quiet', permissions: ['travelers.view'] });
    const url = `/api/pilgrims?establishmentId=${shop.establishmentId}`;
    for (let i = 0; i < 3; i++)
      expect((await call(limited, 'GET', url, one.secret)).statusCode).toBe(200);
    const refused = await call(limited, 'GET', url, one.secret);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect((await call(limited, 'GET', url, two.secret)).statusCode).toBe(200);
    // The owner's session is not counted with the keys.
    expect((await call(limited, 'GET', url, shop.token)).statusCode).toBe(200);
  });
});
