/**
 * Sending to the Ertzaintza's A19 service from a Basque establishment (decision 056), through the
 * API, against a local A19 service (test/a19-service.ts) over HTTPS with a certificate made for
 * the run, which verifies each request's signature with xmlsec1 and its document against the A19
 * XSDs with xmllint: the certificate (sealed, never shown, expiry), the send through SES's send
 * path and history, the A19 pre-flight, an expired certificate refused before anything leaves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A19Certificate } from '@hospes/shared/a19';
import type { SesSubmission, SesTravelerCommunication } from '@hospes/shared/ses';
import { establishments, sesSubmissions } from '../../db/schema';
import { makeA19Pkcs12, startTestA19, type TestA19Service } from '../../../test/a19-service';
import {
  configureEstablishment,
  registerTraveler,
  sesReadyBody,
} from '../../../test/documents-helpers';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let service: TestA19Service;
let ctx: TestContext;
let caDir: string;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let madrid: Awaited<ReturnType<typeof registerVerifiedOwner>>;
/** The app's clock, moved by the test of an expired certificate. */
let shift = 0;
const PASSWORD = 'clave de prueba';
const valid = () => makeA19Pkcs12({ password: PASSWORD, subject: 'ALBERGUE DE BILBAO' });
let registered: ReturnType<typeof valid>;

beforeAll(async () => {
  service = await startTestA19();
  caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-a19-ca-'));
  const caFile = path.join(caDir, 'ca.pem');
  fs.writeFileSync(caFile, service.certificate);
  ctx = await createTestContext(
    { a19: { preproductionUrl: service.url, productionUrl: undefined, caFile } },
    { now: () => new Date(Date.now() + shift) },
  );
  owner = await registerVerifiedOwner(ctx);
  madrid = await registerVerifiedOwner(ctx);
  await configureEstablishment(ctx, owner.establishmentId, { establishmentCode: '480354' });
  await ctx.database.db
    .update(establishments)
    .set({ province: 'Bizkaia', postalCode: '48005', city: 'Bilbao' })
    .where(eq(establishments.id, owner.establishmentId));
  registered = valid();
  service.register(registered.certPem);
});
afterAll(async () => {
  await ctx?.close();
  await service?.close();
  if (caDir) fs.rmSync(caDir, { recursive: true, force: true });
});

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const certificateUrl = (id = owner.establishmentId) => `/api/establishments/${id}/a19-certificate`;
const upload = (
  file: Buffer,
  password = PASSWORD,
  token = owner.token,
  id = owner.establishmentId,
) =>
  call('PUT', certificateUrl(id), token, {
    certificate: file.toString('base64'),
    password,
    environment: 'test',
  });
const send = (body: object) =>
  call(
    'POST',
    `/api/establishments/${owner.establishmentId}/ses-submissions?lng=en`,
    owner.token,
    body,
  );

let day = 0;
async function pilgrim(extra: Record<string, unknown> = {}) {
  day += 1;
  const date = `2026-05-${String(day).padStart(2, '0')}`;
  const next = `2026-05-${String(day + 1).padStart(2, '0')}`;
  return registerTraveler(
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
}

async function storedRow() {
  const [row] = await ctx.database.db
    .select({
      certificate: establishments.a19Certificate,
      password: establishments.a19CertificatePassword,
    })
    .from(establishments)
    .where(eq(establishments.id, owner.establishmentId));
  return row!;
}

describe('the A19 certificate', () => {
  it('is only for an establishment that reports to the Ertzaintza, and only its own', async () => {
    const other = await call('GET', certificateUrl(madrid.establishmentId), madrid.token);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('A19_OTHER_AUTHORITY');
    const foreign = await call('GET', certificateUrl(), madrid.token);
    expect(foreign.statusCode).toBe(404);
    const none = await call('GET', certificateUrl(), owner.token);
    expect(none.json<{ data: A19Certificate }>().data).toMatchObject({
      configured: false,
      subject: null,
      landlordCode: expect.any(String),
    });
  });

  it('refuses a file that is not one, a wrong password and an expired certificate, storing nothing', async () => {
    const garbage = await upload(Buffer.from('esto no es un certificado'));
    expect([garbage.statusCode, garbage.json().code]).toEqual([400, 'A19_CERTIFICATE_INVALID']);
    const wrong = await upload(registered.p12, 'otra clave');
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'A19_CERTIFICATE_PASSWORD_WRONG']);
    const expired = makeA19Pkcs12({
      password: PASSWORD,
      notBefore: new Date(Date.now() - 400 * 86_400_000),
      notAfter: new Date(Date.now() - 86_400_000),
    });
    const old = await upload(expired.p12);
    expect([old.statusCode, old.json().code]).toEqual([409, 'A19_CERTIFICATE_EXPIRED']);
    const environmentOnly = await call('PUT', certificateUrl(), owner.token, {
      environment: 'test',
    });
    expect([environmentOnly.statusCode, environmentOnly.json().code]).toEqual([
      400,
      'A19_CERTIFICATE_REQUIRED',
    ]);
    expect(await storedRow()).toEqual({ certificate: null, password: null });
  });

  it('warns 30 days ahead of its expiry', async () => {
    const soon = makeA19Pkcs12({
      password: PASSWORD,
      notAfter: new Date(Date.now() + 20 * 86_400_000),
    });
    const res = await upload(soon.p12);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: A19Certificate }>().data).toMatchObject({
      expiresSoon: true,
      expired: false,
    });
  });

  it('is stored sealed, shown by subject and expiry, never returned', async () => {
    const res = await upload(registered.p12);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: A19Certificate }>().data;
    expect(data).toMatchObject({
      configured: true,
      subject: expect.stringContaining('CN=ALBERGUE DE BILBAO'),
      expiresSoon: false,
      expired: false,
      environment: 'test',
    });
    expect(Date.parse(data.expiresAt!)).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toContain(registered.p12.toString('base64').slice(0, 40));
    const row = await storedRow();
    expect(row.certificate!.includes(registered.p12.subarray(0, 64))).toBe(false);
    expect(row.password!.toString('latin1')).not.toContain(PASSWORD);
  });
});

describe('sending to the Ertzaintza', () => {
  it('sends the partes, signed and valid, and each traveler is stored under the request', async () => {
    const ane = await pilgrim({ firstName: 'Ane' });
    const mikel = await pilgrim({ firstName: 'Mikel' });
    const res = await send({ kind: 'PV', pilgrimIds: [ane.id, mikel.id] });
    expect(res.statusCode, res.body).toBe(201);
    const submission = res.json<{ data: SesSubmission }>().data;
    expect(service.log.at(-1)).toMatch(/^0:/);
    const received = service.received.at(-1)!;
    expect(received).toMatchObject({ code: 0, kind: 'PV', application: 'Hospes' });
    expect(received.xml).toContain('<nombre>Ane</nombre>');
    expect(received.xml).toContain('<nombre>Mikel</nombre>');
    expect(received.xml).toContain('<codigoEstablecimiento>480354</codigoEstablecimiento>');
    expect(submission).toMatchObject({
      authority: 'ertzaintza',
      environment: 'test',
      state: 'processed',
      counts: { travelers: 2, stored: 2, rejected: 0, pending: 0 },
    });
    expect(submission.travelers!.map((t) => t.outcome)).toEqual(['stored', 'stored']);
    // In the history, and the traveler's communications.
    const history = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/ses-submissions`,
      owner.token,
    );
    expect(history.json<{ data: SesSubmission[] }>().data[0]).toMatchObject({
      id: submission.id,
      authority: 'ertzaintza',
    });
    const communications = await call(
      'GET',
      `/api/pilgrims/${ane.id}/ses-communications`,
      owner.token,
    );
    expect(communications.json<{ data: SesTravelerCommunication[] }>().data[0]).toMatchObject({
      authority: 'ertzaintza',
      outcome: 'stored',
    });
    // Never twice by accident.
    const again = await send({ kind: 'PV', pilgrimIds: [ane.id] });
    expect([again.statusCode, again.json().code]).toEqual([409, 'SES_ALREADY_SENT']);
  });

  it('applies A19’s rules first: a Spaniard without a second surname is not sent', async () => {
    const count = service.received.length;
    const solo = await pilgrim({
      documentType: 'P',
      passportNumber: 'PAA123456',
      documentSupportNumber: null,
      secondLastName: null,
    });
    const res = await send({ kind: 'PV', pilgrimIds: [solo.id] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('SES_PREFLIGHT_FAILED');
    expect(res.json().details.map((d: { code: string }) => d.code)).toEqual([
      'ses.secondSurnameRequiredBornInSpain',
    ]);
    expect(service.received.length).toBe(count);
    // The list's "cannot be reported" filter reads the same rules for this establishment.
    const list = await call(
      'GET',
      `/api/pilgrims?parte=unreportable&establishmentId=${owner.establishmentId}&limit=50`,
      owner.token,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: { id: string }[] }>().data.map((t) => t.id)).toEqual([solo.id]);
  });

  it('records the service’s refusal on each traveler (a certificate it does not know: 403)', async () => {
    const unknown = valid();
    expect((await upload(unknown.p12)).statusCode).toBe(200);
    const iker = await pilgrim({ firstName: 'Iker' });
    const res = await send({ kind: 'PV', pilgrimIds: [iker.id] });
    expect(res.statusCode, res.body).toBe(201);
    const submission = res.json<{ data: SesSubmission }>().data;
    expect(submission).toMatchObject({ state: 'refused', responseCode: 403 });
    expect(submission.travelers![0]).toMatchObject({
      outcome: 'rejected',
      error: expect.stringContaining('403 Error de seguridad'),
    });
    expect((await upload(registered.p12)).statusCode).toBe(200);
  });

  it('an expired certificate is refused on our side, before anything is sent', async () => {
    const leire = await pilgrim({ firstName: 'Leire' });
    const count = service.received.length;
    const submissions = await ctx.database.db.select().from(sesSubmissions);
    shift = 400 * 86_400_000;
    try {
      const res = await send({ kind: 'PV', pilgrimIds: [leire.id] });
      expect([res.statusCode, res.json().code]).toEqual([409, 'A19_CERTIFICATE_EXPIRED']);
      const shown = await call('GET', certificateUrl(), owner.token);
      expect(shown.json<{ data: A19Certificate }>().data).toMatchObject({ expired: true });
    } finally {
      shift = 0;
    }
    expect(service.received.length).toBe(count);
    expect(await ctx.database.db.select().from(sesSubmissions)).toHaveLength(submissions.length);
  });

  it('cannot go to SES.HOSPEDAJES', async () => {
    const res = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/ses-xml`,
      owner.token,
      {
        kind: 'PV',
        format: 'xml',
      },
    );
    expect([res.statusCode, res.json().code]).toEqual([409, 'SES_OTHER_AUTHORITY']);
  });
});

describe('correcting and cancelling what the Ertzaintza stored (decision 061)', () => {
  it('refuses to cancel, correct or look up a stored parte, naming the portal; a deletion goes on', async () => {
    const ane = await pilgrim({ firstName: 'Nerea' });
    const mikel = await pilgrim({ firstName: 'Unai' });
    const sent = await send({ kind: 'PV', pilgrimIds: [ane.id, mikel.id] });
    expect(sent.statusCode, sent.body).toBe(201);
    const code = sent.json<{ data: SesSubmission }>().data.travelers![0]!.communicationCode!;
    // Reported: the deadline guard no longer lists them (sent to A19's pre-production, while the
    // establishment's SES service is production).
    const toReport = await call(
      'GET',
      `/api/ses-to-report?establishmentId=${owner.establishmentId}`,
      owner.token,
    );
    const listedIds = toReport
      .json<{ data: { pilgrimId: string }[] }>()
      .data.map((t) => t.pilgrimId);
    expect(listedIds).not.toContain(ane.id);
    expect(listedIds).not.toContain(mikel.id);
    // Where it went, in the record and the list: the Ertzaintza, under the request's uuid.
    const reportedTo = { authority: 'ertzaintza', reference: code, at: expect.any(String) };
    const record = await call('GET', `/api/pilgrims/${ane.id}`, owner.token);
    expect(record.json().data.reportedTo).toEqual(reportedTo);
    const list = await call(
      'GET',
      `/api/pilgrims?establishmentId=${owner.establishmentId}&limit=100`,
      owner.token,
    );
    const listed = list.json<{ data: { id: string; reportedTo: unknown }[] }>().data;
    expect(listed.find((t) => t.id === ane.id)!.reportedTo).toEqual(reportedTo);
    const count = service.received.length;
    const before = await ctx.database.db.select().from(sesSubmissions);

    const correct = await call('POST', `/api/pilgrims/${ane.id}/ses/correct?lng=en`, owner.token, {
      kind: 'PV',
    });
    expect([correct.statusCode, correct.json().code]).toEqual([409, 'A19_PORTAL_ONLY']);
    expect(correct.json().message).toMatch(/Ertzaintza's portal/);
    const communication = `/api/establishments/${owner.establishmentId}/ses/communications/${code}`;
    const cancel = await call('POST', `${communication}/cancel`, owner.token);
    expect([cancel.statusCode, cancel.json().code]).toEqual([409, 'A19_PORTAL_ONLY']);
    const held = await call('GET', communication, owner.token);
    expect([held.statusCode, held.json().code]).toEqual([409, 'A19_PORTAL_ONLY']);

    // Deleting a traveler the Ertzaintza holds is not stopped by a cancellation it cannot make.
    const deleted = await call('DELETE', `/api/pilgrims/${mikel.id}`, owner.token);
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Nothing was sent anywhere, nothing recorded as a cancellation; the parte still stands.
    expect(service.received.length).toBe(count);
    expect(await ctx.database.db.select().from(sesSubmissions)).toHaveLength(before.length);
    const communications = await call(
      'GET',
      `/api/pilgrims/${ane.id}/ses-communications`,
      owner.token,
    );
    expect(communications.json<{ data: SesTravelerCommunication[] }>().data[0]).toMatchObject({
      authority: 'ertzaintza',
      outcome: 'stored',
      communicationCode: code,
    });
  });
});
