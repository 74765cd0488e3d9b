/**
 * Reservations by hand, by CSV and the calendar export, call by call (decision 060). One test app
 * and its tenants for the file; the clock is fixed at 2026-12-01 (the desk's "today").
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCalendar } from '../../lib/ical/calendar';
import { auditLog, reservations as reservationsTable } from '../../db/schema';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

const NOW = new Date('2026-12-01T10:00:00Z');
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let other: Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const booking = (overrides: Record<string, unknown> = {}) => ({
  holderName: 'Anna Schmidt',
  holderEmail: 'anna@example.com',
  holderPhone: '+49 30 1234567',
  arrival: '2026-12-01',
  departure: '2026-12-04',
  guests: 2,
  unit: 'Habitación 1',
  channel: 'Booking.com',
  paymentType: 'PLATF',
  notes: 'Late arrival',
  ...overrides,
});

interface ReservationJson {
  id: string;
  status: string;
  arrival: string;
  departure: string;
  source: string;
  overlapsWith: string[];
  holderName: string;
  guests: number;
  externalUid: string | null;
}

async function create(body: Record<string, unknown>, establishmentId = owner.establishmentId) {
  const res = await call(
    'POST',
    `/api/establishments/${establishmentId}/reservations`,
    owner.token,
    body,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ReservationJson }>().data;
}

async function countOf(establishmentId: string) {
  return (
    await ctx.database.db
      .select({ id: reservationsTable.id })
      .from(reservationsTable)
      .where(eq(reservationsTable.establishmentId, establishmentId))
  ).length;
}

describe('reservations by hand', () => {
  it('creates a reservation and lists it by arrival, only to the establishment’s members', async () => {
    const later = await create(
      booking({ arrival: '2026-12-20', departure: '2026-12-22', unit: 'Ático' }),
    );
    const first = await create(booking({ holderName: 'Jean Dupont', unit: 'Estudio' }));
    expect(first).toMatchObject({ status: 'confirmed', source: 'manual', guests: 2 });

    const list = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/reservations?from=2026-11-30`,
      owner.token,
    );
    expect(list.statusCode).toBe(200);
    const ids = list.json<{ data: ReservationJson[] }>().data.map((r) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(later.id));

    for (const [method, url] of [
      ['GET', `/api/establishments/${owner.establishmentId}/reservations`],
      ['GET', `/api/reservations/${first.id}`],
      ['GET', `/api/establishments/${owner.establishmentId}/reservations/today`],
    ] as const) {
      const res = await call(method, url, other.token);
      expect(res.statusCode, url).toBe(404);
    }
    const put = await call('PUT', `/api/reservations/${first.id}`, other.token, {
      status: 'cancelled',
    });
    expect(put.statusCode).toBe(404);
    const post = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/reservations`,
      other.token,
      booking(),
    );
    expect(post.statusCode).toBe(404);
    expect((await call('GET', `/api/reservations/${first.id}`)).statusCode).toBe(401);
  });

  it('refuses a departure before the arrival and stores nothing', async () => {
    const before = await countOf(owner.establishmentId);
    const res = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/reservations`,
      owner.token,
      booking({ departure: '2026-11-30' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field: 'departure' })],
    });
    expect(await countOf(owner.establishmentId)).toBe(before);
  });

  it('creates once per Idempotency-Key, and refuses the key with other data', async () => {
    const url = `/api/establishments/${owner.establishmentId}/reservations`;
    const headers = { 'idempotency-key': 'resa-key-1' };
    const before = await countOf(owner.establishmentId);
    const first = await call(
      'POST',
      url,
      owner.token,
      booking({ holderName: 'Once Only' }),
      headers,
    );
    const again = await call(
      'POST',
      url,
      owner.token,
      booking({ holderName: 'Once Only' }),
      headers,
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await countOf(owner.establishmentId)).toBe(before + 1);

    const reused = await call(
      'POST',
      url,
      owner.token,
      booking({ holderName: 'Someone Else' }),
      headers,
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countOf(owner.establishmentId)).toBe(before + 1);
  });

  it('warns of overlapping nights on the same unit, and stops once one is cancelled', async () => {
    const a = await create(
      booking({ unit: 'Casa Azul', arrival: '2027-01-10', departure: '2027-01-15' }),
    );
    const b = await create(
      booking({ unit: 'Casa Azul', arrival: '2027-01-14', departure: '2027-01-16' }),
    );
    const c = await create(
      booking({ unit: 'Casa Azul', arrival: '2027-01-16', departure: '2027-01-18' }),
    );
    const got = async (id: string) =>
      (await call('GET', `/api/reservations/${id}`, owner.token)).json<{ data: ReservationJson }>()
        .data;
    expect((await got(a.id)).overlapsWith).toEqual([b.id]);
    expect((await got(b.id)).overlapsWith).toEqual([a.id]);
    expect((await got(c.id)).overlapsWith).toEqual([]);

    const cancelled = await call('PUT', `/api/reservations/${b.id}`, owner.token, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await got(a.id)).overlapsWith).toEqual([]);
  });

  it('changes a reservation, keeping departure after arrival', async () => {
    const r = await create(booking({ arrival: '2027-02-01', departure: '2027-02-03' }));
    const bad = await call('PUT', `/api/reservations/${r.id}`, owner.token, {
      arrival: '2027-02-05',
    });
    expect(bad.statusCode).toBe(400);
    const good = await call('PUT', `/api/reservations/${r.id}`, owner.token, {
      departure: '2027-02-06',
      guests: 3,
      status: 'checked_in',
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toMatchObject({
      departure: '2027-02-06',
      guests: 3,
      status: 'checked_in',
    });
    const cancelled = await call('PUT', `/api/reservations/${r.id}`, owner.token, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    // Each change audited, by whom, with what moved (decision 066); the refused one is not.
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, r.id))
      .orderBy(asc(auditLog.at), asc(auditLog.id));
    expect(entries.map((e) => [e.action, e.actorUserId])).toEqual([
      ['reservation.created', owner.userId],
      ['reservation.updated', owner.userId],
      ['reservation.cancelled', owner.userId],
    ]);
    expect(entries[1]!.details).toMatchObject({
      fields: ['departure', 'guests', 'status'],
      departure: '2027-02-06',
      fromDeparture: '2027-02-03',
      guests: 3,
      fromGuests: 2,
    });
    expect(entries[2]!.details).toMatchObject({ status: 'cancelled', fromStatus: 'checked_in' });
  });

  it('lists today’s arrivals by the establishment’s clock', async () => {
    const res = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/reservations/today`,
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    const { day, reservations } = res.json<{
      data: { day: string; reservations: ReservationJson[] };
    }>().data;
    expect(day).toBe('2026-12-01');
    expect(reservations.length).toBeGreaterThan(0);
    expect(reservations.every((r) => r.arrival === '2026-12-01')).toBe(true);
  });
});

describe('reservations from a CSV file', () => {
  const url = () => `/api/establishments/${other.establishmentId}/reservations/import`;
  const header =
    'reference;holderName;holderEmail;arrival;departure;guests;unit;channel;paymentType';

  it('imports every row, and a second import of the same references updates them', async () => {
    const csv = [
      header,
      'B-1;Ole Hansen;ole@example.com;05/12/2026;08/12/2026;2;Hab 2;Booking.com;platf',
      'B-2;"Núñez, Lucía";;2026-12-06;2026-12-07;1;Hab 3;Teléfono;EFECT',
    ].join('\r\n');
    const first = await call('POST', url(), other.token, { csv });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ created: 2, updated: 0 });

    const moved = csv.replace('08/12/2026', '09/12/2026');
    const second = await call('POST', url(), other.token, { csv: moved });
    expect(second.json().data).toEqual({ created: 0, updated: 2 });
    const list = await call(
      'GET',
      `/api/establishments/${other.establishmentId}/reservations`,
      other.token,
    );
    const rows = list.json<{ data: ReservationJson[] }>().data;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.externalUid === 'B-1')).toMatchObject({
      departure: '2026-12-09',
      source: 'csv',
    });
    expect(rows.find((r) => r.externalUid === 'B-2')?.holderName).toBe('Núñez, Lucía');
  });

  it('refuses a file with a bad row, naming it, and imports nothing', async () => {
    const before = await countOf(other.establishmentId);
    const csv = [
      header,
      'C-1;Good Row;;2026-12-10;2026-12-12;2;;;',
      'C-2;Bad Row;;2026-12-10;2026-12-09;0;;;',
    ].join('\n');
    const res = await call('POST', url(), other.token, { csv });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; details: { field: string }[] }>();
    expect(body.code).toBe('RESERVATION_IMPORT_INVALID');
    expect(body.details.map((d) => d.field)).toEqual(
      expect.arrayContaining(['rows.3.departure', 'rows.3.guests']),
    );
    expect(await countOf(other.establishmentId)).toBe(before);

    const noColumns = await call('POST', url(), other.token, { csv: 'name;date\nx;y' });
    expect(noColumns.statusCode).toBe(400);
    expect(await countOf(other.establishmentId)).toBe(before);
  });

  it('is refused on another tenant’s establishment', async () => {
    const res = await call('POST', url(), owner.token, {
      csv: `${header}\nX;Y;;2026-12-10;2026-12-12;1;;;`,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the calendar export', () => {
  it('gives a secret address whose calendar holds the live reservations, by unit', async () => {
    const res = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/reservations/calendar-export`,
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json<{ data: { url: string } }>().data.url);
    expect(url.pathname).toMatch(/^\/api\/public\/calendars\/[A-Za-z0-9_-]{32}$/);
    const again = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/reservations/calendar-export`,
      owner.token,
    );
    expect(again.json().data.url).toBe(url.href);
    expect(
      (
        await call(
          'GET',
          `/api/establishments/${owner.establishmentId}/reservations/calendar-export`,
          other.token,
        )
      ).statusCode,
    ).toBe(404);

    const kept = await create(
      booking({ unit: 'Loft', arrival: '2027-03-01', departure: '2027-03-04' }),
    );
    const gone = await create(
      booking({ unit: 'Loft', arrival: '2027-03-10', departure: '2027-03-12' }),
    );
    await call('PUT', `/api/reservations/${gone.id}`, owner.token, { status: 'cancelled' });

    const ics = await call('GET', `${url.pathname}?unit=Loft`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).not.toContain('Anna Schmidt');
    expect(readCalendar(ics.body)).toEqual([
      {
        uid: `${kept.id}@hospes`,
        arrival: '2027-03-01',
        departure: '2027-03-04',
        cancelled: false,
        summary: 'Hospes: Loft',
      },
    ]);
    const all = readCalendar((await call('GET', url.pathname)).body);
    expect(all.length).toBeGreaterThan(1);

    const renewed = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/reservations/calendar-export/renew`,
      owner.token,
    );
    expect(renewed.json().data.url).not.toBe(url.href);
    const old = await call('GET', url.pathname);
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('CALENDAR_EXPORT_NOT_FOUND');
  });
});
