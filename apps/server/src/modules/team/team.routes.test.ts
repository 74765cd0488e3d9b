/**
 * The team of an establishment (decision 058): invitations, roles, removal, devices, and the
 * permission every route declares, checked from Fastify's route table. One test app for the file.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@hospes/shared/team';
import { invitations } from '../../db/schema';
import { permissionsPlugin } from '../../plugins/permissions';
import { createUserSession } from '../../../test/accounts';
import { uniqueEmail } from '../../../test/factories';
import { linkIn } from '../../../test/smtp';
import { travelerBody } from '../../../test/traveler-factories';
import {
  APP_URL,
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { createTeamRepository } from './team.repository';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await registerVerifiedOwner(ctx);
});
afterAll(async () => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** Invites `email` as `role` and answers the token of the link that arrived. */
async function invite(email: string, role: Record<string, unknown> = { role: 'receptionist' }) {
  const after = ctx.smtp.messages.length;
  const res = await call(
    'POST',
    `/api/establishments/${owner.establishmentId}/invitations?lng=en`,
    owner.token,
    { email, ...role },
  );
  expect(res.statusCode, res.body).toBe(201);
  const mail = await ctx.smtp.waitFor(email, { subject: /invited/i, after });
  const token = new URL(linkIn(mail, `${APP_URL}/join`)).searchParams.get('token')!;
  return { id: res.json<{ data: { id: string } }>().data.id, token };
}

const accept = (token: string, name = 'Rosa Recepción') =>
  call('POST', '/api/team/invitations/accept', undefined, {
    token,
    name,
    password: 'recepcion-de-noche-2026',
  });

describe('invitations', () => {
  it('lets the invitee choose a password, join as receptionist and be named in the history', async () => {
    const email = uniqueEmail('rosa');
    const { token } = await invite(email);
    const preview = await call('GET', `/api/team/invitation?token=${token}`);
    expect(preview.json()).toMatchObject({
      data: { email, role: 'receptionist', hasAccount: false },
    });

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const rosa = accepted.json<{ token: string; user: { id: string } }>();
    const me = await call('GET', '/api/auth/me', rosa.token);
    expect(me.json().memberships).toEqual([
      expect.objectContaining({
        establishmentId: owner.establishmentId,
        role: 'receptionist',
        permissions: ['travelers.register', 'travelers.view', 'travelers.edit'],
      }),
    ]);

    const registered = await call(
      'POST',
      '/api/pilgrims',
      rosa.token,
      travelerBody(owner.establishmentId),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const pilgrimId = registered.json<{ data: { id: string } }>().data.id;
    // The receptionist may not export, see the images nor read the audit history.
    const exported = await call(
      'GET',
      `/api/pilgrims/export?establishmentId=${owner.establishmentId}`,
      rosa.token,
    );
    expect(exported.statusCode).toBe(403);
    expect(exported.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await call('GET', `/api/pilgrims/${pilgrimId}/history`, rosa.token)).statusCode).toBe(
      403,
    );
    // The owner's history names her.
    const history = await call('GET', `/api/pilgrims/${pilgrimId}/history`, owner.token);
    expect(history.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          by: 'staff',
          actor: expect.objectContaining({ name: 'Rosa Recepción' }),
        }),
      ]),
    );
  });

  it('cannot be used twice, and stops working once expired, revoked or resent', async () => {
    const first = await invite(uniqueEmail('twice'));
    expect((await accept(first.token)).statusCode).toBe(200);
    const reused = await accept(first.token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'INVITATION_INVALID' });

    const late = await invite(uniqueEmail('late'));
    await ctx.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, late.id));
    expect((await accept(late.token)).json()).toMatchObject({ code: 'INVITATION_INVALID' });
    expect((await call('GET', `/api/team/invitation?token=${late.token}`)).statusCode).toBe(400);
    // A resend gives a new link and time: the old link stays dead, the new one works.
    const before = ctx.smtp.messages.length;
    const resent = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/invitations/${late.id}/resend?lng=en`,
      owner.token,
    );
    expect(resent.json()).toMatchObject({ data: { status: 'pending' } });
    const lateEmail = resent.json<{ data: { email: string } }>().data.email;
    const mail = await ctx.smtp.waitFor(lateEmail, { subject: /invited/i, after: before });
    const newToken = new URL(linkIn(mail, `${APP_URL}/join`)).searchParams.get('token')!;
    expect((await accept(late.token)).statusCode).toBe(400);

    const withdrawn = await invite(uniqueEmail('withdrawn'));
    const revoked = await call(
      'DELETE',
      `/api/establishments/${owner.establishmentId}/invitations/${withdrawn.id}`,
      owner.token,
    );
    expect(revoked.json()).toMatchObject({ data: { status: 'revoked' } });
    expect((await accept(withdrawn.token)).json()).toMatchObject({ code: 'INVITATION_INVALID' });
    expect((await accept(newToken)).statusCode).toBe(200);
  });

  it('lets an existing account join while signed in, and only the invited one', async () => {
    const someone = await createUserSession(ctx);
    const { token } = await invite(someone.email, { role: 'manager' });
    expect((await accept(token)).json()).toMatchObject({ code: 'INVITATION_SIGN_IN_REQUIRED' });
    const stranger = await createUserSession(ctx);
    const wrong = await call('POST', '/api/team/invitations/join', stranger.token, { token });
    expect(wrong.statusCode).toBe(403);
    const joined = await call('POST', '/api/team/invitations/join', someone.token, { token });
    expect(joined.json()).toMatchObject({ data: { establishmentId: owner.establishmentId } });
    const me = await call('GET', '/api/auth/me', someone.token);
    expect(me.json().memberships[0]).toMatchObject({ role: 'manager' });
  });
});

describe('members', () => {
  it('ends every session of a removed member; the last owner cannot leave', async () => {
    const { token } = await invite(uniqueEmail('gone'));
    const member = (await accept(token)).json<{ token: string; user: { id: string } }>();
    expect((await call('GET', '/api/auth/me', member.token)).statusCode).toBe(200);
    const removed = await call(
      'DELETE',
      `/api/establishments/${owner.establishmentId}/members/${member.user.id}`,
      owner.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await call('GET', '/api/auth/me', member.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'SESSION_EXPIRED' });

    const leave = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/leave`,
      owner.token,
    );
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toMatchObject({ code: 'LAST_OWNER' });
    const demote = await call(
      'PUT',
      `/api/establishments/${owner.establishmentId}/members/${owner.userId}`,
      owner.token,
      { role: 'manager' },
    );
    expect(demote.json()).toMatchObject({ code: 'LAST_OWNER' });
  });

  it('lists and signs out a member’s own devices, not another’s', async () => {
    const login = await call('POST', '/api/auth/login', undefined, {
      email: owner.email,
      password: owner.password,
    });
    const second = login.json<{ token: string }>().token;
    const devices = await call('GET', '/api/auth/sessions', owner.token);
    const list = devices.json<{ data: Array<{ id: string; current: boolean }> }>().data;
    expect(list.length).toBeGreaterThanOrEqual(2);
    const other = list.find((d) => !d.current)!;
    const stranger = await createUserSession(ctx);
    expect(
      (await call('DELETE', `/api/auth/sessions/${other.id}`, stranger.token)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/auth/sessions/${other.id}`, owner.token)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/auth/me', second)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', owner.token)).statusCode).toBe(200);
  });
});

describe('the route table', () => {
  it('refuses to start with a route under /api that declares no permission', async () => {
    const app = Fastify();
    await app.register(permissionsPlugin, { db: ctx.database.db });
    await app.after();
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/declares no permission/);
    expect(() =>
      app.get('/api/declared', { config: { permission: 'self' } }, async () => 'x'),
    ).not.toThrow();
    await app.close();
  });

  it('answers 403 in the envelope to a member without the permission of any route', async () => {
    const routes = ctx.app.routeAccess.filter(
      (r): r is { method: string; url: string; access: Permission } =>
        (PERMISSIONS as readonly string[]).includes(r.access) && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(ctx.app.routeAccess.every((r) => r.url.startsWith('/api'))).toBe(true);
    // Export and the document images are among them.
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/pilgrims/export', access: 'travelers.export' },
        {
          method: 'GET',
          url: '/api/pilgrims/:id/documents/:docId',
          access: 'travelers.documentImages',
        },
      ]),
    );
    // One member per permission, whose role has every other permission.
    const team = createTeamRepository(ctx.database.db);
    const without = new Map<Permission, string>();
    for (const permission of new Set(routes.map((r) => r.access))) {
      const role = await team.insertRole({
        establishmentId: owner.establishmentId,
        name: `all but ${permission}`,
        permissions: PERMISSIONS.filter((p) => p !== permission),
      });
      const member = await createUserSession(ctx);
      await team.addMember({
        establishmentId: owner.establishmentId,
        userId: member.userId,
        role: 'custom',
        customRoleId: role.id,
      });
      without.set(permission, member.token);
    }
    const pathOf = (url: string) =>
      url
        .replace(/^\/api\/establishments\/:id/, `/api/establishments/${owner.establishmentId}`)
        .replace(/:[A-Za-z]+/g, () => randomUUID());
    for (const route of routes) {
      const method = route.method as Method;
      const payload = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
      const refused = await call(method, pathOf(route.url), without.get(route.access), payload);
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(refused.json(), `${route.method} ${route.url}`).toMatchObject({
        success: false,
        code: 'FORBIDDEN',
      });
      // The owner, whose role grants everything, is not refused (safe calls only).
      if (method === 'GET') {
        const allowed = await call(method, pathOf(route.url), owner.token);
        expect(allowed.statusCode, `${route.method} ${route.url}`).not.toBe(403);
      }
    }
  });
});
