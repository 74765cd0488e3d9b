/**
 * A channel's calendar read from a local HTTP server whose feed changes between readings
 * (decision 060): new, moved, cancelled (STATUS:CANCELLED or gone), an invalid feed, a 304, a
 * timeout, an address refused. Reservations follow; nothing is lost or doubled.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reservations as reservationsTable } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { createFeedsService } from './feeds';
import { createReservationsRepository } from './reservations.repository';
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

/** What the local server answers at /feed.ics: a calendar (with an ETag), or a behaviour. */
const served: {
  body: string;
  etag: string;
  mode: 'calendar' | 'hang' | 'error';
  requests: { ifNoneMatch: string | undefined }[];
} = { body: '', etag: '"1"', mode: 'calendar', requests: [] };
let server: http.Server;
let feedUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    served.requests.push({ ifNoneMatch: req.headers['if-none-match'] });
    if (served.mode === 'hang') return; // never answers: the reading times out
    if (served.mode === 'error') {
      res.writeHead(503).end('down');
      return;
    }
    if (req.headers['if-none-match'] === served.etag) {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar', etag: served.etag }).end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`;
  ctx = await createTestContext(
    { ical: { fetchMinutes: 0, timeoutMs: 400, maxBytes: 64 * 1024, allowPrivateHosts: true } },
    { now: () => NOW },
  );
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

const event = (uid: string, start: string, end: string, extra = '') =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART;VALUE=DATE:${start.replace(/-/g, '')}\r\nDTEND;VALUE=DATE:${end.replace(/-/g, '')}\r\nSUMMARY:Reserved ${uid}\r\n${extra}END:VEVENT\r\n`;
const calendar = (...events: string[]) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Channel//EN\r\n${events.join('')}END:VCALENDAR\r\n`;

function serve(body: string, etag: string) {
  served.mode = 'calendar';
  served.body = body;
  served.etag = etag;
}

interface FeedJson {
  id: string;
  lastResult: string | null;
  lastError: string | null;
  lastErrorStatus: number | null;
  lastChanges: { created: number; updated: number; cancelled: number } | null;
}

async function fetchNow(feedId: string, token = owner.token) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/reservation-feeds/${feedId}/fetch`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FeedJson }>().data;
}

const fetchFeedStatus = (feedId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/reservation-feeds/${feedId}/fetch`,
    headers: bearer(owner.token),
  });

/** The feed's reservations, by UID: what the desk would see. */
async function stays(feedId: string) {
  const rows = await ctx.database.db
    .select()
    .from(reservationsTable)
    .where(eq(reservationsTable.feedId, feedId));
  return Object.fromEntries(
    rows.map((r) => [r.externalUid, `${r.arrival}..${r.departure} ${r.status} ${r.unit}`]),
  );
}

describe('a channel’s calendar', () => {
  let feedId: string;

  it('is added and read at once: each event becomes a reservation on the feed’s unit', async () => {
    serve(
      calendar(
        event('a@channel', '2026-12-05', '2026-12-08'),
        event('b@channel', '2026-12-10', '2026-12-12'),
      ),
      '"1"',
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/establishments/${owner.establishmentId}/reservation-feeds`,
      headers: bearer(owner.token),
      payload: { unit: 'Apartamento 1', channel: 'Airbnb', url: feedUrl },
    });
    expect(res.statusCode, res.body).toBe(201);
    const feed = res.json<{ data: FeedJson }>().data;
    feedId = feed.id;
    expect(feed).toMatchObject({
      lastResult: 'ok',
      lastChanges: { created: 2, updated: 0, cancelled: 0 },
    });
    expect(await stays(feedId)).toEqual({
      'a@channel': '2026-12-05..2026-12-08 confirmed Apartamento 1',
      'b@channel': '2026-12-10..2026-12-12 confirmed Apartamento 1',
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/establishments/${owner.establishmentId}/reservation-feeds`,
      headers: bearer(owner.token),
    });
    expect(list.json().data).toEqual([expect.objectContaining({ id: feedId, url: feedUrl })]);
  });

  it('answers 304 when unchanged: the validators are sent, nothing changes', async () => {
    served.requests = [];
    const feed = await fetchNow(feedId);
    expect(served.requests).toEqual([{ ifNoneMatch: '"1"' }]);
    expect(feed.lastResult).toBe('not_modified');
    expect(Object.keys(await stays(feedId))).toHaveLength(2);
  });

  it('follows a new, a moved and a cancelled event, without doubles', async () => {
    serve(
      calendar(
        event('a@channel', '2026-12-06', '2026-12-09'),
        event('b@channel', '2026-12-10', '2026-12-12', 'STATUS:CANCELLED\r\n'),
        event('c@channel', '2026-12-20', '2026-12-23'),
      ),
      '"2"',
    );
    const feed = await fetchNow(feedId);
    expect(feed.lastChanges).toEqual({ created: 1, updated: 1, cancelled: 1 });
    expect(await stays(feedId)).toEqual({
      'a@channel': '2026-12-06..2026-12-09 confirmed Apartamento 1',
      'b@channel': '2026-12-10..2026-12-12 cancelled Apartamento 1',
      'c@channel': '2026-12-20..2026-12-23 confirmed Apartamento 1',
    });
    // The same calendar again (a new ETag, same content): nothing changes, nothing doubles.
    served.etag = '"2b"';
    expect((await fetchNow(feedId)).lastChanges).toEqual({ created: 0, updated: 0, cancelled: 0 });
    expect(Object.keys(await stays(feedId))).toHaveLength(3);
    // Each change audited by the feed, no user (decision 066); the reading without changes, none.
    const c = await ctx.database.db
      .select({ id: reservationsTable.id })
      .from(reservationsTable)
      .where(
        and(eq(reservationsTable.feedId, feedId), eq(reservationsTable.externalUid, 'c@channel')),
      );
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, c[0]!.id));
    expect(entries.map((e) => [e.action, e.actorUserId, e.details])).toEqual([
      ['reservation.created', null, { feedId, arrival: '2026-12-20', departure: '2026-12-23' }],
    ]);
  });

  it('cancels a coming stay gone from the calendar, but not a past one', async () => {
    // A past stay (ended before today, 2026-12-01) comes and then goes, as channels drop them.
    serve(
      calendar(
        event('a@channel', '2026-12-06', '2026-12-09'),
        event('c@channel', '2026-12-20', '2026-12-23'),
        event('old@channel', '2026-11-20', '2026-11-25'),
      ),
      '"3"',
    );
    await fetchNow(feedId);
    serve(calendar(event('a@channel', '2026-12-06', '2026-12-09')), '"4"');
    const feed = await fetchNow(feedId);
    expect(feed.lastChanges).toEqual({ created: 0, updated: 0, cancelled: 1 });
    const now = await stays(feedId);
    expect(now['c@channel']).toBe('2026-12-20..2026-12-23 cancelled Apartamento 1');
    expect(now['old@channel']).toBe('2026-11-20..2026-11-25 confirmed Apartamento 1');
    expect(now['a@channel']).toBe('2026-12-06..2026-12-09 confirmed Apartamento 1');
  });

  it('keeps everything when the feed is invalid, and records the error', async () => {
    const before = await stays(feedId);
    serve('<html>Sign in to see this calendar</html>', '"5"');
    const feed = await fetchNow(feedId);
    expect(feed).toMatchObject({ lastResult: 'error', lastError: 'invalid_calendar' });
    expect(await stays(feedId)).toEqual(before);
    // The validators of an unreadable answer are not kept: the next reading asks in full.
    served.requests = [];
    serve(calendar(event('a@channel', '2026-12-06', '2026-12-09')), '"5"');
    expect((await fetchNow(feedId)).lastResult).toBe('ok');
    expect(served.requests[0]?.ifNoneMatch).toBe('"4"');
  });

  it('records a server error and a timeout, changing nothing', async () => {
    const before = await stays(feedId);
    served.mode = 'error';
    expect(await fetchNow(feedId)).toMatchObject({
      lastResult: 'error',
      lastError: 'http_status',
      lastErrorStatus: 503,
    });
    served.mode = 'hang';
    expect(await fetchNow(feedId)).toMatchObject({ lastResult: 'error', lastError: 'timeout' });
    expect(await stays(feedId)).toEqual(before);
    served.mode = 'calendar';
  });

  it('is another tenant’s business: not found', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/reservation-feeds/${feedId}/fetch`,
      headers: bearer(other.token),
    });
    expect(res.statusCode).toBe(404);
    const add = await ctx.app.inject({
      method: 'POST',
      url: `/api/establishments/${owner.establishmentId}/reservation-feeds`,
      headers: bearer(other.token),
      payload: { unit: 'X', channel: 'Airbnb', url: feedUrl },
    });
    expect(add.statusCode).toBe(404);
  });

  it('refuses an address that is not http(s)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/establishments/${owner.establishmentId}/reservation-feeds`,
      headers: bearer(owner.token),
      payload: { unit: 'X', channel: 'Airbnb', url: 'file:///etc/passwd' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('url');
  });

  it('refuses loopback and private addresses unless allowed, by name or by number', async () => {
    const repository = createReservationsRepository(ctx.database.db);
    const strict = createFeedsService({
      db: ctx.database.db,
      reservations: repository,
      settings: { timeoutMs: 400, maxBytes: 64 * 1024, allowPrivateHosts: false },
      log: { warn: () => undefined },
      now: () => NOW,
    });
    const actor = { id: owner.userId, role: 'user' } as Actor;
    served.requests = [];
    const port = new URL(feedUrl).port;
    for (const url of [
      feedUrl,
      `http://localhost:${port}/feed.ics`,
      `http://[::1]:${port}/feed.ics`,
      `http://10.1.2.3:${port}/`,
    ]) {
      const feed = await strict.create(actor, owner.establishmentId, {
        unit: 'Y',
        channel: 'Web',
        url,
      });
      expect(feed, url).toMatchObject({ lastResult: 'error', lastError: 'address_refused' });
    }
    expect(served.requests).toEqual([]);
  });

  it('reads every feed on the scheduled run', async () => {
    serve(
      calendar(
        event('a@channel', '2026-12-06', '2026-12-09'),
        event('z@channel', '2027-01-02', '2027-01-04'),
      ),
      '"6"',
    );
    const strictless = createFeedsService({
      db: ctx.database.db,
      reservations: createReservationsRepository(ctx.database.db),
      settings: { timeoutMs: 400, maxBytes: 64 * 1024, allowPrivateHosts: true },
      log: { warn: () => undefined },
      now: () => NOW,
    });
    await strictless.syncAll();
    expect((await stays(feedId))['z@channel']).toBe(
      '2027-01-02..2027-01-04 confirmed Apartamento 1',
    );
  });

  it('refuses a calendar over the size limit, changing nothing', async () => {
    const before = await stays(feedId);
    const many = Array.from({ length: 800 }, (_, i) =>
      event(`big-${i}@channel`, '2027-02-01', '2027-02-02'),
    );
    serve(calendar(...many), '"7"');
    expect(await fetchNow(feedId)).toMatchObject({ lastResult: 'error', lastError: 'too_large' });
    expect(await stays(feedId)).toEqual(before);
  });

  it('is removed; its reservations stay', async () => {
    const before = await ctx.database.db
      .select({ id: reservationsTable.id })
      .from(reservationsTable)
      .where(eq(reservationsTable.feedId, feedId));
    expect(before.length).toBeGreaterThan(0);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/reservation-feeds/${feedId}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    const after = await ctx.database.db.select().from(reservationsTable);
    const kept = after.filter((r) => before.some((b) => b.id === r.id));
    expect(kept).toHaveLength(before.length);
    expect(kept.every((r) => r.feedId === null && r.source === 'ical')).toBe(true);
    expect((await fetchFeedStatus(feedId)).statusCode).toBe(404);
  });
});
