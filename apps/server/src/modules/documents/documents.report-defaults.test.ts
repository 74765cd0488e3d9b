/**
 * Report defaults of an establishment (decision 042): set on PUT /api/establishments/{id}, taken
 * by a walk-in registered at the desk, a confirmed self check-in and an import, so that the parte
 * is complete (checked against the official XSD with xmllint) without extra typing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@hospes/shared/dates';
import type { Establishment } from '@hospes/shared/establishments';
import type { Traveler } from '@hospes/shared/travelers';
import { auditLog } from '../../db/schema';
import {
  configureEstablishment,
  multipartBody,
  registerTraveler,
  SIGNATURE,
  xpath,
  xsdErrors,
} from '../../../test/documents-helpers';
import { dataUrl, randomDniNumber } from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });

/** PUT /api/establishments/{id}: the establishment as it is, with `changes`. */
async function putEstablishment(id: string, changes: Record<string, unknown>) {
  const current = (await call('GET', `/api/establishments/${id}`)).json<{ data: Establishment }>()
    .data;
  const { name, type, nif, address, city, province, postalCode, phone } = current;
  return call('PUT', `/api/establishments/${id}?lng=en`, {
    ...{ name, type, nif, address, city, province, postalCode, phone },
    contactName: current.contactName,
    contactEmail: current.contactEmail,
    ...changes,
  });
}

/**
 * A walk-in as the desk registers one: the identity fields (read from the document), the home
 * address the parte needs, the contact, the emergency contact and the signature. No entry or
 * check-out date, no stay, no issue date of the document.
 */
function walkInBody(establishmentId: string, firstName: string) {
  return {
    establishmentId,
    firstName,
    lastName: 'Núñez',
    secondLastName: 'García',
    nationality: 'ESP',
    documentType: 'D',
    passportNumber: randomDniNumber(),
    documentSupportNumber: 'ABC123456',
    dateOfBirth: '1980-05-17',
    gender: 'F',
    contactInfo: { email: 'walker@example.es', phone: '+34 600 000 000' },
    address: {
      street: 'Calle Real 1',
      municipalityCode: '09059',
      postalCode: '09001',
      country: 'ESP',
    },
    emergencyContact: { name: 'Ana Núñez', phone: '+34 600 000 001', relationship: 'sibling' },
    signatureImage: dataUrl(SIGNATURE),
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await registerVerifiedOwner(ctx);
  await configureEstablishment(ctx, owner.establishmentId, { establishmentCode: 'H150000042' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('report defaults of an establishment (decision 042)', () => {
  it('are set and read on the establishment, checked, and none until set', async () => {
    const id = owner.establishmentId;
    const before = (await call('GET', `/api/establishments/${id}`)).json().data;
    expect([before.defaultPaymentType, before.walkInNights]).toEqual([null, null]);

    const bad = await putEstablishment(id, { defaultPaymentType: 'CASH', walkInNights: 0 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string; message: string }) => `${d.field}: ${d.message}`)
        .sort(),
    ).toEqual([
      expect.stringMatching(/^defaultPaymentType: /),
      'walkInNights: A whole number of nights from 1 to 30',
    ]);

    const set = await putEstablishment(id, { defaultPaymentType: 'efect', walkInNights: 1 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ defaultPaymentType: 'EFECT', walkInNights: 1 });
    // A PUT without them keeps them.
    const kept = await putEstablishment(id, { phone: '+34 982 111 111' });
    expect(kept.json().data).toMatchObject({ defaultPaymentType: 'EFECT', walkInNights: 1 });
  });

  it('complete a walk-in registered with nothing but identity, contact and signature: its parte passes the XSD', async () => {
    const e = owner.establishmentId;
    const walkIn = await registerTraveler(ctx, owner.token, walkInBody(e, 'Wanda'));
    // Stored complete: the check-out the entry plus one night, cash; nothing made up beside.
    expect(walkIn.checkOutDate).toBe(addDays(walkIn.entryDate, 1));
    expect(walkIn.stay.paymentType).toBe('EFECT');
    expect(walkIn.documentExpeditionDate).toBeNull();
    expect(walkIn.stay.contractReference).toBeNull();
    const [created] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pilgrim.created'), eq(auditLog.entityId, walkIn.id)));
    expect(created!.details).toMatchObject({ defaulted: ['checkOutDate', 'stay.paymentType'] });

    // A value given is the traveler's own.
    const paid = await registerTraveler(ctx, owner.token, {
      ...walkInBody(e, 'Pablo'),
      checkOutDate: addDays(walkIn.entryDate, 3),
      stay: { paymentType: 'TARJT' },
    });
    expect([paid.checkOutDate, paid.stay.paymentType]).toEqual([
      addDays(walkIn.entryDate, 3),
      'TARJT',
    ]);

    const res = await call('POST', `/api/establishments/${e}/ses-xml`, {
      kind: 'PV',
      pilgrimIds: [walkIn.id, paid.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const xml = res.body;
    expect(xsdErrors(xml, 'altaParteHospedaje')).toBe('');
    const of = (name: string, path: string) =>
      xpath(xml, `string(//comunicacion[persona/nombre='${name}']/contrato/${path})`);
    // The generated contract (decision 013): the report number, the entry date.
    expect(of('Wanda', 'referencia')).toBe(walkIn.reportNumber);
    expect(of('Wanda', 'fechaContrato')).toBe(walkIn.entryDate);
    expect(of('Wanda', 'fechaSalida')).toBe(`${addDays(walkIn.entryDate, 1)}T00:00:00`);
    expect(of('Wanda', 'numPersonas')).toBe('1');
    expect(of('Wanda', 'pago/tipoPago')).toBe('EFECT');
    expect(of('Pablo', 'pago/tipoPago')).toBe('TARJT');
    // Its sheet prints without an issue date of the document.
    const pdf = await call('GET', `/api/pilgrims/${walkIn.id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('complete a self check-in when the desk confirms the arrival, from the day of arrival', async () => {
    const e = owner.establishmentId;
    const link = await call('GET', `/api/establishments/${e}/checkin-link`);
    expect(link.statusCode, link.body).toBe(200);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/checkin/${link.json().data.token}`,
      remoteAddress: '10.42.0.1',
      payload: walkInBody(e, 'Sara'),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const found = await call('GET', `/api/pilgrims/by-code/${sent.json().data.confirmationCode}`);
    const sara = found.json<{ data: Traveler }>().data;
    // Registered by herself: nothing taken yet, the arrival is the desk's to confirm.
    expect([sara.checkOutDate, sara.stay.paymentType]).toEqual([null, null]);

    const confirmed = await call('POST', `/api/pilgrims/${sara.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = confirmed.json<{ data: Traveler }>().data;
    expect(after.checkOutDate).toBe(addDays(after.entryDate, 1));
    expect(after.stay.paymentType).toBe('EFECT');
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'pilgrim.self_registration_confirmed'),
          eq(auditLog.entityId, sara.id),
        ),
      );
    expect(entry!.details).toMatchObject({ defaulted: ['checkOutDate', 'stay.paymentType'] });

    const parte = await call('POST', `/api/establishments/${e}/ses-xml`, {
      kind: 'PV',
      pilgrimIds: [sara.id],
    });
    expect(parte.statusCode, parte.body).toBe(200);
    expect(xsdErrors(parte.body, 'altaParteHospedaje')).toBe('');
  });

  it('complete the rows of an import that leave them empty', async () => {
    // An establishment without defaults registers a traveler lacking both; its export is imported
    // into the one with defaults.
    const plain = await registerVerifiedOwner(ctx);
    const lacking = await registerTraveler(ctx, plain.token, {
      ...walkInBody(plain.establishmentId, 'Iker'),
      entryDate: '2026-02-10',
    });
    expect([lacking.checkOutDate, lacking.stay.paymentType]).toEqual([null, null]);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/pilgrims/export?format=csv&establishmentId=${plain.establishmentId}`,
      headers: bearer(plain.token),
    });
    expect(file.statusCode).toBe(200);
    // The owner of the target imports it (the file is the traveler's data, not the tenancy).
    const { payload, headers } = multipartBody(
      { name: 'x.csv', content: file.rawPayload },
      { establishmentId: owner.establishmentId },
    );
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/pilgrims/import',
      headers: { ...headers, ...bearer(owner.token) },
      payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const list = await call(
      'GET',
      `/api/pilgrims?establishmentId=${owner.establishmentId}&search=Iker&limit=10`,
    );
    const [iker] = list.json<{ data: Traveler[] }>().data;
    expect(iker).toMatchObject({
      entryDate: '2026-02-10',
      checkOutDate: '2026-02-11',
      stay: expect.objectContaining({ paymentType: 'EFECT' }),
    });
  });
});
