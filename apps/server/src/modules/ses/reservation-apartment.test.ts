/**
 * The tourist apartment without a desk (decisions 066 and 071), end to end against the local
 * SES.HOSPEDAJES service: a booking made ahead is reported (RH) by the send mode; its guests fill
 * in the link before they come; on the day of arrival the reservation is confirmed by itself and
 * the parte (PV) of its guests reaches the service, nobody at the door. The app's clock starts at
 * the real time and is moved past the stay's grace by the test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayIso, addDays } from '@hospes/shared/dates';
import { establishments } from '../../db/schema';
import { configureEstablishment, sesReadyBody } from '../../../test/documents-helpers';
import { startTestSes, type TestSesService } from '../../../test/ses-service';
import {
  bearer,
  createTestContext,
  freshAddress,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let service: TestSesService;
let ctx: TestContext;
let caDir: string;
/** The real time, moved ahead by the test. */
let ahead = 0;
const now = () => new Date(Date.now() + ahead);

beforeAll(async () => {
  service = await startTestSes({ https: true });
  caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-ses-ca-'));
  const caFile = path.join(caDir, 'ca.pem');
  fs.writeFileSync(caFile, service.certificate!);
  ctx = await createTestContext(
    {
      ses: { endpoint: service.url, caFile, checkSeconds: 1 },
      sesAutomaticSeconds: 1,
      reservationReminderSeconds: 1,
    },
    { now },
  );
});
afterAll(async () => {
  await ctx?.close();
  await service?.close();
  if (caDir) fs.rmSync(caDir, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: freshAddress(),
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('the apartment without a desk', () => {
  it('reports the booking (RH), then, on the day of arrival, its guests’ parte (PV) by itself', async () => {
    const owner = await registerVerifiedOwner(ctx);
    await configureEstablishment(ctx, owner.establishmentId, { establishmentCode: 'H170000001' });
    await ctx.database.db
      .update(establishments)
      .set({ landlordCode: service.landlordCode })
      .where(eq(establishments.id, owner.establishmentId));
    const connected = await call(
      'PUT',
      `/api/establishments/${owner.establishmentId}/ses-connection`,
      owner.token,
      { user: service.user, password: service.password, environment: 'test' },
    );
    expect(connected.statusCode, connected.body).toBe(200);
    // Both kinds go by themselves; the reservations' guests are confirmed on their day.
    const modes = await call(
      'PUT',
      `/api/establishments/${owner.establishmentId}/ses-schedule`,
      owner.token,
      { PV: { mode: 'on_registration' }, RH: { mode: 'on_registration' } },
    );
    expect(modes.statusCode, modes.body).toBe(200);
    const url = `/api/establishments/${owner.establishmentId}`;
    const current = (await call('GET', url, owner.token)).json<{
      data: Record<string, string>;
    }>().data;
    const keep = ['name', 'type', 'nif', 'address', 'city', 'province', 'postalCode', 'phone'];
    const setting = await call('PUT', url, owner.token, {
      ...Object.fromEntries(keep.map((k) => [k, current[k]])),
      contactName: current.contactName,
      contactEmail: current.contactEmail,
      autoConfirmReservationCheckins: true,
    });
    expect(setting.statusCode, setting.body).toBe(200);

    // The booking arrives today (the establishment's clock) for two.
    const today = todayIso(now());
    const created = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/reservations`,
      owner.token,
      {
        holderName: 'Klara Wagner',
        holderEmail: 'klara.wagner@example.de',
        arrival: today,
        departure: addDays(today, 3),
        guests: 2,
        unit: 'Apartamento 2',
        paymentType: 'PLATF',
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    const rh = () =>
      service.requests.filter(
        (r) => r.kind === 'RH' && r.xml?.includes(`<referencia>${id}</referencia>`),
      );
    await vi.waitFor(() => expect(rh()).toHaveLength(1), { timeout: 15_000, interval: 200 });

    // The two guests fill in the link on their phones.
    const link = await call('GET', `/api/reservations/${id}/checkin-link`, owner.token);
    const token = new URL(link.json().data.url).searchParams.get('t')!;
    for (const firstName of ['Klara', 'Lukas']) {
      const body = sesReadyBody('', {
        firstName,
        lastName: 'Wagner',
        secondLastName: '',
        nationality: 'DEU',
        documentType: 'P',
        passportNumber: `C${Math.floor(Math.random() * 1e8)}`,
        documentSupportNumber: '',
        address: {
          street: 'Hauptstraße 5',
          municipalityName: 'Berlin',
          postalCode: '10115',
          country: 'DEU',
        },
        contactInfo: { email: 'klara.wagner@example.de', phone: '+49 30 1234567' },
        entryDate: undefined,
        checkOutDate: undefined,
        stay: undefined,
        establishmentId: undefined,
      });
      const res = await call('POST', `/api/public/checkin/${token}`, undefined, body);
      expect(res.statusCode, res.body).toBe(201);
    }

    // Confirmed by itself (arrival day); past the stay's grace, the parte goes.
    await vi.waitFor(
      async () => {
        const listed = (
          await call(
            'GET',
            `/api/establishments/${owner.establishmentId}/reservations`,
            owner.token,
          )
        ).json<{ data: { id: string; status: string }[] }>().data;
        expect(listed.find((r) => r.id === id)?.status).toBe('checked_in');
      },
      { timeout: 15_000, interval: 200 },
    );
    ahead = 6 * 60_000;
    const pv = () =>
      service.requests.filter(
        (r) => r.kind === 'PV' && r.xml?.includes(`<referencia>${id}</referencia>`),
      );
    await vi.waitFor(() => expect(pv()).toHaveLength(1), { timeout: 20_000, interval: 200 });
    const xml = pv()[0]!.xml!;
    expect(xml).toContain('<nombre>Klara</nombre>');
    expect(xml).toContain('<nombre>Lukas</nombre>');
    expect(xml).toContain('<numPersonas>2</numPersonas>');
    // The RH went once, and before the parte.
    expect(rh()).toHaveLength(1);
    expect(service.requests.indexOf(rh()[0]!)).toBeLessThan(service.requests.indexOf(pv()[0]!));
    const report = await call('GET', `/api/reservations/${id}/ses-report`, owner.token);
    expect(['sent', 'accepted']).toContain(report.json().data.state);
  });
});
