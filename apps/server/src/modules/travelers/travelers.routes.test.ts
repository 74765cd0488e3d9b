/**
 * The HTTP contract of /api/pilgrims (register, list, read, update, delete, images, history), call by call.
 *
 * One test file over 500 lines on purpose: the calls share one test app and its seeded tenants, set up
 * once per file (a PGlite restored from the snapshot); split, each file would set them up again.
 */
import sharp from 'sharp';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@hospes/shared/codes';
import { addDays, todayIso } from '@hospes/shared/dates';
import {
  TravelerHistoryResponseSchema,
  TravelerListResponseSchema,
  TravelerResponseSchema,
  type Traveler,
} from '@hospes/shared/travelers';
import { auditLog, travelerDocuments, pilgrims, registrationKeys } from '../../db/schema';
import { createAdminSession, createUserSession } from '../../../test/accounts';
import { photoJpeg } from '../../../test/documents-helpers';
import { signaturePng } from '../../lib/pdf/fixtures';
import { randomCif } from '../../../test/factories';
import {
  dataUrl,
  jpegBytes,
  travelerBody,
  PNG_BYTES,
  pngDeclaring,
  randomDniNumber,
  WEBP_BYTES,
} from '../../../test/traveler-factories';
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
const today = todayIso();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdminSession(ctx);
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function register(
  token: string,
  establishmentId: string | null,
  overrides: Record<string, unknown> = {},
): Promise<Traveler> {
  const res = await call('POST', '/api/pilgrims', token, travelerBody(establishmentId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function counts() {
  const db = ctx.database.db;
  return {
    pilgrims: (await db.select({ id: pilgrims.id, updatedAt: pilgrims.updatedAt }).from(pilgrims))
      .map((r) => `${r.id}@${r.updatedAt.toISOString()}`)
      .sort(),
    documents: (await db.select({ id: travelerDocuments.id }).from(travelerDocuments)).length,
    audit: (await db.select({ id: auditLog.id }).from(auditLog)).length,
  };
}

const fieldsOf = (res: { json(): { details?: { field: string }[] } }) =>
  (res.json().details ?? []).map((d) => d.field);

describe('POST /api/pilgrims', () => {
  it('registers a traveler with every spec §3 and SES field and answers the record', async () => {
    const body = travelerBody(owner.establishmentId, {
      firstName: '  José ',
      lastName: 'Núñez',
      secondLastName: 'García',
      nationality: 'esp',
      documentType: 'D',
      passportNumber: '12345678-z',
      documentSupportNumber: 'abc123456',
      gender: 'male',
      contactInfo: {
        email: 'Jose@Example.ES',
        phone: '+34 600 000 000',
        phone2: '+34 981 111 111',
        address: 'Calle Real 1, Burgos',
      },
      address: {
        street: 'Calle Real 1',
        complement: '2º B',
        municipalityCode: '09059',
        postalCode: '09001',
        country: 'ESP',
      },
      kinship: 'pm',
      stay: {
        contractReference: 'RES-2026-001',
        contractDate: '2026-02-20',
        entryDateTime: '2026-03-01T18:30',
        exitDateTime: '2026-03-02T08:00:00',
        numberOfPersons: 2,
        numberOfRooms: '1',
        internetBooking: true,
        paymentType: 'tarjt',
        paymentDate: '2026-03-01',
        paymentMethod: 'VISA ****1234',
        paymentHolder: 'José Núñez García',
        cardExpiry: '09/2028',
      },
      language: 'es',
    });
    const res = await call('POST', '/api/pilgrims?lng=en', owner.token, body);
    expect(res.statusCode, res.body).toBe(201);
    const json = TravelerResponseSchema.parse(res.json());
    expect(json.message).toBe('Pilgrim registered.');
    expect(json.data).toMatchObject({
      firstName: 'José',
      lastName: 'Núñez',
      secondLastName: 'García',
      nationality: 'ESP',
      documentType: 'D',
      passportNumber: '12345678Z',
      documentSupportNumber: 'ABC123456',
      dateOfBirth: '1980-05-17',
      gender: 'M',
      documentExpeditionDate: '2020-01-10',
      entryDate: '2026-03-01',
      checkOutDate: '2026-03-02',
      daysOfStay: 1,
      stayStatus: null,
      establishmentId: owner.establishmentId,
      establishment: { id: owner.establishmentId, name: 'Albergue de Peregrinos San Roque' },
      language: 'es',
      contactInfo: {
        email: 'jose@example.es',
        phone: '+34 600 000 000',
        phone2: '+34 981 111 111',
        address: 'Calle Real 1, Burgos',
      },
      address: {
        street: 'Calle Real 1',
        complement: '2º B',
        municipalityCode: '09059',
        municipalityName: null,
        postalCode: '09001',
        country: 'ESP',
      },
      kinship: 'PM',
      emergencyContact: { name: 'Greta Müller', phone: '+49 30 7654321', relationship: 'spouse' },
      stay: {
        contractReference: 'RES-2026-001',
        entryDateTime: '2026-03-01T18:30:00',
        exitDateTime: '2026-03-02T08:00:00',
        numberOfPersons: 2,
        numberOfRooms: 1,
        internetBooking: true,
        paymentType: 'TARJT',
        cardExpiry: '09/2028',
      },
    });
    expect(json.data.documentUploads.map((d) => [d.kind, d.mimeType, d.originalName])).toEqual(
      expect.arrayContaining([
        ['front', 'image/jpeg', 'front-document.jpg'],
        ['signature', 'image/png', 'signature.png'],
      ]),
    );
    expect(json.data.documentUploads).toHaveLength(2);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, json.data.id));
    expect(entry).toMatchObject({
      action: 'pilgrim.created',
      actorUserId: owner.userId,
      establishmentId: owner.establishmentId,
      entityType: 'pilgrim',
    });
    expect(entry!.requestId).toBe(res.headers['x-request-id']);
    expect(entry!.ip).toEqual(expect.any(String));
    const auditText = JSON.stringify(entry);
    for (const personal of ['José', 'Núñez', '12345678Z', 'jose@example.es', '600 000 000'])
      expect(auditText).not.toContain(personal);
  });

  // Not the document's issue date any more: spec §5 made it today (or the entry date); decision
  // 042 leaves an empty one empty, as nothing invented goes on the register or to the police.
  it('applies the spec §5 defaults to empty values, except contact data and the issue date', async () => {
    const data = await register(owner.token, null, {
      documentType: '',
      documentExpeditionDate: '',
      entryDate: '',
      checkOutDate: '',
      language: null,
      secondLastName: '   ',
    });
    expect(data).toMatchObject({
      establishmentId: owner.establishmentId,
      documentType: 'P',
      documentExpeditionDate: null,
      entryDate: today,
      checkOutDate: null,
      language: 'es',
      secondLastName: null,
      daysOfStay: 0,
      stayStatus: 'recent',
    });
    const earlier = await register(owner.token, owner.establishmentId, {
      entryDate: addDays(today, -4),
      documentExpeditionDate: undefined,
      checkOutDate: null,
    });
    expect(earlier).toMatchObject({
      documentExpeditionDate: null,
      daysOfStay: 4,
      stayStatus: 'long',
    });
  });

  it('answers 401 without a session and creates nothing', async () => {
    const before = await counts();
    const res = await call(
      'POST',
      '/api/pilgrims?lng=en',
      undefined,
      travelerBody(owner.establishmentId),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(await counts()).toEqual(before);
  });

  it('requires the fields of spec §5, in the request language, at the right path', async () => {
    const before = await counts();
    const empty = await call('POST', '/api/pilgrims?lng=en', owner.token, {
      contactInfo: {},
      emergencyContact: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    expect(empty.json().message).toBe('Error in the data sent');
    expect(fieldsOf(empty)).toEqual(
      expect.arrayContaining([
        'firstName',
        'lastName',
        'nationality',
        'dateOfBirth',
        'gender',
        'contactInfo.email',
        'contactInfo.phone',
      ]),
    );
    // The emergency contact is the establishment's rule (decision 055), checked once the rest
    // passes: travelers.emergency-optional.test.ts.
    expect(
      empty.json().details.find((d: { field: string }) => d.field === 'firstName').message,
    ).toBe('This field is required');
    const es = await call(
      'POST',
      '/api/pilgrims',
      owner.token,
      travelerBody(owner.establishmentId, { contactInfo: { email: '', phone: '' } }),
    );
    expect(es.json().message).toBe('Error en los datos enviados');
    expect(es.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'contactInfo.email',
          message: 'Este campo es obligatorio',
        }),
        expect.objectContaining({
          field: 'contactInfo.phone',
          message: 'Este campo es obligatorio',
        }),
      ]),
    );
    expect(await counts()).toEqual(before);
  });

  it('answers 400 SIGNATURE_REQUIRED without a signature', async () => {
    const before = await counts();
    const en = await call(
      'POST',
      '/api/pilgrims?lng=en',
      owner.token,
      travelerBody(owner.establishmentId, { signatureImage: '' }),
    );
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 'SIGNATURE_REQUIRED',
      message: 'Signature is required',
      details: [{ field: 'signatureImage' }],
    });
    const es = await call(
      'POST',
      '/api/pilgrims',
      owner.token,
      travelerBody(owner.establishmentId, { signatureImage: undefined }),
    );
    expect(es.json()).toMatchObject({
      code: 'SIGNATURE_REQUIRED',
      message: 'La firma es obligatoria',
    });
    expect(await counts()).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a DNI with a wrong letter',
      { documentType: 'D', passportNumber: '12345678A', documentSupportNumber: 'ABC123456' },
      'passportNumber',
      'Invalid DNI: check the control letter',
    ],
    [
      'an NIE with a wrong letter',
      { documentType: 'N', passportNumber: 'X2482300A', documentSupportNumber: 'E12345678' },
      'passportNumber',
      'Invalid NIE: check the control letter',
    ],
    [
      'a DNI without support number',
      { documentType: 'D', passportNumber: '12345678Z' },
      'documentSupportNumber',
      'The support number is required for a DNI or NIE',
    ],
    [
      'a passport number with symbols',
      { passportNumber: 'AB#123' },
      'passportNumber',
      'Invalid document number',
    ],
    [
      'an impossible date',
      { dateOfBirth: '2026-02-30' },
      'dateOfBirth',
      'Invalid date (YYYY-MM-DD)',
    ],
    [
      'a date in another format',
      { entryDate: '01/03/2026' },
      'entryDate',
      'Invalid date (YYYY-MM-DD)',
    ],
    [
      'a birth date in the future',
      { dateOfBirth: addDays(today, 1), documentExpeditionDate: null, entryDate: null },
      'dateOfBirth',
      'The date of birth cannot be in the future',
    ],
    [
      'a check-out before the entry',
      { entryDate: '2026-03-05', checkOutDate: '2026-03-04' },
      'checkOutDate',
      'The check-out date cannot be before the entry date',
    ],
    [
      'an expedition after the entry',
      { documentExpeditionDate: '2026-03-02' },
      'documentExpeditionDate',
      'The expedition date cannot be after the entry date',
    ],
    [
      'a check-out before a defaulted entry',
      { entryDate: '', checkOutDate: addDays(today, -1) },
      'checkOutDate',
      'The check-out date cannot be before the entry date',
    ],
    [
      'a bad e-mail',
      { contactInfo: { email: 'hans@example', phone: '+49 30 1234567' } },
      'contactInfo.email',
      'Invalid email address',
    ],
    [
      'a bad phone',
      { contactInfo: { email: 'hans@example.de', phone: 'call me' } },
      'contactInfo.phone',
      'Invalid phone number',
    ],
    [
      'an alpha-2 nationality',
      { nationality: 'DE' },
      'nationality',
      'Invalid country (3-letter ISO code)',
    ],
    [
      'an unknown nationality',
      { nationality: 'XYZ' },
      'nationality',
      'Invalid country (3-letter ISO code)',
    ],
    ['an unknown gender', { gender: 'X' }, 'gender', 'Invalid option'],
    ['an unknown document type', { documentType: 'Z' }, 'documentType', 'Invalid option'],
    [
      'an unknown relationship',
      { emergencyContact: { name: 'A', phone: '+34 600 000 000', relationship: 'neighbour' } },
      'emergencyContact.relationship',
      'Invalid option',
    ],
    ['an unknown kinship', { kinship: 'XX' }, 'kinship', 'Invalid option'],
    ['an unknown language', { language: 'xx' }, 'language', 'Invalid option'],
    [
      'an overlong name',
      { firstName: 'x'.repeat(51) },
      'firstName',
      'Must be at most 50 characters long',
    ],
    [
      'an overlong contact address',
      { contactInfo: { email: 'a@b.co', phone: '+34 600 000 000', address: 'x'.repeat(201) } },
      'contactInfo.address',
      'Must be at most 200 characters long',
    ],
    [
      'a Spanish address without municipality code',
      { address: { street: 'Calle 1', postalCode: '28001', country: 'ESP' } },
      'address.municipalityCode',
      'The municipality code is required for an address in Spain',
    ],
    [
      'a foreign address without municipality',
      { address: { street: 'Hauptstr. 1', postalCode: '10115', country: 'DEU' } },
      'address.municipalityName',
      'The municipality is required for an address outside Spain',
    ],
    [
      'a 6-digit INE code',
      {
        address: {
          street: 'Calle 1',
          postalCode: '28001',
          country: 'ESP',
          municipalityCode: '280796',
        },
      },
      'address.municipalityCode',
      'Invalid municipality code (5-digit INE code)',
    ],
    [
      'an INE code that does not exist (a postal code typed as the code)',
      {
        address: {
          street: 'Rúa do Progreso 1',
          postalCode: '15800',
          country: 'ESP',
          municipalityCode: '15800',
        },
      },
      'address.municipalityCode',
      'This municipality code is not in the INE list: choose the municipality by name or postal code',
    ],
    [
      'a municipality of another province than the postal code',
      {
        address: {
          street: 'Calle Mayor 5',
          postalCode: '28013',
          country: 'ESP',
          municipalityCode: '27045',
        },
      },
      'address.municipalityCode',
      "The municipality is not in the postal code's province (the INE code is not the postal code)",
    ],
    [
      'an unknown payment type',
      { stay: { paymentType: 'CASH' } },
      'stay.paymentType',
      'Invalid option',
    ],
    [
      'a card expiry as a date',
      { stay: { cardExpiry: '2028-09' } },
      'stay.cardExpiry',
      'Invalid expiry (MM/YYYY)',
    ],
    [
      'an exit before the entry time',
      { stay: { entryDateTime: '2026-03-02T10:00', exitDateTime: '2026-03-01T10:00' } },
      'stay.exitDateTime',
      'The exit cannot be before the entry',
    ],
    [
      'zero persons',
      { stay: { numberOfPersons: 0 } },
      'stay.numberOfPersons',
      'Must be at least 1',
    ],
    [
      'an establishment id that is not a uuid',
      { establishmentId: 'abc' },
      'establishmentId',
      'Invalid format',
    ],
  ])('refuses %s', async (_name, overrides, field, message) => {
    const before = await counts();
    const res = await call(
      'POST',
      '/api/pilgrims?lng=en',
      owner.token,
      travelerBody(owner.establishmentId, overrides),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(res.json().details).toContainEqual(expect.objectContaining({ field, message }));
    expect(await counts()).toEqual(before);
  });

  it('takes an INE code of the postal code’s province; a stored wrong one still loads and saves until the address is sent (decision 026)', async () => {
    const madrid = await register(owner.token, owner.establishmentId, {
      address: {
        street: 'Calle Mayor 5',
        postalCode: '28013',
        country: 'ESP',
        municipalityCode: '28079',
        municipalityName: 'Madrid',
      },
    });
    expect(madrid.address).toMatchObject({ municipalityCode: '28079', postalCode: '28013' });
    const pedrafita = await register(owner.token, owner.establishmentId, {
      address: { street: 'Rúa 1', postalCode: '27671', country: 'ESP', municipalityCode: '27045' },
    });
    expect(pedrafita.address?.municipalityCode).toBe('27045');

    // A record saved before the rule, with the postal code typed as the INE code.
    await ctx.database.db
      .update(pilgrims)
      .set({ addressMunicipalityCode: '15800', addressPostalCode: '15800' })
      .where(eq(pilgrims.id, madrid.id));
    const loaded = await call('GET', `/api/pilgrims/${madrid.id}`, owner.token);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json().data.address.municipalityCode).toBe('15800');
    const renamed = await call('PUT', `/api/pilgrims/${madrid.id}?lng=en`, owner.token, {
      lastName: 'Otero',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const address = { street: 'Rúa 1', postalCode: '15800', country: 'ESP' };
    const refused = await call('PUT', `/api/pilgrims/${madrid.id}?lng=en`, owner.token, {
      address: { ...address, municipalityCode: '15800' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toContainEqual(
      expect.objectContaining({
        field: 'address.municipalityCode',
        code: 'validation.municipalityCodeUnknown',
      }),
    );
    const fixed = await call('PUT', `/api/pilgrims/${madrid.id}?lng=en`, owner.token, {
      address: { ...address, municipalityCode: '15046' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.address).toMatchObject({ municipalityCode: '15046' });
  });

  it('accepts valid DNI, NIE and special NIF numbers, normalised', async () => {
    const dni = randomDniNumber();
    const a = await register(owner.token, owner.establishmentId, {
      documentType: 'D',
      passportNumber: ` ${dni.slice(0, 4)} ${dni.slice(4)} `,
      documentSupportNumber: 'BAA 000589',
    });
    expect(a).toMatchObject({ passportNumber: dni, documentSupportNumber: 'BAA000589' });
    const b = await register(owner.token, owner.establishmentId, {
      documentType: 'n',
      passportNumber: 'z-1234567-r',
      documentSupportNumber: 'E00000000',
    });
    expect(b.passportNumber).toBe('Z1234567R');
  });

  it('needs the document number from the 18th birthday on arrival; a minor may have none', async () => {
    const before = await counts();
    const adult = await call(
      'POST',
      '/api/pilgrims?lng=en',
      owner.token,
      travelerBody(owner.establishmentId, { passportNumber: '' }),
    );
    expect(adult.statusCode).toBe(400);
    expect(adult.json().details).toEqual([
      expect.objectContaining({
        field: 'passportNumber',
        code: 'validation.documentRequiredForAdult',
      }),
    ]);
    // Turns 18 the day after arrival: still a minor, with a DNI type and no card (no support number).
    const child = await register(owner.token, owner.establishmentId, {
      dateOfBirth: '2008-03-02',
      entryDate: '2026-03-01',
      documentType: 'D',
      passportNumber: null,
      kinship: 'HJ',
    });
    expect(child).toMatchObject({ passportNumber: null, documentSupportNumber: null });
    expect((await counts()).pilgrims).toHaveLength(before.pilgrims.length + 1);
    // The number cannot be cleared from an adult's record.
    const grown = await register(owner.token, owner.establishmentId);
    const cleared = await call('PUT', `/api/pilgrims/${grown.id}`, owner.token, {
      passportNumber: null,
    });
    expect(cleared.statusCode).toBe(400);
    expect(fieldsOf(cleared)).toEqual(['passportNumber']);
    // Found by name; listed without a number.
    const listed = await call(
      'GET',
      `/api/pilgrims?establishmentId=${owner.establishmentId}&limit=100`,
      owner.token,
    );
    expect(listed.json().data.find((p: { id: string }) => p.id === child.id)).toMatchObject({
      passportNumber: null,
    });
  });

  it('refuses an establishment the caller cannot reach (404) and asks for one when it cannot choose (400)', async () => {
    const before = await counts();
    const res = await call(
      'POST',
      '/api/pilgrims?lng=en',
      owner.token,
      travelerBody(other.establishmentId),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'ESTABLISHMENT_NOT_FOUND',
      message: 'Establishment not found',
    });
    const lonely = await createUserSession(ctx);
    const none = await call('POST', '/api/pilgrims?lng=en', lonely.token, travelerBody(null));
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([
      expect.objectContaining({
        field: 'establishmentId',
        message: 'Choose an establishment (create one first if you have none)',
      }),
    ]);
    expect((await call('POST', '/api/pilgrims', admin.token, travelerBody(null))).statusCode).toBe(
      400,
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses text the database cannot store, naming the field, on PGlite and PostgreSQL alike', async () => {
    const target = await register(owner.token, owner.establishmentId);
    const before = await counts();
    const refused = async (
      res: Awaited<ReturnType<typeof call>>,
      field: string,
      code = 'validation.invalidCharacters',
    ) => {
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json();
      expect(answer).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(answer.details).toContainEqual(
        expect.objectContaining({ field, code, message: expect.any(String) }),
      );
    };
    // A NUL character (PostgreSQL's text cannot hold it) and a lone surrogate (not Unicode).
    for (const bad of ['A\u0000B', '\u0000', 'Ha\ud800ns', '\udfff']) {
      const valid = travelerBody(owner.establishmentId);
      await refused(
        await call('POST', '/api/pilgrims', owner.token, { ...valid, firstName: bad }),
        'firstName',
      );
      await refused(
        await call('POST', '/api/pilgrims', owner.token, {
          ...valid,
          stay: { paymentHolder: bad },
        }),
        'stay.paymentHolder',
      );
      await refused(
        await call('PUT', `/api/pilgrims/${target.id}`, owner.token, { lastName: bad }),
        'lastName',
      );
      await refused(
        await call('PUT', `/api/establishments/${owner.establishmentId}`, owner.token, {
          name: bad,
        }),
        'name',
      );
    }
    await refused(
      await call('GET', '/api/pilgrims?search=a%00b', owner.token),
      'querystring.search',
    );
    await refused(
      await call('GET', '/api/establishments?city=%00', admin.token),
      'querystring.city',
    );
    await refused(await call('GET', '/api/public/checkin/%00'), 'params.token');
    // A body nested thousands deep is read without recursion.
    const nested = await ctx.app.inject({
      method: 'POST',
      url: '/api/pilgrims',
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: `{"firstName":${'['.repeat(5000)}"\\u0000"${']'.repeat(5000)}}`,
    });
    expect(nested.statusCode).toBe(400);

    // Values that grow when cased: checked before, and after, against their column's size.
    await refused(
      await call('PUT', `/api/establishments/${owner.establishmentId}`, owner.token, {
        establishmentCode: 'ß'.repeat(10),
      }),
      'establishmentCode',
      'validation.code',
    );
    const longEmail = `${'İ'.repeat(240)}@example.com`;
    await refused(
      await call('PUT', `/api/establishments/${owner.establishmentId}`, owner.token, {
        contactEmail: longEmail,
      }),
      'contactEmail',
      'validation.tooLong',
    );
    await refused(
      await call('POST', '/api/pilgrims', owner.token, {
        ...travelerBody(owner.establishmentId),
        contactInfo: { email: longEmail, phone: '+49 30 1234567' },
      }),
      'contactInfo.email',
      'validation.tooLong',
    );
    expect(await counts()).toEqual(before);
  });

  it('answers a URL the router cannot read in the envelope, without echoing it', async () => {
    for (const url of [
      '/api/pilgrims/%ZZ',
      '/api/pilgrims/%E0%A4%A',
      `/api/pilgrims/${'a'.repeat(101)}`,
    ]) {
      const res = await call('GET', url, owner.token);
      expect(res.statusCode, url).toBe(400);
      const answer = res.json();
      expect(answer).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(answer.requestId).toEqual(expect.any(String));
      expect(res.body).not.toContain('%');
      expect(res.body).not.toContain('aaaa');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toBe(answer.requestId);
    }
    const english = await call('GET', '/api/pilgrims/%ZZ?lng=en', owner.token);
    expect(english.json().message).toBe('Error in the data sent');
  });

  it('a PUT that changes nothing writes nothing', async () => {
    const target = await register(owner.token, owner.establishmentId);
    const before = await counts();
    const res = await call('PUT', `/api/pilgrims/${target.id}`, owner.token, {
      firstName: 'Hans',
      id: 'ignored',
      daysOfStay: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.updatedAt).toBe(target.updatedAt);
    expect(await counts()).toEqual(before);
  });
});

describe('document images', () => {
  it('stores them by their content, written anew and encrypted, and gives back the stored bytes', async () => {
    const front = jpegBytes(5000);
    const back = WEBP_BYTES;
    const data = await register(owner.token, owner.establishmentId, {
      frontDocImage: dataUrl(front, 'image/jpeg'),
      backDocImage: dataUrl(back, 'image/png'),
      signatureImage: dataUrl(PNG_BYTES, 'image/jpeg'),
    });
    const byKind = Object.fromEntries(data.documentUploads.map((d) => [d.kind, d]));
    expect(byKind.signature).toMatchObject({
      mimeType: 'image/png',
      originalName: 'signature.png',
    });
    expect(byKind.back).toMatchObject({
      mimeType: 'image/webp',
      originalName: 'back-document.webp',
    });

    const rows = await ctx.database.db
      .select()
      .from(travelerDocuments)
      .where(eq(travelerDocuments.pilgrimId, data.id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const plain = { front, back, signature: PNG_BYTES }[row.kind];
      expect(row.content.equals(plain)).toBe(false);
      expect(row.content.includes(plain.subarray(0, 16))).toBe(false);
    }

    const res = await call(
      'GET',
      `/api/pilgrims/${data.id}/documents/${byKind.front!.id}`,
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    // The picture, written anew: the same size, without the 5,000 bytes of comments sent with it.
    const stored = await sharp(res.rawPayload).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['jpeg', 64, 48]);
    expect(res.rawPayload.length).toBe(byKind.front!.size);
    expect(res.rawPayload.length).toBeLessThan(front.length - 4000);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe('attachment; filename="front-document.jpg"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const sig = await call(
      'GET',
      `/api/pilgrims/${data.id}/documents/${byKind.signature!.id}`,
      admin.token,
    );
    expect(sig.rawPayload.length).toBe(byKind.signature!.size);
    expect(sig.headers['content-type']).toBe('image/png');
    expect((await sharp(sig.rawPayload).raw().toBuffer()).length).toBe(4);

    const views = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, data.id), eq(auditLog.action, 'pilgrim.document_viewed')))
      .orderBy(asc(auditLog.at));
    expect(views.map((v) => [v.actorUserId, (v.details as { kind: string }).kind])).toEqual([
      [owner.userId, 'front'],
      [admin.userId, 'signature'],
    ]);

    const foreign = await call(
      'GET',
      `/api/pilgrims/${data.id}/documents/${byKind.front!.id}`,
      other.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('PILGRIM_NOT_FOUND');
    const unknown = await call(
      'GET',
      `/api/pilgrims/${data.id}/documents/00000000-0000-4000-8000-000000000000?lng=en`,
      owner.token,
    );
    expect(unknown.json()).toMatchObject({
      code: 'DOCUMENT_NOT_FOUND',
      message: 'Document not found',
    });
    expect(
      (await call('GET', `/api/pilgrims/${data.id}/documents/nope`, owner.token)).json().code,
    ).toBe('DOCUMENT_NOT_FOUND');
    expect(
      (await call('GET', `/api/pilgrims/${data.id}/documents/${byKind.front!.id}`)).statusCode,
    ).toBe(401);
  });

  it('answers a preview of at most 640 px for thumbnails, audited like the image', async () => {
    const photo = await photoJpeg(1600, 1000);
    const created = await call(
      'POST',
      '/api/pilgrims',
      owner.token,
      travelerBody(owner.establishmentId, { frontDocImage: dataUrl(photo, 'image/jpeg') }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data as Traveler;
    const byKind = Object.fromEntries(data.documentUploads.map((d) => [d.kind, d]));
    const url = (kind: string, query = '') =>
      `/api/pilgrims/${data.id}/documents/${byKind[kind]!.id}${query}`;

    const preview = await call('GET', url('front', '?size=preview'), owner.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers['content-disposition']).toBe(
      'inline; filename="front-document-preview.webp"',
    );
    expect(preview.rawPayload.length).toBeLessThan(photo.length / 4);
    const meta = await sharp(preview.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 400]);
    // The full image, as stored, stays the default, and is only ever downloaded.
    const stored = (await call('GET', url('front'), owner.token)).rawPayload;
    const meta0 = await sharp(stored).metadata();
    expect([meta0.format, meta0.width, meta0.height]).toEqual(['jpeg', 1600, 1000]);
    for (const query of ['?size=full', '?size=']) {
      const full = await call('GET', url('front', query), owner.token);
      expect(full.rawPayload.equals(stored)).toBe(true);
      expect(full.headers['content-disposition']).toBe('attachment; filename="front-document.jpg"');
    }
    // A signature smaller than any copy of it: answered as it is stored.
    const sig = await call('GET', url('signature', '?size=preview'), owner.token);
    expect(sig.headers['content-type']).toBe('image/png');
    expect(sig.headers['content-disposition']).toBe('attachment; filename="signature.png"');
    expect(sig.rawPayload.length).toBe(byKind.signature!.size);

    const views = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, data.id), eq(auditLog.action, 'pilgrim.document_viewed')))
      .orderBy(asc(auditLog.at));
    // The signature went as it is: its view is logged as the full image.
    expect(views.map((v) => (v.details as { size: string }).size)).toEqual([
      'preview',
      'full',
      'full',
      'full',
      'full',
    ]);
    const bad = await call('GET', url('front', '?size=huge&lng=en'), owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(bad.json().details[0].field).toBe('querystring.size');
    // Another tenant's preview is as hidden as the image.
    expect((await call('GET', url('front', '?size=preview'), other.token)).statusCode).toBe(404);
  });

  it('refuses a text file disguised as an image, and any image over 10 MB, storing nothing', async () => {
    const before = await counts();
    const text = await call(
      'POST',
      '/api/pilgrims?lng=en',
      owner.token,
      travelerBody(owner.establishmentId, {
        frontDocImage: dataUrl(Buffer.from('#!/bin/sh\necho not an image\n'), 'image/png'),
      }),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().details).toEqual([
      expect.objectContaining({
        field: 'frontDocImage',
        message: 'The file is not a JPEG, PNG or WebP image',
      }),
    ]);
    const svg = await call(
      'POST',
      '/api/pilgrims',
      owner.token,
      travelerBody(owner.establishmentId, { backDocImage: 'data:image/svg+xml,<svg/>' }),
    );
    expect(svg.statusCode).toBe(400);
    expect(fieldsOf(svg)).toEqual(['backDocImage']);

    const head = jpegBytes(16);
    const overByOne = Buffer.concat([head, Buffer.alloc(IMAGE_MAX_BYTES + 1 - head.length)]);
    expect(overByOne.length).toBe(IMAGE_MAX_BYTES + 1);
    const justOver = await call(
      'POST',
      '/api/pilgrims?lng=en',
      owner.token,
      travelerBody(owner.establishmentId, { backDocImage: dataUrl(overByOne, 'image/jpeg') }),
    );
    expect(justOver.statusCode).toBe(400);
    expect(justOver.json().details).toEqual([
      expect.objectContaining({
        field: 'backDocImage',
        message: 'The image must be at most 10 MB',
      }),
    ]);
    const far = await call(
      'POST',
      '/api/pilgrims?lng=en',
      owner.token,
      travelerBody(owner.establishmentId, {
        frontDocImage: dataUrl(Buffer.alloc(12 * 1024 * 1024), 'image/jpeg'),
      }),
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().details).toEqual([
      expect.objectContaining({
        field: 'frontDocImage',
        message: 'The image must be at most 10 MB',
      }),
    ]);
    const huge = await call('POST', '/api/pilgrims', owner.token, {
      ...travelerBody(owner.establishmentId),
      frontDocImage: dataUrl(Buffer.alloc(17 * 1024 * 1024)),
      backDocImage: dataUrl(Buffer.alloc(17 * 1024 * 1024)),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a damaged image and one of too many pixels (a small PNG of 16,000 × 16,000), storing nothing', async () => {
    const before = await counts();
    const refused = async (images: Record<string, string>) => {
      const res = await call(
        'POST',
        '/api/pilgrims?lng=en',
        owner.token,
        travelerBody(owner.establishmentId, images),
      );
      expect(res.statusCode).toBe(400);
      return res.json().details.map((d: { field: string; code: string }) => [d.field, d.code]);
    };
    // The eight bytes of a PNG signature, or a PNG cut before its image data, sign nothing.
    expect(await refused({ signatureImage: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual([
      ['signatureImage', 'validation.imageDamaged'],
    ]);
    expect(await refused({ signatureImage: dataUrl(PNG_BYTES.subarray(0, 40)) })).toEqual([
      ['signatureImage', 'validation.imageDamaged'],
    ]);
    expect(
      await refused({ frontDocImage: dataUrl(jpegBytes(64).subarray(0, 30), 'image/jpeg') }),
    ).toEqual([['frontDocImage', 'validation.imageDamaged']]);
    // Declared sizes: a bomb as a photo; a signature larger than any screen.
    expect(await refused({ frontDocImage: dataUrl(pngDeclaring(16_000, 16_000)) })).toEqual([
      ['frontDocImage', 'validation.imageTooManyPixels'],
    ]);
    expect(await refused({ signatureImage: dataUrl(pngDeclaring(3000, 3000)) })).toEqual([
      ['signatureImage', 'validation.imageTooManyPixels'],
    ]);
    // Whole in its structure, but its pixels are not all there: sharp cannot decode it.
    expect(await refused({ frontDocImage: dataUrl(pngDeclaring(3000, 3000)) })).toEqual([
      ['frontDocImage', 'validation.imageDamaged'],
    ]);
    expect(await counts()).toEqual(before);
    // A photo of 3,000 × 3,000 is fine.
    const big = await sharp({
      create: { width: 3000, height: 3000, channels: 3, background: '#89a' },
    })
      .png()
      .toBuffer();
    const data = await register(owner.token, owner.establishmentId, {
      frontDocImage: dataUrl(big),
    });
    expect(data.documentUploads.map((d) => d.kind).sort()).toEqual(['front', 'signature']);
  });

  it('accepts an image of exactly 10 MB', async () => {
    const head = jpegBytes(16);
    const exact = Buffer.concat([head, Buffer.alloc(IMAGE_MAX_BYTES - head.length)]);
    expect(exact.length).toBe(IMAGE_MAX_BYTES);
    const data = await register(owner.token, owner.establishmentId, {
      frontDocImage: dataUrl(exact, 'image/jpeg'),
    });
    // Stored as its picture alone: the zeros after its end are not kept.
    expect(data.documentUploads.find((d) => d.kind === 'front')!.size).toBeLessThan(2000);
  });

  it('keeps only the picture: no script in a JPEG comment, no EXIF place, no ZIP after a PNG, turned upright', async () => {
    const script = '<script>alert(document.cookie)</script>';
    const withExif = await sharp(await photoJpeg(800, 600))
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneCo', Model: 'Spy 3000' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 52/1 4572/100' },
      })
      .jpeg()
      .toBuffer();
    const comment = Buffer.alloc(4 + script.length);
    comment.writeUInt16BE(0xfffe, 0);
    comment.writeUInt16BE(script.length + 2, 2);
    comment.write(script, 4, 'latin1');
    const jpeg = Buffer.concat([withExif.subarray(0, 2), comment, withExif.subarray(2)]);
    expect(jpeg.includes(script) && jpeg.includes('PhoneCo') && jpeg.includes('Exif')).toBe(true);
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const zip = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('payload.html<html><body onload="steal()"></body></html>'),
    ]);
    const png = Buffer.concat([signaturePng(600, 200), zip]);

    const data = await register(owner.token, owner.establishmentId, {
      frontDocImage: dataUrl(jpeg, 'image/jpeg'),
      signatureImage: dataUrl(png),
    });
    const byKind = Object.fromEntries(data.documentUploads.map((d) => [d.kind, d]));
    const stored = async (kind: string) =>
      (await call('GET', `/api/pilgrims/${data.id}/documents/${byKind[kind]!.id}`, owner.token))
        .rawPayload;
    const front = await stored('front');
    // No EXIF block at all (the GPS position was in it), no comment.
    for (const trace of [script, 'PhoneCo', 'Spy 3000', 'Exif'])
      expect(front.includes(trace), trace).toBe(false);
    const meta = await sharp(front).metadata();
    // Orientation 6 applied: the 800 × 600 photo stands 600 wide, and says no orientation.
    expect([meta.format, meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      'jpeg',
      600,
      800,
      undefined,
      undefined,
    ]);
    const signature = await stored('signature');
    expect(signature.includes(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(false);
    expect(signature.includes('payload.html')).toBe(false);
    const sigMeta = await sharp(signature).metadata();
    expect([sigMeta.format, sigMeta.width, sigMeta.height, sigMeta.hasAlpha]).toEqual([
      'png',
      600,
      200,
      true,
    ]);
  });
});

describe('GET /api/pilgrims', () => {
  let mine: Awaited<ReturnType<typeof registerVerifiedOwner>>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    mine = await registerVerifiedOwner(ctx);
    const second = await call('POST', '/api/establishments', mine.token, {
      ...mine.body.establishment,
      ...mine.body.contact,
      nif: randomCif(),
      name: 'Second house',
    });
    expect(second.statusCode).toBe(201);
    const e1 = mine.establishmentId;
    const e2 = second.json().data.id as string;
    const reg = (establishmentId: string, overrides: Record<string, unknown>) =>
      register(mine.token, establishmentId, { frontDocImage: null, ...overrides }).then(
        (p) => p.id,
      );
    ids = {
      jose: await reg(e1, {
        firstName: 'José',
        lastName: 'Núñez',
        nationality: 'ESP',
        documentType: 'D',
        passportNumber: '12345678Z',
        documentSupportNumber: 'AAA111111',
        gender: 'M',
        entryDate: today,
        checkOutDate: null,
        contactInfo: { email: 'jose@camino.es', phone: '+34 600 111 111' },
      }),
      marie: await reg(e1, {
        firstName: 'Marie',
        lastName: 'Dubois',
        nationality: 'FRA',
        gender: 'F',
        entryDate: addDays(today, -4),
        checkOutDate: null,
        documentExpeditionDate: '2019-01-01',
      }),
      john: await reg(e1, {
        firstName: 'John',
        lastName: 'Smith',
        nationality: 'USA',
        gender: 'M',
        entryDate: addDays(today, -10),
        checkOutDate: null,
        documentExpeditionDate: '2019-01-01',
      }),
      ana: await reg(e2, {
        firstName: 'Ana',
        lastName: 'Ortiz',
        nationality: 'ESP',
        gender: 'F',
        documentType: 'C',
        passportNumber: 'LIC998877',
        entryDate: '2026-01-10',
        checkOutDate: '2026-01-12',
        documentExpeditionDate: '2019-01-01',
      }),
    };
    await register(other.token, other.establishmentId, { firstName: 'Jose', lastName: 'Nunez' });
  });

  const names = async (query: string, token = mine.token) => {
    const res = await call('GET', `/api/pilgrims?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Traveler[]).map((p) => p.firstName);
  };

  it('lists only the caller’s travelers, newest entry first, with pagination', async () => {
    const res = await call('GET', '/api/pilgrims', mine.token);
    const json = TravelerListResponseSchema.parse(res.json());
    expect(json.data.map((p) => p.firstName)).toEqual(['José', 'Marie', 'John', 'Ana']);
    expect(json.pagination).toEqual({ total: 4, page: 1, limit: 10, totalPages: 1 });
    expect(json.data[0]!.documentUploads.map((d) => d.kind)).toEqual(['signature']);
    expect(json.data.map((p) => p.stayStatus)).toEqual(['recent', 'long', 'tooLong', null]);
    expect(json.data.map((p) => p.daysOfStay)).toEqual([0, 4, 10, 2]);
    const page = await call('GET', '/api/pilgrims?limit=2&page=2', mine.token);
    expect(page.json().pagination).toEqual({ total: 4, page: 2, limit: 2, totalPages: 2 });
    expect(page.json().data.map((p: Traveler) => p.firstName)).toEqual(['John', 'Ana']);
    expect((await call('GET', '/api/pilgrims')).statusCode).toBe(401);
  });

  it('lists the travelers of one day in the order they were registered, the last one first', async () => {
    const desk = await registerVerifiedOwner(ctx);
    const names = ['Primera', 'Segunda', 'Tercera', 'Cuarta', 'Quinta'];
    for (const firstName of names)
      await register(desk.token, desk.establishmentId, {
        firstName,
        entryDate: '2026-05-01',
        checkOutDate: '2026-05-02',
      });
    const res = await call('GET', '/api/pilgrims', desk.token);
    expect(res.json().data.map((p: Traveler) => p.firstName)).toEqual([...names].reverse());
    // The oldest first when the sort is turned round.
    const asc = await call('GET', '/api/pilgrims?sortBy=entryDate&sortOrder=asc', desk.token);
    expect(asc.json().data.map((p: Traveler) => p.firstName)).toEqual(names);
  });

  it('searches names, document numbers and e-mails without regard to case or accents', async () => {
    expect(await names('search=nunez')).toEqual(['José']);
    expect(await names('search=JOSÉ%20n%C3%BA%C3%B1ez')).toEqual(['José']);
    expect(await names('search=12345678z')).toEqual(['José']);
    // A DNI as people write it; a phone typed with its hyphens still matches as stored.
    expect(await names('search=12345678-Z')).toEqual(['José']);
    expect(await names('search=camino.es')).toEqual(['José']);
    expect(await names('search=DUBO')).toEqual(['Marie']);
    expect(await names('search=100%25')).toEqual([]);
    expect((await names('search=nunez', admin.token)).sort()).toEqual(
      expect.arrayContaining(['Jose', 'José']),
    );
  });

  it('filters by establishment, nationality, document type, gender, dates and stay status; ignores empty values', async () => {
    const second = (await call('GET', `/api/pilgrims/${ids.ana}`, mine.token)).json().data
      .establishmentId;
    expect(await names(`establishmentId=${second}`)).toEqual(['Ana']);
    expect(await names('nationality=esp')).toEqual(['José', 'Ana']);
    expect(await names('documentType=C')).toEqual(['Ana']);
    expect(await names('gender=F')).toEqual(['Marie', 'Ana']);
    expect(
      await names(`entryDateFrom=${addDays(today, -5)}&entryDateTo=${addDays(today, -1)}`),
    ).toEqual(['Marie']);
    expect(await names('checkOutDateFrom=2026-01-12&checkOutDateTo=2026-01-12')).toEqual(['Ana']);
    expect(await names('stayStatus=recent')).toEqual(['José']);
    expect(await names('stayStatus=long')).toEqual(['Marie']);
    expect(await names('stayStatus=tooLong')).toEqual(['John']);
    expect(
      await names(
        'search=&establishmentId=&nationality=&documentType=&gender=&entryDateFrom=&entryDateTo=&checkOutDateFrom=&checkOutDateTo=&stayStatus=&page=&limit=&sortBy=&sortOrder=null',
      ),
    ).toHaveLength(4);
    // Another tenant's establishment is not found, as on its own routes; the admin reaches it.
    const foreign = await call(
      'GET',
      `/api/pilgrims?establishmentId=${other.establishmentId}&lng=en`,
      mine.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Establishment not found');
    const unknown = await call('GET', `/api/pilgrims?establishmentId=${randomUUID()}`, admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(await names(`establishmentId=${other.establishmentId}`, admin.token)).toEqual(
      expect.any(Array),
    );
    // A filter that matches nobody in a reachable establishment is an empty page.
    expect(await names(`establishmentId=${second}&gender=M`)).toEqual([]);
  });

  it('sorts by the whitelisted fields', async () => {
    expect(await names('sortBy=lastName&sortOrder=asc')).toEqual(['Marie', 'José', 'Ana', 'John']);
    expect(await names('sortBy=firstName&sortOrder=desc')).toEqual([
      'Marie',
      'José',
      'John',
      'Ana',
    ]);
    expect((await names('sortBy=checkOutDate&sortOrder=asc'))[0]).toBe('Ana');
    expect(await names('sortBy=entryDate&sortOrder=ASC')).toEqual(['Ana', 'John', 'Marie', 'José']);
  });

  it('answers 400 for a bad filter, sort or page size', async () => {
    const res = await call(
      'GET',
      '/api/pilgrims?lng=en&limit=101&sortBy=passportNumber&entryDateFrom=2026-02-30&nationality=ZZZ&stayStatus=old&establishmentId=1',
      mine.token,
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(
      expect.arrayContaining([
        'querystring.limit',
        'querystring.sortBy',
        'querystring.entryDateFrom',
        'querystring.nationality',
        'querystring.stayStatus',
        'querystring.establishmentId',
      ]),
    );
    expect(
      res.json().details.find((d: { field: string }) => d.field === 'querystring.limit').message,
    ).toBe('Must be at most 100');
  });
});

describe('GET, PUT and DELETE /api/pilgrims/{id}', () => {
  it('answers 404 "Peregrino no encontrado" for another tenant’s traveler; admins reach it', async () => {
    const theirs = await register(other.token, other.establishmentId);
    const before = await counts();
    for (const [method, payload] of [
      ['GET'],
      ['PUT', { firstName: 'Hacked' }],
      ['DELETE'],
    ] as const) {
      const res = await call(method, `/api/pilgrims/${theirs.id}`, owner.token, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'PILGRIM_NOT_FOUND',
        message: 'Peregrino no encontrado',
      });
    }
    expect(
      (await call('GET', '/api/pilgrims/not-a-uuid?lng=en', owner.token)).json(),
    ).toMatchObject({ code: 'PILGRIM_NOT_FOUND', message: 'Pilgrim not found' });
    expect(await counts()).toEqual(before);
    const asAdmin = await call('GET', `/api/pilgrims/${theirs.id}`, admin.token);
    expect(asAdmin.json().data.id).toBe(theirs.id);
    const staff = await createUserSession(ctx);
    expect((await call('GET', `/api/pilgrims/${theirs.id}`, staff.token)).statusCode).toBe(404);
  });

  it('changes only the fields sent, replaces an image of the same kind, and audits field names only', async () => {
    const created = await register(owner.token, owner.establishmentId, {
      contactInfo: {
        email: 'before@example.com',
        phone: '+34 600 000 001',
        phone2: '+34 600 000 002',
      },
      stay: { paymentType: 'EFECT', numberOfPersons: 1 },
    });
    const oldFront = created.documentUploads.find((d) => d.kind === 'front')!;
    const newFront = PNG_BYTES;
    const res = await call('PUT', `/api/pilgrims/${created.id}?lng=en`, owner.token, {
      lastName: 'Schmidt',
      checkOutDate: '2026-03-04',
      contactInfo: { email: 'after@example.com', phone2: '' },
      frontDocImage: dataUrl(newFront, 'image/jpeg'),
      signatureImage: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Pilgrim updated.');
    const data = TravelerResponseSchema.parse(res.json()).data;
    expect(data).toMatchObject({
      firstName: 'Hans',
      lastName: 'Schmidt',
      checkOutDate: '2026-03-04',
      daysOfStay: 3,
      contactInfo: { email: 'after@example.com', phone: '+34 600 000 001', phone2: null },
      stay: { paymentType: 'EFECT', numberOfPersons: 1 },
    });
    const front = data.documentUploads.find((d) => d.kind === 'front')!;
    expect(front.id).not.toBe(oldFront.id);
    expect(front).toMatchObject({ mimeType: 'image/png', originalName: 'front-document.png' });
    expect(data.documentUploads.find((d) => d.kind === 'signature')).toBeDefined();
    expect(
      (await call('GET', `/api/pilgrims/${created.id}/documents/${oldFront.id}`, owner.token))
        .statusCode,
    ).toBe(404);
    const got = await call('GET', `/api/pilgrims/${created.id}/documents/${front.id}`, owner.token);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.length).toBe(front.size);
    expect((await sharp(got.rawPayload).metadata()).width).toBe(1);

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'pilgrim.updated')));
    expect(entry!.details).toMatchObject({
      fields: expect.arrayContaining([
        'lastName',
        'checkOutDate',
        'contactInfo.email',
        'contactInfo.phone2',
      ]),
    });
    expect(JSON.stringify(entry)).not.toContain('Schmidt');
    expect(JSON.stringify(entry)).not.toContain('after@example.com');

    const cleared = await call('PUT', `/api/pilgrims/${created.id}`, owner.token, {
      stay: null,
      checkOutDate: null,
      documentType: '',
    });
    expect(cleared.json().data).toMatchObject({
      checkOutDate: null,
      documentType: 'P',
      stay: { paymentType: null, numberOfPersons: null },
    });
  });

  it('checks the merged record and moves a traveler only to a reachable establishment', async () => {
    const created = await register(owner.token, owner.establishmentId);
    const before = await counts();
    const dni = await call('PUT', `/api/pilgrims/${created.id}?lng=en`, owner.token, {
      documentType: 'D',
    });
    expect(dni.statusCode).toBe(400);
    expect(fieldsOf(dni)).toEqual(
      expect.arrayContaining(['passportNumber', 'documentSupportNumber']),
    );
    const order = await call('PUT', `/api/pilgrims/${created.id}`, owner.token, {
      checkOutDate: '2026-02-01',
    });
    expect(fieldsOf(order)).toEqual(['checkOutDate']);
    const required = await call('PUT', `/api/pilgrims/${created.id}`, owner.token, {
      firstName: '',
      contactInfo: { email: null },
    });
    expect(fieldsOf(required)).toEqual(expect.arrayContaining(['firstName', 'contactInfo.email']));
    const image = await call('PUT', `/api/pilgrims/${created.id}`, owner.token, {
      backDocImage: dataUrl(Buffer.from('plain text')),
    });
    expect(fieldsOf(image)).toEqual(['backDocImage']);
    const move = await call('PUT', `/api/pilgrims/${created.id}`, owner.token, {
      establishmentId: other.establishmentId,
    });
    expect(move.statusCode).toBe(404);
    expect(move.json().code).toBe('ESTABLISHMENT_NOT_FOUND');
    expect(await counts()).toEqual(before);

    const moved = await call('PUT', `/api/pilgrims/${created.id}`, admin.token, {
      establishmentId: other.establishmentId,
    });
    expect(moved.json().data.establishment.id).toBe(other.establishmentId);
    expect((await call('GET', `/api/pilgrims/${created.id}`, owner.token)).statusCode).toBe(404);
  });

  it('deletes a traveler with its images, once', async () => {
    const created = await register(owner.token, owner.establishmentId);
    const res = await call('DELETE', `/api/pilgrims/${created.id}?lng=en`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Pilgrim deleted.',
      data: { id: created.id },
    });
    expect(
      await ctx.database.db
        .select()
        .from(travelerDocuments)
        .where(eq(travelerDocuments.pilgrimId, created.id)),
    ).toEqual([]);
    expect((await call('DELETE', `/api/pilgrims/${created.id}`, owner.token)).statusCode).toBe(404);
    const actions = (
      await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.id))
    ).map((e) => e.action);
    expect(actions).toEqual(['pilgrim.created', 'pilgrim.deleted']);
  });
});

describe('POST /api/pilgrims/bulk-delete', () => {
  it('needs at least one id', async () => {
    for (const body of [{ pilgrimIds: [] }, {}, { pilgrimIds: null }]) {
      const res = await call('POST', '/api/pilgrims/bulk-delete', owner.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'PILGRIM_IDS_REQUIRED',
        message: 'Se requieren IDs de peregrinos para eliminar',
      });
    }
    const en = await call('POST', '/api/pilgrims/bulk-delete?lng=en', owner.token, {
      pilgrimIds: [],
    });
    expect(en.json().message).toBe('Pilgrim IDs are required for deletion');
    const bad = await call('POST', '/api/pilgrims/bulk-delete', owner.token, { pilgrimIds: ['x'] });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(
      (await call('POST', '/api/pilgrims/bulk-delete', undefined, { pilgrimIds: [] })).statusCode,
    ).toBe(401);
  });

  it('deletes only what the caller may delete, in one go, and says how many', async () => {
    const a = await register(owner.token, owner.establishmentId);
    const b = await register(owner.token, owner.establishmentId);
    const theirs = await register(other.token, other.establishmentId);
    const res = await call('POST', '/api/pilgrims/bulk-delete?lng=en', owner.token, {
      pilgrimIds: [a.id, b.id, a.id, theirs.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Pilgrims deleted: 2.',
      data: { requested: 4, deleted: 2 },
    });
    const left = await ctx.database.db
      .select({ id: pilgrims.id })
      .from(pilgrims)
      .where(inArray(pilgrims.id, [a.id, b.id, theirs.id]));
    expect(left).toEqual([{ id: theirs.id }]);
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'pilgrim.deleted'),
          inArray(auditLog.entityId, [a.id, b.id, theirs.id]),
        ),
      );
    expect(audited.map((e) => e.entityId).sort()).toEqual([a.id, b.id].sort());

    const byAdmin = await call('POST', '/api/pilgrims/bulk-delete', admin.token, {
      pilgrimIds: [theirs.id],
    });
    expect(byAdmin.json().data).toEqual({ requested: 1, deleted: 1 });
  });
});

describe('bad input never changes anything nor causes a 500', () => {
  const garbage: unknown[] = [
    'text',
    42,
    [],
    [1, 2],
    { firstName: ['a'], lastName: { x: 1 }, dateOfBirth: 19800517, gender: true },
    { contactInfo: 'x', emergencyContact: [], stay: 'x', address: 5 },
    { establishmentId: { $ne: null } },
    { pilgrimIds: 'all' },
    { pilgrimIds: [null] },
    { name: null, nif: 123, status: ['active'], includeDocumentImagesInPdf: 'yes' },
    { frontDocImage: 123, signatureImage: { data: 1 } },
    { firstName: '\u0000'.repeat(10), passportNumber: '𝔘𝔫𝔦𝔠𝔬𝔡𝔢' },
  ];

  it('on every call', async () => {
    const target = await register(owner.token, owner.establishmentId);
    const routes: [Method, string][] = [
      ['POST', '/api/pilgrims'],
      ['PUT', `/api/pilgrims/${target.id}`],
      ['POST', '/api/pilgrims/bulk-delete'],
      ['POST', '/api/establishments'],
      ['PUT', `/api/establishments/${owner.establishmentId}`],
    ];
    const before = await counts();
    for (const [method, url] of routes) {
      for (const body of garbage) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: { ...bearer(owner.token), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        const where = `${method} ${url} ${JSON.stringify(body)} → ${res.body}`;
        expect(res.statusCode, where).toBeLessThan(500);
        // A traveler PUT whose keys are all unknown is a no-op (200); anything else is refused.
        if (res.statusCode < 400)
          expect(method === 'PUT' && url.startsWith('/api/pilgrims/'), where).toBe(true);
        else
          expect(res.json()).toMatchObject({
            success: false,
            code: expect.any(String),
            message: expect.any(String),
          });
      }
      const broken = await ctx.app.inject({
        method,
        url,
        headers: { ...bearer(owner.token), 'content-type': 'application/json' },
        payload: '{"firstName":',
      });
      expect(broken.statusCode).toBe(400);
    }
    for (const query of [
      'page=-1',
      'page=abc',
      'limit=1e9',
      'sortOrder=sideways',
      'gender=M&gender=F',
      'search=' + 'x'.repeat(101),
      'entryDateTo=yesterday',
    ]) {
      for (const url of [
        '/api/pilgrims',
        `/api/establishments/${owner.establishmentId}/pilgrims`,
        '/api/establishments',
      ]) {
        const res = await call(
          'GET',
          `${url}?${query}`,
          url === '/api/establishments' ? admin.token : owner.token,
        );
        expect(res.statusCode, `${url}?${query} → ${res.body}`).toBeLessThan(500);
      }
      expect((await call('GET', `/api/pilgrims?${query}`, owner.token)).statusCode).toBe(400);
    }
    for (const url of [
      `/api/pilgrims/%00`,
      `/api/pilgrims/${'a'.repeat(200)}`,
      `/api/pilgrims/${target.id}/documents/%27;drop`,
    ]) {
      const res = await call('GET', url, owner.token);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await counts()).toEqual(before);
  });

  it('a PUT that changes nothing writes nothing', async () => {
    const target = await register(owner.token, owner.establishmentId);
    const before = await counts();
    const res = await call('PUT', `/api/pilgrims/${target.id}`, owner.token, {
      firstName: 'Hans',
      id: 'ignored',
      daysOfStay: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.updatedAt).toBe(target.updatedAt);
    expect(await counts()).toEqual(before);
  });
});

describe('Idempotency-Key on POST /api/pilgrims', () => {
  let staff: Awaited<ReturnType<typeof registerVerifiedOwner>>;
  beforeAll(async () => {
    staff = await registerVerifiedOwner(ctx);
  });
  const post = (token: string, key: string | undefined, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/pilgrims',
      headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: body,
    });
  const travelersOf = async (establishmentId: string) =>
    ctx.database.db
      .select({ id: pilgrims.id })
      .from(pilgrims)
      .where(eq(pilgrims.establishmentId, establishmentId));
  const createdAudits = async (ids: string[]) =>
    ctx.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pilgrim.created'), inArray(auditLog.entityId, ids)));

  it('answers a repeated key with the traveler it registered, registering once', async () => {
    const before = (await travelersOf(staff.establishmentId)).length;
    const body = travelerBody(staff.establishmentId);
    const first = await post(staff.token, 'c0ffee00-0000-4000-8000-000000000001', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(staff.token, 'c0ffee00-0000-4000-8000-000000000001', body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const answer = TravelerResponseSchema.parse(again.json());
    expect(answer.data).toEqual(TravelerResponseSchema.parse(first.json()).data);
    expect((await travelersOf(staff.establishmentId)).length).toBe(before + 1);
    expect(await createdAudits([answer.data.id])).toHaveLength(1);
  });

  it('refuses the key again with other data (422), and answers it for the same data sent in another order', async () => {
    const body = travelerBody(staff.establishmentId);
    const first = await post(staff.token, 'edited-then-resent', body);
    expect(first.statusCode, first.body).toBe(201);
    const before = await counts();
    const changes = [
      { ...body, firstName: 'Johann' },
      { ...body, contactInfo: { ...body.contactInfo, phone: '+49 30 7777777' } },
      { ...body, frontDocImage: dataUrl(jpegBytes(4096), 'image/jpeg') },
    ];
    for (const changed of changes) {
      const res = await post(staff.token, 'edited-then-resent', changed);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    const spanish = await ctx.app.inject({
      method: 'POST',
      url: '/api/pilgrims?lng=es',
      headers: { ...bearer(staff.token), 'idempotency-key': 'edited-then-resent' },
      payload: changes[0],
    });
    expect(spanish.json().message).toBe(
      'Esta Idempotency-Key ya se usó para un registro con otros datos. Envíe los datos nuevos con una clave nueva.',
    );
    expect(await counts()).toEqual(before);

    // The same data, its properties in another order and text padded (the schema trims it).
    const reordered = Object.fromEntries(
      Object.entries({ ...body, firstName: `  ${body.firstName} ` }).reverse(),
    );
    const again = await post(staff.token, 'edited-then-resent', reordered);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await counts()).toEqual(before);
  });

  it('answers a key recorded before fingerprints were (none kept) with its traveler', async () => {
    const body = travelerBody(staff.establishmentId);
    const first = await post(staff.token, 'from-before-0008', body);
    expect(first.statusCode).toBe(201);
    await ctx.database.db
      .update(registrationKeys)
      .set({ requestHash: null })
      .where(eq(registrationKeys.key, 'from-before-0008'));
    const again = await post(staff.token, 'from-before-0008', travelerBody(staff.establishmentId));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
  });

  it('registers once for concurrent requests with one key', async () => {
    const before = (await travelersOf(staff.establishmentId)).length;
    const body = travelerBody(staff.establishmentId);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post(staff.token, 'same-key-at-once', body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.json().data.id as string));
    expect(ids.size).toBe(1);
    // Every answer the same, numbered (the first numbers its traveler after its commit).
    const numbers = answers.map((a) => a.json().data.reportNumber as string | null);
    expect(new Set(numbers).size).toBe(1);
    expect(numbers[0]).toMatch(/^\d{4}\/\d{6}$/);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect((await travelersOf(staff.establishmentId)).length).toBe(before + 1);
  });

  it('keeps each user’s keys apart, registers anew without a key, and after the traveler is deleted', async () => {
    const key = 'shared-key-2026';
    const mine = await post(staff.token, key, travelerBody(staff.establishmentId));
    const theirs = await post(other.token, key, travelerBody(other.establishmentId));
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);

    const body = travelerBody(staff.establishmentId);
    const [a, b] = [
      await post(staff.token, undefined, body),
      await post(staff.token, undefined, body),
    ];
    expect(a.json().data.id).not.toBe(b.json().data.id);

    const removed = await call('DELETE', `/api/pilgrims/${mine.json().data.id}`, staff.token);
    expect(removed.statusCode).toBe(200);
    const anew = await post(staff.token, key, travelerBody(staff.establishmentId));
    expect(anew.statusCode).toBe(201);
    expect(anew.headers['idempotent-replayed']).toBeUndefined();
    expect(anew.json().data.id).not.toBe(mine.json().data.id);
  });

  it('answers a key the caller can no longer reach with 404, and a malformed key with 400, changing nothing', async () => {
    const before = await counts();
    for (const key of ['', 'has space', 'x'.repeat(101), 'ñandú']) {
      const res = await post(staff.token, key, travelerBody(staff.establishmentId));
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await counts()).toEqual(before);

    // A registration whose traveler has moved out of the caller's reach answers as the traveler does.
    const movingBody = travelerBody(staff.establishmentId);
    const moved = await post(staff.token, 'moving-key', movingBody);
    expect(moved.statusCode).toBe(201);
    await ctx.database.db
      .update(pilgrims)
      .set({ establishmentId: other.establishmentId, reportYear: null, reportSeq: null })
      .where(eq(pilgrims.id, moved.json().data.id));
    const replay = await post(staff.token, 'moving-key', movingBody);
    expect(replay.statusCode).toBe(404);
    expect(replay.json().code).toBe('PILGRIM_NOT_FOUND');
  });
});

describe('GET /api/pilgrims/{id}/history', () => {
  it('tells who registered, changed and viewed the record, newest first, without values', async () => {
    const p = await register(owner.token, owner.establishmentId, {
      frontDocImage: dataUrl(await photoJpeg(1600, 1000), 'image/jpeg'),
    });
    const front = p.documentUploads.find((d) => d.kind === 'front')!;
    const put = await call('PUT', `/api/pilgrims/${p.id}`, owner.token, {
      firstName: 'Renamed',
      contactInfo: { ...p.contactInfo, phone: '+34 600 999 888' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      (await call('GET', `/api/pilgrims/${p.id}/documents/${front.id}?size=preview`, admin.token))
        .statusCode,
    ).toBe(200);

    const res = await call('GET', `/api/pilgrims/${p.id}/history`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = TravelerHistoryResponseSchema.parse(res.json());
    expect(body.pagination).toEqual({ total: 3, page: 1, limit: 20, totalPages: 1 });
    expect(body.data.map((e) => e.action)).toEqual([
      'pilgrim.document_viewed',
      'pilgrim.updated',
      'pilgrim.created',
    ]);
    const [viewed, updated, created] = body.data;
    // To the establishment's staff, support is a role and co-workers are names, no e-mails.
    expect(viewed).toMatchObject({
      by: 'support',
      actor: null,
      documents: ['front'],
      size: 'preview',
    });
    expect(updated!.fields.sort()).toEqual(['contactInfo.phone', 'firstName']);
    expect(updated!.by).toBe('staff');
    expect(updated!.actor).toEqual({ id: owner.userId, name: expect.any(String), email: null });
    expect(res.body).not.toContain(admin.email);
    expect(res.body).not.toContain(owner.email);
    expect(created).toMatchObject({
      documents: ['front', 'signature'],
      source: null,
      fields: [],
      size: null,
    });
    // Field names only: no value the traveler gave.
    expect(res.body).not.toContain('Renamed');
    expect(res.body).not.toContain('600 999 888');

    const paged = await call('GET', `/api/pilgrims/${p.id}/history?limit=1&page=2`, owner.token);
    expect(paged.json().data.map((e: { action: string }) => e.action)).toEqual(['pilgrim.updated']);
    expect(paged.json().pagination).toMatchObject({ total: 3, totalPages: 3 });
    // An admin sees who, with e-mails.
    const asAdmin = TravelerHistoryResponseSchema.parse(
      (await call('GET', `/api/pilgrims/${p.id}/history`, admin.token)).json(),
    );
    expect(asAdmin.data[0]).toMatchObject({
      by: 'support',
      actor: { id: admin.userId, email: admin.email },
    });
    expect(asAdmin.data[1]!.actor).toMatchObject({ id: owner.userId, email: owner.email });
  });

  it('shows the staff of an establishment only what happened under it, after a move', async () => {
    const p = await register(owner.token, owner.establishmentId);
    const moved = await call('PUT', `/api/pilgrims/${p.id}`, admin.token, {
      establishmentId: other.establishmentId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await call('GET', `/api/pilgrims/${p.id}/history`, other.token);
    expect(res.statusCode).toBe(200);
    // The move itself, not the registration made by the first establishment's staff.
    expect(res.json().data.map((e: { action: string }) => e.action)).toEqual(['pilgrim.updated']);
    expect(res.json().pagination.total).toBe(1);
    expect(res.body).not.toContain(owner.userId);
    const all = await call('GET', `/api/pilgrims/${p.id}/history`, admin.token);
    expect(all.json().data.map((e: { action: string }) => e.action)).toEqual([
      'pilgrim.updated',
      'pilgrim.created',
    ]);
  });

  it('is hidden from other tenants and anonymous callers, and refuses a bad page', async () => {
    const p = await register(owner.token, owner.establishmentId);
    const foreign = await call('GET', `/api/pilgrims/${p.id}/history?lng=en`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'PILGRIM_NOT_FOUND' });
    expect((await call('GET', `/api/pilgrims/nope/history`, owner.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/pilgrims/${p.id}/history`)).statusCode).toBe(401);
    const bad = await call('GET', `/api/pilgrims/${p.id}/history?limit=500`, owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});
