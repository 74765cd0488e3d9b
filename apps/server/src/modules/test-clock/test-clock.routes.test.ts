/**
 * The test clock (TEST_CLOCK, decision 047): no such route without the setting, refused with
 * NODE_ENV=production (the settings and the server's start), platform administrators only, and
 * the clock it moves is the one the automatic sends read: moved past 21:00, the daily send goes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayIso } from '@hospes/shared/dates';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import { buildApp } from '../../app';
import { testConfig } from '../../config/env';
import { establishments } from '../../db/schema';
import {
  configureEstablishment,
  registerTraveler,
  sesReadyBody,
} from '../../../test/documents-helpers';
import { createAdminSession, createUserSession } from '../../../test/accounts';
import { openTestDatabase } from '../../../test/db';
import { startTestSes, type TestSesService } from '../../../test/ses-service';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { instantOf, lastOccurrence } from '../ses/ses-automatic';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('without TEST_CLOCK', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it('there is no test clock route, even for an administrator', async () => {
    const admin = await createAdminSession(ctx);
    for (const method of ['GET', 'POST'] as const) {
      const res = await ctx.app.inject({
        method,
        url: '/api/test/clock',
        headers: bearer(admin.token),
        ...(method === 'POST' ? { payload: { advanceMs: 86_400_000 } } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('TEST_CLOCK with NODE_ENV=production', () => {
  it('the server refuses to start, saying why', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-test-clock-'));
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        TEST_CLOCK: 'true',
        PORT: '0',
        DATA_DIR: dataDir,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(
      'TEST_CLOCK: a clock that tests move cannot run with NODE_ENV=production',
    );
  });

  it('the app refuses to build with settings made by hand', async () => {
    const database = await openTestDatabase();
    try {
      await expect(
        buildApp({ config: testConfig({ nodeEnv: 'production', testClock: true }), database }),
      ).rejects.toThrow(/TEST_CLOCK cannot be on with NODE_ENV=production/);
    } finally {
      await database.close();
    }
  });
});

describe('with TEST_CLOCK', () => {
  let ctx: TestContext;
  let service: TestSesService;
  let adminToken: string;
  beforeAll(async () => {
    service = await startTestSes();
    ctx = await createTestContext({
      testClock: true,
      ses: { endpoint: service.url, caFile: undefined, checkSeconds: 0 },
      sesAutomaticSeconds: 1,
    });
    adminToken = (await createAdminSession(ctx)).token;
  });
  afterAll(async () => {
    await ctx?.close();
    await service?.close();
  });

  const move = (body: unknown, token: string | null = adminToken) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/test/clock',
      headers: token ? bearer(token) : {},
      payload: body as object,
    });

  it('only a platform administrator reads or moves it, and a bad body changes nothing', async () => {
    const user = await createUserSession(ctx);
    expect((await move({ advanceMs: 1000 }, null)).statusCode).toBe(401);
    const forbidden = await move({ advanceMs: 1000 }, user.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    for (const body of [
      {},
      { at: 'tomorrow' },
      { advanceMs: 1.5 },
      { at: '2026-06-15T19:00:00Z', advanceMs: 1 },
      { advanceMs: 400 * 86_400_000 },
    ]) {
      const res = await move(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/clock',
      headers: bearer(adminToken),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.offsetMs).toBe(0);
    expect(Math.abs(Date.parse(read.json().data.now) - Date.now())).toBeLessThan(5_000);
  });

  it('sets an instant or moves by an amount, and runs on from there', async () => {
    const set = await move({ at: '2030-01-01T12:00:00+01:00' });
    expect(set.statusCode, set.body).toBe(200);
    expect(Date.parse(set.json().data.now) - Date.parse('2030-01-01T11:00:00Z')).toBeLessThan(
      1_000,
    );
    const moved = await move({ advanceMs: 3_600_000 });
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json().data.now) - Date.parse('2030-01-01T12:00:00Z')).toBeLessThan(
      1_000,
    );
    const back = await move({ at: new Date().toISOString() });
    expect(Math.abs(back.json().data.offsetMs)).toBeLessThan(1_000);
  });

  it('moved past 21:00, the daily send of an establishment goes by itself, once', async () => {
    const owner = await registerVerifiedOwner(ctx);
    // The clock reads the last noon of the establishment's clock (never after the real time: the
    // traveler, stamped by the database's real clock, counts from when the mode is switched on),
    // nine hours from 21:00, which it cannot reach by itself while the test runs.
    const timeZone = establishmentTimeZone(owner.body.establishment);
    const noon = lastOccurrence('12:00', timeZone, new Date());
    const nine = instantOf(`${todayIso(noon, timeZone)}T21:00:00`, timeZone);
    expect((await move({ at: noon.toISOString() })).statusCode).toBe(200);
    await configureEstablishment(ctx, owner.establishmentId, { establishmentCode: 'H150000777' });
    await ctx.database.db
      .update(establishments)
      .set({ landlordCode: service.landlordCode })
      .where(eq(establishments.id, owner.establishmentId));
    const connected = await ctx.app.inject({
      method: 'PUT',
      url: `/api/establishments/${owner.establishmentId}/ses-connection`,
      headers: bearer(owner.token),
      payload: { user: service.user, password: service.password, environment: 'test' },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const scheduled = await ctx.app.inject({
      method: 'PUT',
      url: `/api/establishments/${owner.establishmentId}/ses-schedule`,
      headers: bearer(owner.token),
      payload: { PV: { mode: 'daily', time: '21:00' }, RH: { mode: 'manual' } },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await registerTraveler(ctx, owner.token, sesReadyBody(owner.establishmentId));
    const altas = () =>
      service.requests.filter((r) => r.xml?.includes('<codigoEstablecimiento>H150000777<'));

    // 20:59: nothing goes.
    expect((await move({ at: new Date(nine.getTime() - 60_000).toISOString() })).statusCode).toBe(
      200,
    );
    await new Promise((done) => setTimeout(done, 4_000));
    expect(altas()).toHaveLength(0);

    expect((await move({ advanceMs: 90_000 })).statusCode).toBe(200);
    await vi.waitFor(() => expect(altas()).toHaveLength(1), { timeout: 20_000, interval: 200 });
    await new Promise((done) => setTimeout(done, 3_000));
    expect(altas()).toHaveLength(1);
  });
});
