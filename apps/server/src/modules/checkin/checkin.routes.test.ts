/**
 * The self check-in through its link and the desk's confirmation, call by call.
 *
 * One test file over 500 lines on purpose: the calls share one test app and its seeded tenants, set up
 * once per file (a PGlite restored from the snapshot); split, each file would set them up again.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicCheckinInputSchema } from '@hospes/shared/checkin';
import { todayIso } from '@hospes/shared/dates';
import { TravelerListResponseSchema, type Traveler } from '@hospes/shared/travelers';
import { auditLog, establishments, pilgrims, selfRegistrations } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { createAuditRepository } from '../audit/audit.repository';
import { createTravelersRepository } from '../travelers/travelers.repository';
import { createAdminSession } from '../../../test/accounts';
import { multipartBody } from '../../../test/documents-helpers';
import { mrzFixtures } from '../../../test/fixtures/mrz/fixtures';
import { travelerBody } from '../../../test/traveler-factories';
import { createCheckinRepository } from './checkin.repository';
import { createCheckinService } from './checkin.service';
import {
  bearer,
  createTestContext,
  travelersServiceWith,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let other: Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  // Scans per establishment (CHECKIN_SCANS_PER_MINUTE) raised here, so that the limit per
  // address is tested alone; the establishment's budget is tested with the defaults below.
  ctx = await createTestContext({ checkinScans: { maxPixels: 12_000_000, perMinute: 1000 } });
  admin = await createAdminSession(ctx);
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let ipCounter = 0;
/** Each public call comes from its own address unless one is given (the per-IP limit). */
const call = (
  method: Method,
  url: string,
  token?: string,
  payload?: unknown,
  ip = `10.0.0.${++ipCounter % 250}`,
) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function linkOf(establishmentId: string, token = owner.token) {
  const res = await call('GET', `/api/establishments/${establishmentId}/checkin-link`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { token: string | null; active: boolean } }>().data;
}

/** As the public page sends it: no check-out date, the entry date the day it is sent. */
async function selfRegister(linkToken: string, overrides: Record<string, unknown> = {}) {
  const res = await call(
    'POST',
    `/api/public/checkin/${linkToken}`,
    undefined,
    travelerBody(null, {
      lastName: 'Peregrina',
      entryDate: undefined,
      checkOutDate: undefined,
      ...overrides,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { confirmationCode: string } }>().data.confirmationCode;
}

describe('check-in link (staff)', () => {
  it('is created on first use, stays the same, renews and revokes; others get 404', async () => {
    const first = await linkOf(owner.establishmentId);
    expect(first.active).toBe(true);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await linkOf(owner.establishmentId)).token).toBe(first.token);
    // An admin reaches it too.
    expect((await linkOf(owner.establishmentId, admin.token)).token).toBe(first.token);

    // Another tenant: 404, never 403; without login 401.
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/renew'],
      ['DELETE', ''],
    ] as const) {
      const url = `/api/establishments/${owner.establishmentId}/checkin-link${suffix}`;
      const res = await call(method, url, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ESTABLISHMENT_NOT_FOUND');
      expect((await call(method, url)).statusCode).toBe(401);
    }
    expect(
      (await call('GET', '/api/establishments/not-a-uuid/checkin-link', owner.token)).statusCode,
    ).toBe(404);

    const renewed = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/checkin-link/renew`,
      owner.token,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const newToken = renewed.json().data.token as string;
    expect(newToken).not.toBe(first.token);
    expect((await call('GET', `/api/public/checkin/${first.token}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/public/checkin/${newToken}`)).statusCode).toBe(200);

    const revoked = await call(
      'DELETE',
      `/api/establishments/${owner.establishmentId}/checkin-link`,
      owner.token,
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ active: false, token: null });
    expect((await linkOf(owner.establishmentId)).active).toBe(false);
    const gone = await call('GET', `/api/public/checkin/${newToken}`, undefined, undefined);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, code: 'CHECKIN_LINK_INVALID' });
    expect((await call('GET', `/api/public/checkin/${newToken}?lng=en`)).json().message).toMatch(
      /no longer valid/,
    );
    const post = await call(
      'POST',
      `/api/public/checkin/${newToken}`,
      undefined,
      travelerBody(null),
    );
    expect(post.statusCode).toBe(404);

    // Renewing brings a revoked link back with a fresh token.
    const back = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/checkin-link/renew`,
      owner.token,
    );
    expect(back.json().data.active).toBe(true);
    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.establishmentId, owner.establishmentId));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'establishment.checkin_link_created',
        'establishment.checkin_link_renewed',
        'establishment.checkin_link_revoked',
      ]),
    );
  });
});

describe('public self-registration', () => {
  it('shows the establishment and registers the traveler in it only', async () => {
    const { token } = await linkOf(owner.establishmentId);
    const info = await call('GET', `/api/public/checkin/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json().data.establishment).toMatchObject({
      name: owner.body.establishment.name,
      type: expect.any(String),
      city: expect.any(String),
    });

    // An establishmentId in the body is ignored: the link decides.
    const code = await selfRegister(token!, { establishmentId: other.establishmentId });
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    const [row] = await ctx.database.db
      .select({ pilgrimId: selfRegistrations.pilgrimId, status: selfRegistrations.status })
      .from(selfRegistrations)
      .where(eq(selfRegistrations.confirmationCode, code));
    expect(row?.status).toBe('pending');
    const [pilgrim] = await ctx.database.db
      .select({ establishmentId: pilgrims.establishmentId, createdBy: pilgrims.createdBy })
      .from(pilgrims)
      .where(eq(pilgrims.id, row!.pilgrimId));
    expect(pilgrim).toEqual({ establishmentId: owner.establishmentId, createdBy: null });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, row!.pilgrimId), eq(auditLog.action, 'pilgrim.self_registered')),
      );
    expect(audit).toHaveLength(1);

    // The other owner cannot find it by code; the owner can.
    expect((await call('GET', `/api/pilgrims/by-code/${code}`, other.token)).statusCode).toBe(404);
    const found = await call('GET', `/api/pilgrims/by-code/${code.toLowerCase()}`, owner.token);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({
      id: row!.pilgrimId,
      lastName: 'Peregrina',
      selfRegistration: { status: 'pending', confirmationCode: code },
    });
  });

  it('requires the signature and refuses an unknown token', async () => {
    const { token } = await linkOf(owner.establishmentId);
    const unsigned = await call(
      'POST',
      `/api/public/checkin/${token}`,
      undefined,
      travelerBody(null, { signatureImage: '' }),
    );
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe('SIGNATURE_REQUIRED');
    expect((await call('GET', '/api/public/checkin/nope')).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/public/checkin/nope', undefined, travelerBody(null))).statusCode,
    ).toBe(404);
  });

  it('registers once for a repeated or concurrent Idempotency-Key, per establishment', async () => {
    const mine = (await linkOf(owner.establishmentId)).token!;
    const third = await registerVerifiedOwner(ctx);
    const theirs = (await linkOf(third.establishmentId, third.token)).token!;
    // One traveler's data per key, as a phone sends it again.
    const bodies = new Map<string, object>();
    const bodyFor = (key: string) => {
      if (!bodies.has(key)) bodies.set(key, travelerBody(null, { lastName: 'Reintento' }));
      return bodies.get(key)!;
    };
    const send = (link: string, key: string, payload: object = bodyFor(key)) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/public/checkin/${link}`,
        remoteAddress: `10.1.0.${++ipCounter % 250}`,
        headers: { 'idempotency-key': key },
        payload,
      });
    const codeOf = (res: { json(): { data: { confirmationCode: string } } }) =>
      res.json().data.confirmationCode;
    const keyed = (key: string) =>
      ctx.database.db
        .select({ code: selfRegistrations.confirmationCode })
        .from(selfRegistrations)
        .where(eq(selfRegistrations.requestKey, key));

    const first = await send(mine, 'phone-retry-1');
    const again = await send(mine, 'phone-retry-1');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(codeOf(again)).toBe(codeOf(first));
    expect(await keyed('phone-retry-1')).toEqual([{ code: codeOf(first) }]);

    const atOnce = await Promise.all([1, 2, 3].map(() => send(mine, 'phone-retry-2')));
    expect(atOnce.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(atOnce.map(codeOf)).size).toBe(1);
    expect(await keyed('phone-retry-2')).toHaveLength(1);

    // Another establishment's link: the same key is another registration.
    const elsewhere = await send(theirs, 'phone-retry-1');
    expect(elsewhere.statusCode).toBe(201);
    expect(codeOf(elsewhere)).not.toBe(codeOf(first));

    // The key again with other data: refused, and nothing is written.
    const rows = async () => ({
      travelers: (await ctx.database.db.select({ id: pilgrims.id }).from(pilgrims)).length,
      selfRegistrations: (
        await ctx.database.db.select({ id: selfRegistrations.pilgrimId }).from(selfRegistrations)
      ).length,
      audit: (await ctx.database.db.select({ id: auditLog.id }).from(auditLog)).length,
    });
    const before = await rows();
    const edited = await send(mine, 'phone-retry-1', { ...bodyFor('phone-retry-1'), gender: 'F' });
    expect(edited.statusCode, edited.body).toBe(422);
    expect(edited.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await rows()).toEqual(before);
    // What the check-in ignores (an establishment, a stay) is not other data.
    const ignored = await send(mine, 'phone-retry-1', {
      ...bodyFor('phone-retry-1'),
      establishmentId: third.establishmentId,
      stay: { numberOfPersons: 2 },
    });
    expect(ignored.statusCode, ignored.body).toBe(201);
    expect(ignored.headers['idempotent-replayed']).toBe('true');
    expect(codeOf(ignored)).toBe(codeOf(first));

    const malformed = await send(mine, 'not a key');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers 429 after 10 attempts an hour from one address', async () => {
    const { token } = await linkOf(owner.establishmentId);
    const ip = '192.0.2.77';
    // Refused bodies count too, those refused before validation (a NUL character) included.
    for (let i = 0; i < 10; i++) {
      const body = i % 2 ? { bad: true } : { firstName: 'A\u0000' };
      const res = await call('POST', `/api/public/checkin/${token}`, undefined, body, ip);
      expect(res.statusCode).toBe(400);
    }
    const blocked = await call(
      'POST',
      `/api/public/checkin/${token}`,
      undefined,
      travelerBody(null),
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address still gets through.
    await selfRegister(token!);
  });
});

describe('review and confirmation', () => {
  it('lists pending self-registrations and confirms them', async () => {
    const { token } = await linkOf(other.establishmentId, other.token);
    const code = await selfRegister(token!, { lastName: 'Revisar' });
    // A staff registration is not pending review.
    const staff = await call(
      'POST',
      '/api/pilgrims',
      other.token,
      travelerBody(other.establishmentId),
    );
    expect(staff.statusCode).toBe(201);
    expect(staff.json().data.selfRegistration).toBeNull();

    const pending = async () => {
      const res = await call('GET', '/api/pilgrims?review=pending&limit=100', other.token);
      expect(res.statusCode, res.body).toBe(200);
      return TravelerListResponseSchema.parse(res.json());
    };
    const before = await pending();
    expect(before.data.map((p) => p.lastName)).toEqual(['Revisar']);
    expect(before.pagination.total).toBe(1);
    expect((await call('GET', '/api/pilgrims?review=bogus', other.token)).statusCode).toBe(400);

    const pilgrim: Traveler = (
      await call('GET', `/api/pilgrims/by-code/${code}`, other.token)
    ).json().data;
    // Another tenant cannot confirm it.
    expect(
      (await call('POST', `/api/pilgrims/${pilgrim.id}/confirm`, owner.token)).statusCode,
    ).toBe(404);
    const dayBefore = todayIso();
    const confirmed = await call('POST', `/api/pilgrims/${pilgrim.id}/confirm`, other.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.selfRegistration).toEqual({
      status: 'confirmed',
      confirmationCode: code,
    });
    // Without a body: the arrival is the establishment's today (A Coruña: the mainland's clock).
    expect([dayBefore, todayIso()]).toContain(confirmed.json().data.entryDate);
    // Idempotent.
    expect(
      (await call('POST', `/api/pilgrims/${pilgrim.id}/confirm`, other.token)).statusCode,
    ).toBe(200);
    expect((await pending()).data).toHaveLength(0);
    // A traveler registered by staff has nothing to confirm.
    expect(
      (await call('POST', `/api/pilgrims/${staff.json().data.id}/confirm`, other.token)).statusCode,
    ).toBe(404);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, pilgrim.id),
          eq(auditLog.action, 'pilgrim.self_registration_confirmed'),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorUserId).toBe(other.userId);
  });

  it('a confirmation shows in the pending total at once', async () => {
    const { token } = await linkOf(other.establishmentId, other.token);
    const codes = [
      await selfRegister(token!, { lastName: 'Uno' }),
      await selfRegister(token!, { lastName: 'Dos' }),
    ];
    // A full page of one: its total is counted, and kept a few seconds (traveler-counts).
    const pendingTotal = async () =>
      (await call('GET', '/api/pilgrims?review=pending&limit=1', other.token)).json().pagination
        .total as number;
    const before = await pendingTotal();
    expect(before).toBeGreaterThanOrEqual(2);
    const pilgrim: Traveler = (
      await call('GET', `/api/pilgrims/by-code/${codes[0]}`, other.token)
    ).json().data;
    expect(
      (await call('POST', `/api/pilgrims/${pilgrim.id}/confirm`, other.token)).statusCode,
    ).toBe(200);
    expect(await pendingTotal()).toBe(before - 1);
  });
});

describe('the day of arrival set by the confirmation (decision 031)', () => {
  type Owner = Awaited<ReturnType<typeof registerVerifiedOwner>>;
  const confirm = (id: string, token: string, body?: unknown, query = '') =>
    call('POST', `/api/pilgrims/${id}/confirm${query}`, token, body);
  /** A traveler registered through the owner's link, as staff find it by its code. */
  async function registeredBy(owner: Owner, overrides: Record<string, unknown> = {}) {
    const { token } = await linkOf(owner.establishmentId, owner.token);
    const code = await selfRegister(token!, overrides);
    const found = await call('GET', `/api/pilgrims/by-code/${code}`, owner.token);
    expect(found.statusCode, found.body).toBe(200);
    return found.json<{ data: Traveler }>().data;
  }
  const read = async (id: string, owner: Owner) =>
    (await call('GET', `/api/pilgrims/${id}`, owner.token)).json<{ data: Traveler }>().data;
  const confirmations = (id: string) =>
    ctx.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, id), eq(auditLog.action, 'pilgrim.self_registration_confirmed')),
      );

  it('sets the day the desk gives, says it in the audit log, and changes nothing a second time', async () => {
    const pilgrim = await registeredBy(other, { entryDate: '2026-11-20' });
    expect(pilgrim.entryDate).toBe('2026-11-20');
    const res = await confirm(pilgrim.id, other.token, { entryDate: '2026-11-21' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      entryDate: '2026-11-21',
      selfRegistration: { status: 'confirmed' },
    });
    const [row] = await ctx.database.db
      .select({ entryDate: pilgrims.entryDate })
      .from(pilgrims)
      .where(eq(pilgrims.id, pilgrim.id));
    expect(row?.entryDate).toBe('2026-11-21');
    expect(await confirmations(pilgrim.id)).toEqual([
      {
        details: { fields: ['entryDate'], entryDate: '2026-11-21', fromEntryDate: '2026-11-20' },
      },
    ]);

    // Confirmed already: another day sent changes nothing, and is not audited again.
    const again = await confirm(pilgrim.id, other.token, { entryDate: '2026-11-22' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.entryDate).toBe('2026-11-21');
    expect(await confirmations(pilgrim.id)).toHaveLength(1);

    // The day it already has: confirmed without a change to record.
    const same = await registeredBy(other, { entryDate: '2026-11-20' });
    expect(
      (await confirm(same.id, other.token, { entryDate: '2026-11-20' })).json().data.entryDate,
    ).toBe('2026-11-20');
    expect(await confirmations(same.id)).toEqual([{ details: null }]);
  });

  it('refuses a day that is not a date or breaks a rule of the record, and changes nothing', async () => {
    const pilgrim = await registeredBy(other, {
      entryDate: '2026-11-20',
      dateOfBirth: '1980-05-17',
      documentExpeditionDate: '2020-01-10',
    });
    const refused = async (body: unknown) => {
      const res = await confirm(pilgrim.id, other.token, body, '?lng=en');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      return res.json<{ details: { field: string; code: string; message: string }[] }>().details;
    };
    for (const entryDate of ['2026-02-30', 'tomorrow', '', '2026-11-20T10:00', 20261121]) {
      const details = await refused({ entryDate });
      expect(details.length).toBeGreaterThan(0);
      for (const detail of details) expect(detail.field).toBe('entryDate');
    }
    expect(await refused({ entryDate: '1979-12-31' })).toEqual([
      {
        field: 'entryDate',
        code: 'validation.entryBeforeBirth',
        message: 'The entry date cannot be before the date of birth',
      },
      {
        field: 'documentExpeditionDate',
        code: 'validation.expeditionAfterEntry',
        message: 'The expedition date cannot be after the entry date',
      },
    ]);
    expect(await refused({ entryDate: '2019-06-01' })).toEqual([
      expect.objectContaining({
        field: 'documentExpeditionDate',
        code: 'validation.expeditionAfterEntry',
      }),
    ]);
    // A check-out date recorded meanwhile cannot come before the arrival.
    const put = await call('PUT', `/api/pilgrims/${pilgrim.id}`, other.token, {
      checkOutDate: '2026-11-22',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await refused({ entryDate: '2026-11-23' })).toEqual([
      expect.objectContaining({ field: 'checkOutDate', code: 'validation.checkOutBeforeEntry' }),
    ]);

    // Nothing changed: neither the date nor the status, and no confirmation in the log.
    const after = await read(pilgrim.id, other);
    expect(after.entryDate).toBe('2026-11-20');
    expect(after.selfRegistration?.status).toBe('pending');
    expect(await confirmations(pilgrim.id)).toHaveLength(0);
    // A valid day then confirms it.
    const ok = await confirm(pilgrim.id, other.token, { entryDate: '2026-11-21' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.entryDate).toBe('2026-11-21');
  });

  it('answers 404 to another tenant and changes nothing', async () => {
    const pilgrim = await registeredBy(other, { entryDate: '2026-11-20' });
    const res = await confirm(pilgrim.id, owner.token, { entryDate: '2026-11-21' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PILGRIM_NOT_FOUND');
    const after = await read(pilgrim.id, other);
    expect(after).toMatchObject({
      entryDate: '2026-11-20',
      selfRegistration: { status: 'pending' },
    });
    expect(await confirmations(pilgrim.id)).toHaveLength(0);
  });

  it('takes the day of the stay’s check-in time when staff recorded one, and refuses another', async () => {
    const pilgrim = await registeredBy(other, { entryDate: '2026-11-20' });
    const put = await call('PUT', `/api/pilgrims/${pilgrim.id}`, other.token, {
      stay: { entryDateTime: '2026-11-21T19:30' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await confirm(pilgrim.id, other.token, { entryDate: '2026-11-23' }, '?lng=en');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual([
      {
        field: 'entryDate',
        code: 'validation.entryDateNotStayDay',
        message: expect.stringMatching(/check-in time/),
      },
    ]);
    expect((await read(pilgrim.id, other)).selfRegistration?.status).toBe('pending');

    const byStay = await confirm(pilgrim.id, other.token);
    expect(byStay.statusCode, byStay.body).toBe(200);
    expect(byStay.json().data).toMatchObject({
      entryDate: '2026-11-21',
      stay: { entryDateTime: '2026-11-21T19:30:00' },
      selfRegistration: { status: 'confirmed' },
    });
  });

  it('gives a number of the arrival’s year when the confirmation moves the entry to another year', async () => {
    // An establishment of its own: its series start at 1.
    const hostel = await registerVerifiedOwner(ctx);
    const sent = await registeredBy(hostel, { entryDate: '2026-12-31' });
    const staysInYear = await registeredBy(hostel, { entryDate: '2026-12-30' });
    expect([sent.reportNumber, staysInYear.reportNumber]).toEqual(['2026/000001', '2026/000002']);

    const moved = await confirm(sent.id, hostel.token, { entryDate: '2027-01-01' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      entryDate: '2027-01-01',
      reportNumber: '2027/000001',
    });
    expect(await confirmations(sent.id)).toEqual([
      {
        details: {
          fields: ['entryDate'],
          entryDate: '2027-01-01',
          fromEntryDate: '2026-12-31',
          reportNumber: '2027/000001',
          fromReportNumber: '2026/000001',
        },
      },
    ]);
    // The record's history tells the day and the number the confirmation set.
    const history = await call('GET', `/api/pilgrims/${sent.id}/history`, hostel.token);
    expect(history.statusCode, history.body).toBe(200);
    expect(
      history
        .json()
        .data.find(
          (entry: { action: string }) => entry.action === 'pilgrim.self_registration_confirmed',
        ),
    ).toMatchObject({
      by: 'staff',
      fields: ['entryDate'],
      arrival: { entryDate: '2027-01-01', from: '2026-12-31' },
      renumbered: { reportNumber: '2027/000001', from: '2026/000001' },
    });
    // Within its year the number stays.
    const kept = await confirm(staysInYear.id, hostel.token, { entryDate: '2026-12-31' });
    expect(kept.json().data).toMatchObject({
      entryDate: '2026-12-31',
      reportNumber: '2026/000002',
    });

    // A date moved to the next year by an edit before the confirmation (the QR flow saves the
    // form, then confirms): the edit keeps the number (decision 013), the confirmation gives it.
    const edited = await registeredBy(hostel, { entryDate: '2026-12-31' });
    expect(edited.reportNumber).toBe('2026/000003');
    const put = await call('PUT', `/api/pilgrims/${edited.id}`, hostel.token, {
      entryDate: '2027-01-02',
    });
    expect(put.json().data.reportNumber).toBe('2026/000003');
    const confirmed = await confirm(edited.id, hostel.token, { entryDate: '2027-01-02' });
    expect(confirmed.json().data).toMatchObject({
      entryDate: '2027-01-02',
      reportNumber: '2027/000002',
    });
    expect(await confirmations(edited.id)).toEqual([
      { details: { reportNumber: '2027/000002', fromReportNumber: '2026/000003' } },
    ]);
  });

  it('by default takes the establishment’s today, by its clock: the Canary Islands are an hour behind', async () => {
    const island = await registerVerifiedOwner(ctx);
    const mainland = await registerVerifiedOwner(ctx);
    await ctx.database.db
      .update(establishments)
      .set({ province: 'Santa Cruz de Tenerife', postalCode: '38001' })
      .where(eq(establishments.id, island.establishmentId));
    let clock = new Date('2026-12-30T10:00:00Z');
    const now = () => clock;
    const db = ctx.database.db;
    const service = createCheckinService({
      db,
      checkin: createCheckinRepository(db),
      pilgrims: await travelersServiceWith(ctx, () => ({}), undefined, now),
      reportNumbers: createTravelersRepository(db, ctx.database.kind),
      audit: createAuditRepository(db),
      ocr: null as never,
      now,
    });
    const context = { actorId: null, requestId: null, ip: null };
    const register = async (owner: Owner) => {
      const { token } = await linkOf(owner.establishmentId, owner.token);
      const input = PublicCheckinInputSchema.parse(
        travelerBody(null, { entryDate: undefined, checkOutDate: undefined }),
      );
      const { confirmationCode } = await service.register(token!, input, context);
      return service.byCode(actorOf(owner), confirmationCode);
    };
    const actorOf = (owner: Owner): Actor => ({
      id: owner.userId,
      sessionId: 's',
      role: 'user',
      name: 'Owner',
      email: owner.email,
    });
    const onIsland = await register(island);
    const onMainland = await register(mainland);
    expect([onIsland.entryDate, onMainland.entryDate]).toEqual(['2026-12-30', '2026-12-30']);

    // 23:30 on New Year's Eve in Tenerife is already 00:30 on 1 January in Madrid.
    clock = new Date('2026-12-31T23:30:00Z');
    const islandDay = await service.confirm(actorOf(island), onIsland.id, undefined, {
      ...context,
      actorId: island.userId,
    });
    expect(islandDay).toMatchObject({ entryDate: '2026-12-31', reportNumber: '2026/000001' });
    const mainlandDay = await service.confirm(
      actorOf(mainland),
      onMainland.id,
      {},
      {
        ...context,
        actorId: mainland.userId,
      },
    );
    expect(mainlandDay).toMatchObject({ entryDate: '2027-01-01', reportNumber: '2027/000001' });
  });
});

describe('public document scan (POST /api/public/checkin/{token}/ocr)', () => {
  const photo = () =>
    multipartBody({
      name: 'dni.jpg',
      content: fs.readFileSync(mrzFixtures().find((f) => f.name === 'td1-esp-clean')!.file),
      type: 'image/jpeg',
      field: 'document',
    });
  const scan = (token: string, body: ReturnType<typeof multipartBody>, ip?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/public/checkin/${token}/ocr`,
      payload: body.payload,
      headers: body.headers,
      remoteAddress: ip ?? `10.2.0.${++ipCounter % 250}`,
    });

  it('reads the document photo through a live link only', async () => {
    const { token } = await linkOf(other.establishmentId, other.token);
    const res = await scan(token!, photo());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      documentType: 'D',
      passportNumber: '47312865W',
      lastName: 'MARTINEZ',
      nationality: 'ESP',
    });
    expect((await scan('no-such-link', photo())).statusCode).toBe(404);
    const revoked = await call(
      'DELETE',
      `/api/establishments/${other.establishmentId}/checkin-link`,
      other.token,
    );
    expect(revoked.statusCode).toBe(200);
    expect((await scan(token!, photo())).statusCode).toBe(404);
  });

  it('refuses what is not an image, and answers 429 after 30 scans an hour from one address', async () => {
    const { token } = await linkOf(owner.establishmentId);
    const ip = '192.0.2.88';
    const text = multipartBody({
      name: 'notes.txt',
      content: Buffer.from('not a photo'),
      type: 'text/plain',
      field: 'document',
    });
    for (let i = 0; i < 30; i++) {
      const res = await scan(token!, text, ip);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.statusCode).not.toBe(429);
    }
    const blocked = await scan(token!, photo(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('public document scan: the pixel cap and the establishment budget (defaults)', () => {
  let app: TestContext;
  let first: Awaited<ReturnType<typeof registerVerifiedOwner>>;
  let second: Awaited<ReturnType<typeof registerVerifiedOwner>>;
  beforeAll(async () => {
    app = await createTestContext();
    first = await registerVerifiedOwner(app);
    second = await registerVerifiedOwner(app);
  });
  afterAll(async () => {
    await app?.close();
  });
  const linkToken = async (owner: Awaited<ReturnType<typeof registerVerifiedOwner>>) => {
    const res = await app.app.inject({
      method: 'GET',
      url: `/api/establishments/${owner.establishmentId}/checkin-link`,
      headers: bearer(owner.token),
    });
    return res.json<{ data: { token: string } }>().data.token;
  };
  const scan = (
    token: string,
    content: Buffer,
    ip: string,
    url = `/api/public/checkin/${token}/ocr?lng=en`,
  ) => {
    const body = multipartBody({ name: 'dni.jpg', content, type: 'image/jpeg', field: 'document' });
    return app.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: body.headers,
      remoteAddress: ip,
    });
  };

  it('refuses a photo over 12 megapixels by its header, before any OCR, with 413', async () => {
    // A JPEG's header for 4,000 × 3,001 pixels (just over 12 million; a phone's 12 MP photo is
    // 4,032 × 3,024 = 12.2), then noise that no decoder could read: the OCR would answer 400.
    const header = Buffer.from([
      ...[0xff, 0xd8],
      ...[0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0, 1, 0, 1, 0, 0],
      ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x0b, 0xb9, 0x0f, 0xa0, 0x01, 0x01, 0x11, 0x00],
      ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00],
    ]);
    const over = Buffer.concat([header, randomBytes(4096), Buffer.from([0xff, 0xd9])]);
    expect(await sharp(over).metadata()).toMatchObject({ width: 4000, height: 3001 });
    const res = await scan(await linkToken(second), over, '10.4.0.1');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'IMAGE_TOO_MANY_PIXELS',
      message: expect.stringContaining('12 megapixels'),
    });
    expect(res.json().requestId).toBeDefined();
    // Under the cap, the same noise goes to the reader, which cannot decode it.
    const small = Buffer.from(header);
    small.writeUInt16BE(2000, 25);
    const under = await scan(
      await linkToken(second),
      Buffer.concat([small, randomBytes(4096), Buffer.from([0xff, 0xd9])]),
      '10.4.0.2',
    );
    expect(under.json().code).toBe('IMAGE_UNREADABLE');
  });

  it('answers 429 past 10 scans a minute at one establishment from any addresses; other establishments are not held up', async () => {
    const token = await linkToken(first);
    const text = Buffer.from('not a photo');
    // Ten addresses, one scan each (not images: counted all the same, before the upload is read).
    for (let i = 0; i < 10; i++) {
      const res = await scan(token, text, `10.5.0.${i}`);
      expect(res.statusCode).not.toBe(429);
    }
    const blocked = await scan(token, text, '10.5.0.200');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another establishment's link, and a dead link (404 before any budget), are answered.
    const elsewhere = await scan(await linkToken(second), text, '10.5.0.201');
    expect(elsewhere.statusCode).toBe(415);
    expect((await scan('no-such-link', text, '10.5.0.202')).statusCode).toBe(404);
  });
});

describe('per-link daily limit of self-registrations', () => {
  it('counts every address against the link, and each link on its own', async () => {
    const service = createCheckinService({
      db: null as never,
      checkin: null as never,
      pilgrims: null as never,
      reportNumbers: null as never,
      audit: null as never,
      ocr: null as never,
      limits: { perTokenPerDay: 3 },
    });
    for (let i = 0; i < 3; i++) await service.limitRegistration(`10.3.0.${i}`, 'link-a');
    await expect(service.limitRegistration('10.3.0.99', 'link-a')).rejects.toThrow(
      expect.objectContaining({ code: 'TOO_MANY_REQUESTS' }),
    );
    await expect(service.limitRegistration('10.3.0.98', 'link-b')).resolves.not.toThrow();
  });
});
