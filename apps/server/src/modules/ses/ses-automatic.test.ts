/**
 * Sending by itself and the deadline guard (decision 044), through the real app and its job queue
 * with an injected clock, against the local SES service (test/ses-service.ts) and a real SMTP
 * server: a daily 21:00 send happens once at 21:00 and not before, even with a second server
 * (a second job queue) on the same database; `on_registration` sends within its interval, in one
 * lote per interval; the owner's deadline e-mail arrives once, not twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SesToReportItem } from '@hospes/shared/ses-auto';
import { buildApp } from '../../app';
import { establishments, pilgrims, sesSubmissions } from '../../db/schema';
import {
  configureEstablishment,
  registerTraveler,
  sesReadyBody,
} from '../../../test/documents-helpers';
import { startTestSes, type TestSesService } from '../../../test/ses-service';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { instantOf, lastOccurrence } from './ses-automatic';

let service: TestSesService;
let ctx: TestContext;
let second: FastifyInstance;
let caDir: string;
/** The clock of both servers, moved by the tests. */
let clock = new Date('2026-06-15T10:00:00Z');
const now = () => clock;

beforeAll(async () => {
  service = await startTestSes({ https: true });
  caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-ses-ca-'));
  const caFile = path.join(caDir, 'ca.pem');
  fs.writeFileSync(caFile, service.certificate!);
  ctx = await createTestContext(
    { ses: { endpoint: service.url, caFile, checkSeconds: 0 }, sesAutomaticSeconds: 1 },
    { now },
  );
  // A second server process on the same database: its own job queue, the same schedules.
  second = await buildApp({ config: ctx.config, database: ctx.database, now });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
  await service?.close();
  fs.rmSync(caDir, { recursive: true, force: true });
});

let codes = 0;
/** An owner whose establishment sends to the test service, with an establishment code of its own. */
async function connectedOwner() {
  const owner = await registerVerifiedOwner(ctx);
  codes += 1;
  const code = `H15000${String(codes).padStart(4, '0')}`;
  await configureEstablishment(ctx, owner.establishmentId, { establishmentCode: code });
  await ctx.database.db
    .update(establishments)
    .set({ landlordCode: service.landlordCode })
    .where(eq(establishments.id, owner.establishmentId));
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/establishments/${owner.establishmentId}/ses-connection`,
    headers: bearer(owner.token),
    payload: { user: service.user, password: service.password, environment: 'test' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...owner, code };
}

function setSchedule(owner: { establishmentId: string; token: string }, body: object) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/establishments/${owner.establishmentId}/ses-schedule`,
    headers: bearer(owner.token),
    payload: body,
  });
}

/** A traveler arriving on `date`, registered at `registeredAt` (set in the database). */
async function traveler(
  owner: { establishmentId: string; token: string },
  date: string,
  registeredAt: Date,
  extra: Record<string, unknown> = {},
) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const created = await registerTraveler(
    ctx,
    owner.token,
    sesReadyBody(owner.establishmentId, {
      entryDate: date,
      checkOutDate: next,
      stay: {
        entryDateTime: `${date}T18:00:00`,
        exitDateTime: `${next}T08:00:00`,
        paymentType: 'EFECT',
      },
      ...extra,
    }),
  );
  await ctx.database.db
    .update(pilgrims)
    .set({ createdAt: registeredAt, updatedAt: registeredAt })
    .where(eq(pilgrims.id, created.id));
  return created;
}

/** The partes requests the SES service received for an establishment. */
const altasOf = (code: string) =>
  service.requests.filter(
    (r) => r.kind === 'PV' && r.xml?.includes(`<codigoEstablecimiento>${code}<`),
  );

async function roundsDone(): Promise<number> {
  const { rows } = await ctx.database.sql(
    `select count(*)::int as n from pgboss.job where name = 'ses-automatic' and state = 'completed'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Waits until no automatic send asked for is still to run. */
async function sendsSettled() {
  await vi.waitFor(
    async () => {
      const { rows } = await ctx.database.sql(
        `select count(*)::int as n from pgboss.job
          where name = 'ses-automatic-send' and state in ('created', 'retry', 'active')`,
      );
      expect(Number(rows[0]?.n ?? 0)).toBe(0);
    },
    { timeout: 20_000, interval: 200 },
  );
}

/** Waits until the automatic round has run `n` more times (by either server). */
async function rounds(n: number) {
  const before = await roundsDone();
  await vi.waitFor(async () => expect(await roundsDone()).toBeGreaterThanOrEqual(before + n), {
    timeout: 20_000,
    interval: 200,
  });
}

describe('the clock of an establishment', () => {
  it('turns a local time into its instant, in summer and in winter, on the islands too', () => {
    expect(instantOf('2026-06-15T21:00:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-06-15T19:00:00.000Z',
    );
    expect(instantOf('2026-01-15T21:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-01-15T20:00:00.000Z',
    );
    expect(instantOf('2026-06-15T21:00:00', 'Atlantic/Canary').toISOString()).toBe(
      '2026-06-15T20:00:00.000Z',
    );
    // Before 21:00 the last occurrence is yesterday's.
    expect(
      lastOccurrence('21:00', 'Europe/Madrid', new Date('2026-06-15T18:59:59Z')).toISOString(),
    ).toBe('2026-06-14T19:00:00.000Z');
    expect(
      lastOccurrence('21:00', 'Europe/Madrid', new Date('2026-06-15T19:00:00Z')).toISOString(),
    ).toBe('2026-06-15T19:00:00.000Z');
  });
});

describe('sending by itself', () => {
  it('daily at 21:00: one lote at 21:00 and none before, though two servers share the database', async () => {
    const owner = await connectedOwner();
    clock = new Date('2026-06-15T15:00:00Z');
    const saved = await setSchedule(owner, {
      PV: { mode: 'daily', time: '21:00' },
      RH: { mode: 'manual' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      PV: { mode: 'daily', time: '21:00' },
      RH: { mode: 'manual', time: null },
    });
    const first = await traveler(owner, '2026-06-15', new Date('2026-06-15T16:00:00Z'));
    const companion = await traveler(owner, '2026-06-15', new Date('2026-06-15T16:05:00Z'), {
      firstName: 'Ana',
    });

    // 20:59 in Madrid: nothing yet.
    clock = new Date('2026-06-15T18:59:00Z');
    await rounds(3);
    expect(altasOf(owner.code)).toHaveLength(0);

    // 21:00:20: one lote with both.
    clock = new Date('2026-06-15T19:00:20Z');
    await vi.waitFor(() => expect(altasOf(owner.code)).toHaveLength(1), {
      timeout: 20_000,
      interval: 200,
    });
    await rounds(3);
    expect(altasOf(owner.code)).toHaveLength(1);
    const xml = altasOf(owner.code)[0]!.xml!;
    expect(xml).toContain('Ana');
    expect(xml).toContain('José María');
    const rows = await ctx.database.db
      .select()
      .from(sesSubmissions)
      .where(eq(sesSubmissions.establishmentId, owner.establishmentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'PV', state: 'queued', sentBy: null });
    // Each traveler's record tells it was sent.
    for (const t of [first, companion]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/pilgrims/${t.id}/ses-communications`,
        headers: bearer(owner.token),
      });
      expect(res.json().data).toHaveLength(1);
    }

    // A traveler registered after 21:00 waits for the next day's 21:00.
    await traveler(owner, '2026-06-15', new Date('2026-06-15T19:30:00Z'), { firstName: 'Luis' });
    clock = new Date('2026-06-16T18:50:00Z');
    await rounds(3);
    expect(altasOf(owner.code)).toHaveLength(1);
    clock = new Date('2026-06-16T19:01:00Z');
    await vi.waitFor(() => expect(altasOf(owner.code)).toHaveLength(2), {
      timeout: 20_000,
      interval: 200,
    });
    expect(altasOf(owner.code)[1]!.xml).toContain('Luis');
    expect(altasOf(owner.code)[1]!.xml).not.toContain('Ana');
  }, 90_000);

  it('on registration: the travelers go within the interval, together, one lote per interval', async () => {
    const owner = await connectedOwner();
    const start = new Date('2026-06-17T08:00:00Z').getTime();
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    clock = at(0);
    const saved = await setSchedule(owner, {
      PV: { mode: 'on_registration' },
      RH: { mode: 'manual' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await traveler(owner, '2026-06-17', at(1));
    // Within the first interval of the mode: not yet.
    clock = at(2);
    await rounds(2);
    expect(altasOf(owner.code)).toHaveLength(0);
    clock = at(5.1);
    await vi.waitFor(() => expect(altasOf(owner.code)).toHaveLength(1), {
      timeout: 20_000,
      interval: 200,
    });

    // Two more, a minute apart: one lote, once the interval since the last one has passed.
    await traveler(owner, '2026-06-17', at(6), { firstName: 'Ana' });
    await traveler(owner, '2026-06-17', at(7), { firstName: 'Luis' });
    clock = at(8);
    await rounds(2);
    expect(altasOf(owner.code)).toHaveLength(1);
    clock = at(10.2);
    await vi.waitFor(() => expect(altasOf(owner.code)).toHaveLength(2), {
      timeout: 20_000,
      interval: 200,
    });
    await rounds(2);
    expect(altasOf(owner.code)).toHaveLength(2);
    expect(altasOf(owner.code)[1]!.xml).toContain('Ana');
    expect(altasOf(owner.code)[1]!.xml).toContain('Luis');
  }, 90_000);

  it('on registration: a stay goes whole once its last traveler is registered, a minor never alone', async () => {
    const owner = await connectedOwner();
    const start = new Date('2026-06-18T08:00:00Z').getTime();
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    clock = at(0);
    const saved = await setSchedule(owner, {
      PV: { mode: 'on_registration' },
      RH: { mode: 'manual' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const family = {
      contractReference: `FAM-${owner.code}`,
      contractDate: '2026-06-10',
      paymentType: 'EFECT',
    };
    const stay = (extra: Record<string, unknown>) => ({
      stay: {
        entryDateTime: '2026-06-18T18:00:00',
        exitDateTime: '2026-06-19T08:00:00',
        ...family,
      },
      ...extra,
    });
    await traveler(owner, '2026-06-18', at(1), stay({ firstName: 'Ana' }));
    await traveler(owner, '2026-06-18', at(4.5), stay({ firstName: 'Bea' }));
    // A minor of another contract, registered alone: never sent by itself.
    await traveler(owner, '2026-06-18', at(1), {
      firstName: 'Lucas',
      dateOfBirth: '2016-02-03',
      kinship: 'HJ',
      passportNumber: '',
      documentType: null,
      documentSupportNumber: null,
      stay: {
        entryDateTime: '2026-06-18T18:00:00',
        exitDateTime: '2026-06-19T08:00:00',
        contractReference: `SOLO-${owner.code}`,
        contractDate: '2026-06-10',
        paymentType: 'EFECT',
      },
    });
    // The interval has passed, but Bea was registered a moment ago: the family waits.
    clock = at(5.1);
    await rounds(2);
    await sendsSettled();
    expect(altasOf(owner.code)).toHaveLength(0);
    // Their child arrives meanwhile: the three go in one lote, one communication.
    await traveler(
      owner,
      '2026-06-18',
      at(5.8),
      stay({
        firstName: 'Pablo',
        dateOfBirth: '2015-04-05',
        kinship: 'HJ',
        passportNumber: '',
        documentType: null,
        documentSupportNumber: null,
      }),
    );
    clock = at(7.9);
    await vi.waitFor(() => expect(altasOf(owner.code)).toHaveLength(1), {
      timeout: 20_000,
      interval: 200,
    });
    const [lote] = altasOf(owner.code);
    for (const name of ['Ana', 'Bea', 'Pablo']) expect(lote!.xml).toContain(`<nombre>${name}`);
    expect(lote!.xml).not.toContain('Lucas');
    expect((lote!.xml!.match(/<comunicacion>/g) ?? []).length).toBe(1);
    clock = at(20);
    await rounds(3);
    expect(altasOf(owner.code)).toHaveLength(1);
  }, 90_000);

  it('sets the send modes back to manual when the web-service user is removed, and says so', async () => {
    const owner = await connectedOwner();
    const saved = await setSchedule(owner, {
      PV: { mode: 'daily', time: '21:00' },
      RH: { mode: 'on_registration' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/establishments/${owner.establishmentId}/ses-connection`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ user: null, sendModesReset: true });
    const schedule = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/establishments/${owner.establishmentId}/ses-schedule`,
          headers: bearer(owner.token),
        })
      ).json().data;
    expect(await schedule()).toEqual({
      PV: { mode: 'manual', time: null },
      RH: { mode: 'manual', time: null },
    });
    // A user set again sends nothing by itself until a mode is switched on again.
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/establishments/${owner.establishmentId}/ses-connection`,
      headers: bearer(owner.token),
      payload: { user: service.user, password: service.password, environment: 'test' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await schedule()).PV.mode).toBe('manual');
    // Nothing was on: nothing to say.
    const twice = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/establishments/${owner.establishmentId}/ses-connection`,
      headers: bearer(owner.token),
    });
    expect(twice.json().data.sendModesReset).toBe(false);
  });

  it('needs a web-service user, and refuses a daily mode without its time', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const unconnected = await setSchedule(owner, {
      PV: { mode: 'daily', time: '21:00' },
      RH: { mode: 'manual' },
    });
    expect(unconnected.statusCode).toBe(409);
    expect(unconnected.json().code).toBe('SES_NOT_CONNECTED');
    const noTime = await setSchedule(owner, { PV: { mode: 'daily' }, RH: { mode: 'manual' } });
    expect(noTime.statusCode).toBe(400);
    const manual = await setSchedule(owner, { PV: { mode: 'manual' }, RH: { mode: 'manual' } });
    expect(manual.statusCode, manual.body).toBe(200);

    const other = await registerVerifiedOwner(ctx);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/establishments/${owner.establishmentId}/ses-schedule`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the deadline guard', () => {
  it('lists what is to report with the hours left, and e-mails the owner once, not twice', async () => {
    const owner = await connectedOwner();
    clock = new Date('2026-06-20T10:00:00Z');
    // Arrived on the 19th at 14:00 (12:00 UTC), registered at 12:30 UTC: the limit is 12:30 UTC.
    const late = await traveler(owner, '2026-06-19', new Date('2026-06-19T12:30:00Z'), {
      lastName: 'Retrasado',
      stay: {
        entryDateTime: '2026-06-19T14:00:00',
        exitDateTime: '2026-06-21T08:00:00',
        paymentType: 'EFECT',
      },
      checkOutDate: '2026-06-21',
    });
    // Arriving this evening at 18:00 (16:00 UTC): 30 hours left, no warning for them.
    const fresh = await traveler(owner, '2026-06-20', new Date('2026-06-20T08:00:00Z'), {
      lastName: 'Reciente',
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/ses-to-report?establishmentId=${owner.establishmentId}`,
      headers: bearer(owner.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json<{ data: SesToReportItem[] }>().data;
    expect(items.map((i) => [i.pilgrimId, i.state, i.hoursLeft])).toEqual([
      [late.id, 'unsent', 2.5],
      [fresh.id, 'unsent', 30],
    ]);
    expect(items[0]!.deadline).toBe('2026-06-20T12:30:00.000Z');

    const mail = await ctx.smtp.waitFor(owner.email, {
      subject: /SES\.HOSPEDAJES/,
      timeoutMs: 20_000,
    });
    expect(mail.text).toContain('Retrasado');
    expect(mail.text).not.toContain('Reciente');
    expect(mail.text).toContain('http://hospes.test/to-report');

    // Later rounds, of both servers, the same day: no second message.
    clock = new Date('2026-06-20T11:00:00Z');
    await rounds(3);
    expect(ctx.smtp.messages.filter((m) => m.to.includes(owner.email.toLowerCase()))).toHaveLength(
      2, // the address confirmation at registration, and the one alert
    );

    // Another tenant does not see them.
    const other = await registerVerifiedOwner(ctx);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: '/api/ses-to-report',
      headers: bearer(other.token),
    });
    expect(foreign.json().data).toEqual([]);
  }, 60_000);

  it('e-mails the owner when a lote comes back with errors, again for new errors the same day', async () => {
    const owner = await connectedOwner();
    clock = new Date('2026-06-22T10:00:00Z');
    const mailsTo = () => ctx.smtp.messages.filter((m) => m.to.includes(owner.email.toLowerCase()));
    /** Sent from the dialog, rejected by the Ministry, its lote processed. */
    async function rejected(lastName: string, error: string) {
      // Arriving this evening: far from the limit, so only the lote's errors are news.
      const t = await traveler(owner, '2026-06-22', new Date('2026-06-22T09:00:00Z'), {
        lastName,
      });
      service.rejectInNext({ 1: error });
      const sent = await ctx.app.inject({
        method: 'POST',
        url: `/api/establishments/${owner.establishmentId}/ses-submissions?lng=en`,
        headers: bearer(owner.token),
        payload: { kind: 'PV', pilgrimIds: [t.id] },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const id = sent.json<{ data: { id: string } }>().data.id;
      await vi.waitFor(
        async () => {
          const res = await ctx.app.inject({
            method: 'POST',
            url: `/api/ses-submissions/${id}/check`,
            headers: bearer(owner.token),
          });
          expect(res.json<{ data: { state: string } }>().data.state).toBe('processed');
        },
        { timeout: 20_000, interval: 3_100 },
      );
    }

    await rejected('Primero', 'El número de documento no es válido');
    const first = await ctx.smtp.waitFor(owner.email, {
      subject: /SES\.HOSPEDAJES/,
      timeoutMs: 20_000,
    });
    expect(first.text).toContain('Primero');
    expect(first.text).toContain('El número de documento no es válido');

    // Nothing new: no second message.
    await rounds(3);
    expect(mailsTo()).toHaveLength(2);

    // A new lote with errors the same day: told at once, without the first one again.
    await rejected('Segundo', 'La fecha de nacimiento no es válida');
    await vi.waitFor(() => expect(mailsTo()).toHaveLength(3), { timeout: 20_000, interval: 200 });
    const second = mailsTo()[2]!;
    expect(second.text).toContain('Segundo');
    expect(second.text).not.toContain('Primero');

    // Both are still to report, as rejected, with the Ministry's error.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/ses-to-report?establishmentId=${owner.establishmentId}`,
      headers: bearer(owner.token),
    });
    expect(list.json<{ data: SesToReportItem[] }>().data.map((i) => [i.state, i.error])).toEqual([
      ['rejected', 'El número de documento no es válido'],
      ['rejected', 'La fecha de nacimiento no es válida'],
    ]);
  }, 90_000);
  it('names the Ertzaintza, not SES.HOSPEDAJES, to a Basque establishment (decision 061)', async () => {
    const owner = await connectedOwner();
    await ctx.database.db
      .update(establishments)
      .set({ province: 'Bizkaia', postalCode: '48001' })
      .where(eq(establishments.id, owner.establishmentId));
    clock = new Date('2026-06-25T13:00:00Z');
    const late = await traveler(owner, '2026-06-24', new Date('2026-06-24T16:00:00Z'), {
      lastName: 'Etxeberria',
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/ses-to-report?establishmentId=${owner.establishmentId}`,
      headers: bearer(owner.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list.json<{ data: SesToReportItem[] }>().data.map((i) => [i.pilgrimId, i.authority]),
    ).toEqual([[late.id, 'ertzaintza']]);
    const mail = await ctx.smtp.waitFor(owner.email, { subject: /Ertzaintza/, timeoutMs: 20_000 });
    expect(mail.text).toContain('Etxeberria');
    expect(mail.subject).not.toContain('SES');
  }, 60_000);

  it('counts a Catalan traveler reported once the Mossos file’s upload is confirmed, and says to upload it', async () => {
    const owner = await registerVerifiedOwner(ctx);
    await ctx.database.db
      .update(establishments)
      .set({ province: 'Girona', postalCode: '17001', establishmentCode: '17079AAR09' })
      .where(eq(establishments.id, owner.establishmentId));
    clock = new Date('2026-06-25T13:00:00Z');
    // Arrived on the 24th at 18:00 (16:00 UTC), registered then: the limit is 16:00 UTC today,
    // within the 4 hours of the warning.
    const late = await traveler(owner, '2026-06-24', new Date('2026-06-24T16:00:00Z'), {
      lastName: 'Tardà',
    });
    const toReport = async () => {
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/ses-to-report?establishmentId=${owner.establishmentId}`,
        headers: bearer(owner.token),
      });
      expect(list.statusCode, list.body).toBe(200);
      return list.json<{ data: SesToReportItem[] }>().data;
    };
    expect((await toReport()).map((i) => [i.pilgrimId, i.authority, i.state])).toEqual([
      [late.id, 'mossos', 'unsent'],
    ]);
    const mail = await ctx.smtp.waitFor(owner.email, {
      subject: /Mossos d'Esquadra/,
      timeoutMs: 20_000,
    });
    expect(mail.text).toContain('Tardà');
    expect(mail.text).toContain('portal');
    expect(mail.subject).not.toContain('SES');

    // The file made is not enough: only the confirmed upload counts.
    const file = await ctx.app.inject({
      method: 'POST',
      url: `/api/establishments/${owner.establishmentId}/mossos-file`,
      headers: bearer(owner.token),
      payload: { pilgrimIds: [late.id] },
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(await toReport()).toHaveLength(1);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/establishments/${owner.establishmentId}/authority-uploads/${file.headers['x-upload-id'] as string}/uploaded`,
      headers: bearer(owner.token),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await toReport()).toEqual([]);
  }, 60_000);
});
