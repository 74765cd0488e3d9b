/**
 * PATCH /api/pilgrims/bulk (decision 043): the client list's bulk actions, check-out on a date
 * and the payment type, all or nothing, tenant-scoped, audited per traveler.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Traveler } from '@hospes/shared/travelers';
import { auditLog, pilgrims } from '../../db/schema';
import { createAdminSession } from '../../../test/accounts';
import { travelerBody } from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let other: Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdminSession(ctx);
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function register(
  token: string,
  establishmentId: string,
  overrides: Record<string, unknown> = {},
): Promise<Traveler> {
  const res = await call(
    'POST',
    '/api/pilgrims',
    token,
    travelerBody(establishmentId, { checkOutDate: '', ...overrides }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The rows as stored: id → check-out, payment type, exit time, last update. */
async function stored(ids: string[]) {
  const rows = await ctx.database.db.select().from(pilgrims).where(inArray(pilgrims.id, ids));
  return Object.fromEntries(
    rows.map((row) => [
      row.id,
      {
        checkOutDate: row.checkOutDate,
        paymentType: row.paymentType,
        exitDateTime: row.exitDateTime,
        updatedAt: row.updatedAt.toISOString(),
      },
    ]),
  );
}

async function updates(ids: string[]) {
  return ctx.database.db
    .select({ entityId: auditLog.entityId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'pilgrim.updated'), inArray(auditLog.entityId, ids)));
}

describe('PATCH /api/pilgrims/bulk', () => {
  it('checks the travelers out and sets their payment type, each change audited', async () => {
    const a = await register(owner.token, owner.establishmentId);
    const b = await register(owner.token, owner.establishmentId, {
      stay: { exitDateTime: '2026-03-05T11:00', paymentType: 'TARJT' },
    });
    const res = await call('PATCH', '/api/pilgrims/bulk?lng=en', owner.token, {
      pilgrimIds: [a.id, b.id, a.id],
      checkOutDate: '2026-03-03',
      paymentType: 'efect',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Pilgrims updated: 2.',
      data: { requested: 2, updated: 2 },
    });
    const rows = await stored([a.id, b.id]);
    expect(rows[a.id]).toMatchObject({ checkOutDate: '2026-03-03', paymentType: 'EFECT' });
    // A departure time of another day would still be the parte's departure: it goes.
    expect(rows[b.id]).toMatchObject({
      checkOutDate: '2026-03-03',
      paymentType: 'EFECT',
      exitDateTime: null,
    });
    // What the record answers is the same.
    const read = await call('GET', `/api/pilgrims/${b.id}`, owner.token);
    expect(read.json().data).toMatchObject({
      checkOutDate: '2026-03-03',
      stay: { paymentType: 'EFECT', exitDateTime: null },
    });
    const audited = await updates([a.id, b.id]);
    expect(audited.map((entry) => entry.entityId).sort()).toEqual([a.id, b.id].sort());
    expect(audited.find((entry) => entry.entityId === a.id)?.details).toEqual({
      fields: ['checkOutDate', 'stay.paymentType'],
      documents: [],
      bulk: true,
    });
    expect(audited.find((entry) => entry.entityId === b.id)?.details).toMatchObject({
      fields: ['checkOutDate', 'stay.exitDateTime', 'stay.paymentType'],
    });

    // The same again changes nothing, and writes no history.
    const again = await call('PATCH', '/api/pilgrims/bulk', owner.token, {
      pilgrimIds: [a.id],
      paymentType: 'EFECT',
    });
    expect(again.json().data).toEqual({ requested: 1, updated: 0 });
    expect(again.json().message).toBe('Peregrinos actualizados: 0.');
    expect(await updates([a.id])).toHaveLength(1);
  });

  it('sets only what is given', async () => {
    const a = await register(owner.token, owner.establishmentId, {
      stay: { paymentType: 'TRANS' },
    });
    const res = await call('PATCH', '/api/pilgrims/bulk', owner.token, {
      pilgrimIds: [a.id],
      checkOutDate: '2026-03-04',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored([a.id]))[a.id]).toMatchObject({
      checkOutDate: '2026-03-04',
      paymentType: 'TRANS',
    });
  });

  it("changes nothing when one id is another tenant's or unknown: 404 as everywhere", async () => {
    const mine = await register(owner.token, owner.establishmentId);
    const theirs = await register(other.token, other.establishmentId);
    const before = await stored([mine.id, theirs.id]);
    for (const pilgrimIds of [
      [mine.id, theirs.id],
      [mine.id, '00000000-0000-4000-8000-000000000000'],
      [mine.id, 'not-an-id'],
    ]) {
      const res = await call('PATCH', '/api/pilgrims/bulk?lng=en', owner.token, {
        pilgrimIds,
        checkOutDate: '2026-03-09',
      });
      if (pilgrimIds[1] === 'not-an-id') {
        // A malformed id is refused by the schema, before any lookup.
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      } else {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'PILGRIM_NOT_FOUND' });
      }
    }
    expect(await stored([mine.id, theirs.id])).toEqual(before);
    expect(await updates([mine.id, theirs.id])).toEqual([]);

    // An admin reaches every tenant's travelers.
    const byAdmin = await call('PATCH', '/api/pilgrims/bulk', admin.token, {
      pilgrimIds: [mine.id, theirs.id],
      paymentType: 'OTRO',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data).toEqual({ requested: 2, updated: 2 });
  });

  it('refuses a check-out before an entry, naming the traveler, and changes nothing', async () => {
    const early = await register(owner.token, owner.establishmentId, { entryDate: '2026-03-01' });
    const late = await register(owner.token, owner.establishmentId, { entryDate: '2026-03-10' });
    const before = await stored([early.id, late.id]);
    const res = await call('PATCH', '/api/pilgrims/bulk?lng=en', owner.token, {
      pilgrimIds: [early.id, late.id],
      checkOutDate: '2026-03-05',
      paymentType: 'EFECT',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: `${late.id}.checkOutDate`, code: 'validation.checkOutBeforeEntry' }],
    });
    expect(await stored([early.id, late.id])).toEqual(before);
  });

  it('refuses bad input with 400 and needs a session', async () => {
    const a = await register(owner.token, owner.establishmentId);
    const before = await stored([a.id]);
    const bodies: unknown[] = [
      {},
      { pilgrimIds: [], paymentType: 'EFECT' },
      { pilgrimIds: [a.id] },
      { pilgrimIds: [a.id], paymentType: 'GOLD' },
      { pilgrimIds: [a.id], checkOutDate: '2026-02-30' },
      { pilgrimIds: 'all', paymentType: 'EFECT' },
      { pilgrimIds: [a.id], checkOutDate: null },
    ];
    for (const body of bodies) {
      const res = await call('PATCH', '/api/pilgrims/bulk', owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const nothing = await call('PATCH', '/api/pilgrims/bulk?lng=en', owner.token, {
      pilgrimIds: [a.id],
    });
    expect(nothing.json().details).toEqual([
      expect.objectContaining({
        field: 'checkOutDate',
        message: 'Give a check-out date or a payment type to change',
      }),
    ]);
    expect(
      (
        await call('PATCH', '/api/pilgrims/bulk', undefined, {
          pilgrimIds: [a.id],
          paymentType: 'EFECT',
        })
      ).statusCode,
    ).toBe(401);
    expect(await stored([a.id])).toEqual(before);
  });
});
