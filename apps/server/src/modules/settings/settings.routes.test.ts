/**
 * The admin's run-time settings (decision 062): who may read and change them, what a bad value
 * answers, the audit of each change, and that each setting takes effect where it is used.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PLATFORM_SETTING_KEYS,
  PlatformSettingsResponseSchema,
  type PlatformSettingsView,
} from '@hospes/shared/admin';
import { auditLog, platformSettings, sessions } from '../../db/schema';
import { hashToken } from '../../lib/crypto';
import { createAdminSession, createUserSession } from '../../../test/accounts';
import { bearer, createTestContext, freshAddress, type TestContext } from '../../../test/test-app';
import { createAuditRepository } from '../audit/audit.repository';
import { createSettingsRepository } from './settings.repository';
import { createSettingsService, settingsDefaults } from './settings.service';

const ENV_SUPPORT = 'support-env@hospes.test';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let staff: Awaited<ReturnType<typeof createUserSession>>;

beforeAll(async () => {
  ctx = await createTestContext({
    supportEmail: ENV_SUPPORT,
    operator: {
      name: 'Hospes Env SL',
      address: undefined,
      nif: 'B12345678',
      email: undefined,
      registry: undefined,
    },
  });
  admin = await createAdminSession(ctx);
  staff = await createUserSession(ctx, 'user');
});
afterAll(async () => {
  await ctx?.close();
});
// Every test starts from the environment's values (through the API: the app's cache forgets).
beforeEach(async () => {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    headers: bearer(admin.token),
    payload: Object.fromEntries(PLATFORM_SETTING_KEYS.map((key) => [key, null])),
  });
  expect(res.statusCode).toBe(200);
  await ctx.database.db.delete(platformSettings);
});

const call = (method: 'GET' | 'PATCH', token?: string, payload?: object, lng = 'en') =>
  ctx.app.inject({
    method,
    url: `/api/admin/settings?lng=${lng}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload }),
  });

async function view(): Promise<PlatformSettingsView> {
  const res = await call('GET', admin.token);
  expect(res.statusCode).toBe(200);
  return PlatformSettingsResponseSchema.parse(res.json()).data;
}

const contactBody = () => ({
  name: 'Marta Iglesias',
  email: 'marta@example.com',
  type: 'support',
  message: 'Hello, a question about the annual plan of the albergue, please.',
});

describe('who may see and change the settings', () => {
  it('refuses a signed-out caller (401) and a user who is not an administrator (403)', async () => {
    expect((await call('GET')).statusCode).toBe(401);
    const get = await call('GET', staff.token);
    expect(get.statusCode).toBe(403);
    expect(get.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const patch = await call('PATCH', staff.token, { sessionHours: 2 });
    expect(patch.statusCode).toBe(403);
    expect(await ctx.database.db.select().from(platformSettings)).toEqual([]);
  });

  it('shows each setting with its environment value, and no secret', async () => {
    const data = await view();
    expect(data.settings.supportEmail).toEqual({
      value: ENV_SUPPORT,
      source: 'environment',
      environmentValue: ENV_SUPPORT,
    });
    expect(data.settings.operatorName.value).toBe('Hospes Env SL');
    expect(data.settings.operatorAddress.value).toBe('');
    expect(data.settings.loginLockFailures.value).toBe(50);
    expect(data.settings.sessionHours.value).toBe(24);
    expect(data.environment.mailTransport).toBe('smtp');
    // The SMTP URL (with its password) is never part of the answer.
    const body = (await call('GET', admin.token)).body;
    expect(body).not.toContain(ctx.config.smtpUrl!);
  });
});

describe('bad input', () => {
  it.each([
    [{}, '', 'validation.required'],
    [{ loginLockFailures: 2 }, 'loginLockFailures', 'validation.tooSmall'],
    [{ sessionHours: 721 }, 'sessionHours', 'validation.tooBig'],
    [{ contactMessagesPerHour: 1.5 }, 'contactMessagesPerHour', 'validation.invalidType'],
    [{ supportEmail: 'not-an-address' }, 'supportEmail', 'validation.email'],
    [{ operatorNif: 'X'.repeat(21) }, 'operatorNif', 'validation.tooLong'],
    // A secret cannot be set here: it stays in the environment.
    [{ smtpUrl: 'smtp://evil.example' }, '', 'validation.unknownField'],
  ])('answers 400 for %j and changes nothing', async (payload, field, code) => {
    const res = await call('PATCH', admin.token, payload);
    expect(res.statusCode).toBe(400);
    const json = res.json<{ code: string; details: { field: string; code: string }[] }>();
    expect(json.code).toBe('VALIDATION_FAILED');
    expect(json.details).toContainEqual(expect.objectContaining({ field, code }));
    expect(await ctx.database.db.select().from(platformSettings)).toEqual([]);
  });
});

describe('a change', () => {
  it('is stored, shown as the database’s, audited with who, what and when, and can be undone', async () => {
    const res = await call('PATCH', admin.token, {
      operatorName: '  Camino Software SL ',
      loginLockFailures: 20,
      sessionHours: 24,
    });
    expect(res.statusCode).toBe(200);
    const json = PlatformSettingsResponseSchema.parse(res.json());
    expect(json.message).toBe('Settings saved.');
    expect(json.data.settings.operatorName).toEqual({
      value: 'Camino Software SL',
      source: 'database',
      environmentValue: 'Hospes Env SL',
    });
    expect(json.data.settings.loginLockFailures.value).toBe(20);

    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'platform.settings_changed'),
          eq(auditLog.actorUserId, admin.userId),
        ),
      );
    // sessionHours: stored, but equal to the value in force: no change to audit.
    expect(entries.at(-1)?.details).toEqual({
      changes: [
        { key: 'operatorName', from: 'Hospes Env SL', to: 'Camino Software SL' },
        { key: 'loginLockFailures', from: 50, to: 20 },
      ],
    });
    expect(json.data.history[0]).toMatchObject({
      actor: { id: admin.userId, email: admin.email },
      changes: [
        { key: 'operatorName', from: 'Hospes Env SL', to: 'Camino Software SL' },
        { key: 'loginLockFailures', from: 50, to: 20 },
      ],
    });

    // null: back to the environment's value, audited too.
    const reset = await call('PATCH', admin.token, { operatorName: null });
    const after = PlatformSettingsResponseSchema.parse(reset.json()).data;
    expect(after.settings.operatorName).toMatchObject({
      value: 'Hospes Env SL',
      source: 'environment',
    });
    expect(after.history[0]?.changes).toEqual([
      { key: 'operatorName', from: 'Camino Software SL', to: 'Hospes Env SL' },
    ]);
  });

  it('of the operator shows on the legal pages at once; empty means none', async () => {
    await call('PATCH', admin.token, { operatorName: 'Camino Software SL', operatorNif: '' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(res.json().data.operator).toMatchObject({ name: 'Camino Software SL', nif: null });
  });

  it('of the session lifetime makes new sessions last that long', async () => {
    await call('PATCH', admin.token, { sessionHours: 2 });
    const before = Date.now();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.email, password: 'camino-admin-2026' },
      remoteAddress: freshAddress(),
    });
    expect(login.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(login.json<{ token: string }>().token)));
    const newest = row!.expiresAt.getTime();
    expect(newest - before).toBeGreaterThan(2 * 3600_000 - 60_000);
    expect(newest - before).toBeLessThanOrEqual(2 * 3600_000 + 60_000);
    // The privacy and cookie pages say how long a session lasts from the same setting.
    const config = await ctx.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(config.json().data.sessionHours).toBe(2);
    // The browser's cookie ends with the session.
    const cookie = login.cookies.find((c) => c.name.endsWith('hospes_session'));
    expect(cookie?.expires?.getTime()).toBe(Math.floor(newest / 1000) * 1000);
  });

  it('of the contact limit refuses the message past it (429), from any address', async () => {
    await call('PATCH', admin.token, { contactMessagesPerHour: 1 });
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/contact?lng=en',
        payload: contactBody(),
        remoteAddress: freshAddress(),
      });
    expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    // Raised again, the hour's count is kept and the next message passes.
    await call('PATCH', admin.token, { contactMessagesPerHour: 100 });
    expect((await send()).statusCode).toBe(201);
  });

  it('of the support address e-mails the next contact message there', async () => {
    await call('PATCH', admin.token, { supportEmail: 'Desk@Hospes.test' });
    const after = ctx.smtp.messages.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact?lng=en',
      payload: contactBody(),
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(201);
    const mail = await ctx.smtp.waitFor('desk@hospes.test', { after, timeoutMs: 15_000 });
    expect(mail.text).toContain('a question about the annual plan');
  });

  it('of the login lock locks an account after that many wrong passwords', async () => {
    await call('PATCH', admin.token, { loginLockFailures: 5 });
    const person = await createUserSession(ctx, 'user');
    const codes: number[] = [];
    // Each guess from its own address: only the account's ceiling can refuse them.
    for (let i = 0; i < 6; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: person.email, password: 'wrong-password-1' },
        remoteAddress: freshAddress(),
      });
      codes.push(res.statusCode === 429 ? 429 : res.statusCode);
      if (res.statusCode === 429) expect(res.json().code).toBe('LOGIN_LOCKED');
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('several server processes', () => {
  it('another process sees a change once its kept values are older than the cache time', async () => {
    let clock = 1_000_000;
    const other = createSettingsService({
      db: ctx.database.db,
      settings: createSettingsRepository(ctx.database.db),
      audit: createAuditRepository(ctx.database.db),
      defaults: settingsDefaults(ctx.config),
      environment: (await view()).environment,
      cacheMs: 5000,
      log: { warn: () => undefined },
      now: () => clock,
    });
    expect((await other.current()).sessionHours).toBe(24);
    await call('PATCH', admin.token, { sessionHours: 8 });
    expect((await other.current()).sessionHours).toBe(24);
    clock += 5001;
    expect((await other.current()).sessionHours).toBe(8);
  });

  it('a stored value the schema refuses (written by hand) gives way to the environment’s', async () => {
    await ctx.database.db.insert(platformSettings).values({ key: 'sessionHours', value: 'many' });
    const other = createSettingsService({
      db: ctx.database.db,
      settings: createSettingsRepository(ctx.database.db),
      audit: createAuditRepository(ctx.database.db),
      defaults: settingsDefaults(ctx.config),
      environment: (await view()).environment,
      cacheMs: 0,
      log: { warn: () => undefined },
    });
    expect((await other.current()).sessionHours).toBe(24);
  });
});
