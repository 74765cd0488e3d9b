/**
 * The reservation report (RH) of a reservation (decision 071), through the API, against the local
 * SES.HOSPEDAJES service of the tests (test/ses-service.ts, which checks each file against the
 * official XSD with xmllint): the holder as TI and the guests registered through the link as VI,
 * the lote's code kept on the reservation, a change of dates corrected (cancel, then the new one
 * once the Ministry processed the cancellation), a cancelled booking cancelled, a reservation
 * lacking a required field never sent, the send mode sending by itself, tenancy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReservationReport } from '@hospes/shared/reservation-report';
import { establishments } from '../../db/schema';
import { configureEstablishment } from '../../../test/documents-helpers';
import { xsdErrors } from '../../../test/local-tls';
import { startTestSes, type TestSesService } from '../../../test/ses-service';
import {
  bearer,
  createTestContext,
  freshAddress,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { travelerBody } from '../../../test/traveler-factories';

const RH_XSD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../lib/ses/xsd/altaReservaHospedaje.xsd',
);

let service: TestSesService;
let ctx: TestContext;
let caDir: string;
type Owner = Awaited<ReturnType<typeof registerVerifiedOwner>>;
let owner: Owner;
let other: Owner;

function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: freshAddress(),
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let codes = 0;
async function connect(o: Owner) {
  codes += 1;
  await configureEstablishment(ctx, o.establishmentId, {
    establishmentCode: `H16000${String(codes).padStart(4, '0')}`,
  });
  await ctx.database.db
    .update(establishments)
    .set({ landlordCode: service.landlordCode })
    .where(eq(establishments.id, o.establishmentId));
  const res = await call(
    'PUT',
    `/api/establishments/${o.establishmentId}/ses-connection`,
    o.token,
    {
      user: service.user,
      password: service.password,
      environment: 'test',
    },
  );
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  service = await startTestSes({ https: true });
  caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-ses-ca-'));
  const caFile = path.join(caDir, 'ca.pem');
  fs.writeFileSync(caFile, service.certificate!);
  // The send modes' round every second (the reservations' RH goes by itself in one test).
  ctx = await createTestContext({
    ses: { endpoint: service.url, caFile, checkSeconds: 0 },
    sesAutomaticSeconds: 1,
  });
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
  await connect(owner);
  await connect(other);
});
afterAll(async () => {
  await ctx?.close();
  await service?.close();
  if (caDir) fs.rmSync(caDir, { recursive: true, force: true });
});

const booking = (overrides: Record<string, unknown> = {}) => ({
  holderName: 'Anna Schmidt',
  holderEmail: 'anna.schmidt@example.de',
  arrival: '2027-02-10',
  departure: '2027-02-14',
  guests: 2,
  unit: 'Apartamento 1',
  channel: 'Airbnb',
  paymentType: 'PLATF',
  ...overrides,
});

async function reservation(o: Owner, body: Record<string, unknown> = booking()) {
  const res = await call(
    'POST',
    `/api/establishments/${o.establishmentId}/reservations`,
    o.token,
    body,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

async function report(id: string, token = owner.token): Promise<ReservationReport> {
  const res = await call('GET', `/api/reservations/${id}/ses-report`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ReservationReport }>().data;
}

async function send(id: string, token = owner.token): Promise<ReservationReport> {
  const res = await call('POST', `/api/reservations/${id}/ses-report/send`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ReservationReport }>().data;
}

/** Asks about a request's lote once (the local service processes it at once). */
async function look(submissionId: string) {
  const res = await call('POST', `/api/ses-submissions/${submissionId}/check`, owner.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { state: string } }>().data;
}

/** The RH altas the service received for a reservation. */
const rhAltasOf = (id: string) =>
  service.requests.filter(
    (r) => r.kind === 'RH' && r.xml?.includes(`<referencia>${id}</referencia>`),
  );

describe('the reservation report (RH) of a reservation', () => {
  it('sends the holder as TI and the registered guests as VI, valid against the XSD, and keeps the code', async () => {
    const id = await reservation(owner);
    expect(await report(id)).toMatchObject({ state: 'to_send', problems: [], submissionId: null });

    // A guest registers through the booking's link: known, so sent as VI.
    const link = await call('GET', `/api/reservations/${id}/checkin-link`, owner.token);
    const token = new URL(link.json().data.url).searchParams.get('t')!;
    const guest = await call(
      'POST',
      `/api/public/checkin/${token}`,
      undefined,
      travelerBody(null, {
        firstName: 'Jonas',
        lastName: 'Schmidt',
        entryDate: undefined,
        checkOutDate: undefined,
      }),
    );
    expect(guest.statusCode, guest.body).toBe(201);

    const sent = await send(id);
    expect(sent).toMatchObject({ state: 'sent', guestsSent: 1 });
    const [request] = rhAltasOf(id);
    expect(request, 'the service received the RH').toBeDefined();
    expect(request!.body).toContain('<tipoComunicacion>RH</tipoComunicacion>');
    const xml = request!.xml!;
    // The official XSD, here too (the service refuses an invalid file: 10121).
    expect(xsdErrors(xml, RH_XSD, os.tmpdir())).toBe('');
    expect(xml).toContain('<fechaEntrada>2027-02-10T00:00:00</fechaEntrada>');
    expect(xml).toContain('<fechaSalida>2027-02-14T00:00:00</fechaSalida>');
    expect(xml).toContain('<numPersonas>2</numPersonas>');
    expect(xml).toContain('<tipoPago>PLATF</tipoPago>');
    expect(xml).toMatch(
      /<persona>\s*<rol>TI<\/rol>\s*<nombre>Anna<\/nombre>\s*<apellido1>Schmidt<\/apellido1>\s*<correo>anna.schmidt@example.de<\/correo>/,
    );
    expect(xml).toMatch(/<rol>VI<\/rol>\s*<nombre>Jonas<\/nombre>/);
    // Sent again by a click while on its way: nothing to send.
    const again = await call('POST', `/api/reservations/${id}/ses-report/send`, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RESERVATION_REPORT_NOTHING_TO_SEND');

    await look(sent.submissionId!);
    const accepted = await report(id);
    expect(accepted.state).toBe('accepted');
    expect(accepted.communicationCode).toMatch(/^[0-9a-f-]{36}$/);
    // The reservations' list of the establishment says the same.
    const list = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/reservation-reports`,
      owner.token,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ reservationId: id, state: 'accepted' }),
    );
  });

  it('corrects a change of dates: cancels the stored one, then sends the new one once the cancellation is processed', async () => {
    const id = await reservation(
      owner,
      booking({ holderName: 'Marie Curie', holderEmail: 'marie@example.fr' }),
    );
    const first = await send(id);
    await look(first.submissionId!);
    const oldCode = (await report(id)).communicationCode!;

    const moved = await call('PUT', `/api/reservations/${id}`, owner.token, {
      arrival: '2027-02-11',
      departure: '2027-02-15',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await report(id)).toMatchObject({
      state: 'correction_pending',
      communicationCode: oldCode,
    });

    const cancelling = await send(id);
    expect(cancelling.state).toBe('correction_pending');
    const b = service.requests.at(-1)!;
    expect(b.body).toContain('<tipoOperacion>B</tipoOperacion>');
    expect(b.xml).toContain(`<anul:codigoComunicacion>${oldCode}</anul:codigoComunicacion>`);

    // The cancellation processed: the new RH goes by itself, with the new dates.
    await look(cancelling.submissionId!);
    const altas = rhAltasOf(id);
    expect(altas).toHaveLength(2);
    expect(altas[1]!.xml).toContain('<fechaEntrada>2027-02-11T00:00:00</fechaEntrada>');
    const resent = await report(id);
    expect(resent.state).toBe('sent');
    await look(resent.submissionId!);
    const done = await report(id);
    expect(done.state).toBe('accepted');
    expect(done.communicationCode).not.toBe(oldCode);
  });

  it('cancels the stored one when the booking is cancelled', async () => {
    const id = await reservation(
      owner,
      booking({ holderName: 'Pablo Ruiz', holderPhone: '+34 600 000 001', holderEmail: null }),
    );
    const first = await send(id);
    await look(first.submissionId!);
    const code = (await report(id)).communicationCode!;
    const cancelled = await call('PUT', `/api/reservations/${id}`, owner.token, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await report(id)).toMatchObject({ state: 'cancel_pending' });
    const b = await send(id);
    expect(service.requests.at(-1)!.xml).toContain(
      `<anul:codigoComunicacion>${code}</anul:codigoComunicacion>`,
    );
    await look(b.submissionId!);
    expect(await report(id)).toMatchObject({ state: 'cancelled' });
    // Nothing more to send, and no second alta went.
    expect(
      (await call('POST', `/api/reservations/${id}/ses-report/send`, owner.token)).statusCode,
    ).toBe(409);
    expect(rhAltasOf(id)).toHaveLength(1);
  });

  it('never sends a reservation lacking a required field: it says why', async () => {
    // As a channel's calendar makes it: one word for a name, no contact, no payment type.
    const id = await reservation(
      owner,
      booking({ holderName: 'Reserved', holderEmail: null, paymentType: null }),
    );
    const before = service.requests.length;
    expect(await report(id)).toMatchObject({
      state: 'unreportable',
      problems: ['holderSurname', 'holderContact', 'paymentType'],
    });
    const res = await call('POST', `/api/reservations/${id}/ses-report/send`, owner.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('RESERVATION_UNREPORTABLE');
    expect(service.requests.length).toBe(before);
    // Completed by the owner, it can be reported.
    const fixed = await call('PUT', `/api/reservations/${id}`, owner.token, {
      holderName: 'Lena Vogel',
      holderPhone: '+49 170 0000000',
      paymentType: 'TARJT',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await report(id)).toMatchObject({ state: 'to_send', problems: [] });
  });

  it("goes by itself in the 'on_registration' send mode, once", async () => {
    const mode = await call(
      'PUT',
      `/api/establishments/${other.establishmentId}/ses-schedule`,
      other.token,
      {
        PV: { mode: 'manual' },
        RH: { mode: 'on_registration' },
      },
    );
    expect(mode.statusCode, mode.body).toBe(200);
    const id = await reservation(
      other,
      booking({ holderName: 'Ole Hansen', holderEmail: 'ole@example.dk' }),
    );
    await vi.waitFor(() => expect(rhAltasOf(id)).toHaveLength(1), {
      timeout: 15_000,
      interval: 200,
    });
    expect((await report(id, other.token)).state).toBe('sent');
    // Later rounds send nothing more while it is on its way.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(rhAltasOf(id)).toHaveLength(1);
  });

  it("answers 404 for another tenant's reservation and sends nothing", async () => {
    const id = await reservation(owner);
    const before = service.requests.length;
    for (const [method, url] of [
      ['GET', `/api/reservations/${id}/ses-report`],
      ['POST', `/api/reservations/${id}/ses-report/send`],
    ] as const) {
      const res = await call(method, url, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('RESERVATION_NOT_FOUND');
    }
    const list = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/reservation-reports`,
      other.token,
    );
    expect(list.statusCode).toBe(404);
    expect(service.requests.length).toBe(before);
  });
});
