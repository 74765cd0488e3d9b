/**
 * POST /api/establishments/{id}/ses-xml: files checked against the official XSDs with xmllint,
 * the walk-in contract, the pre-flight 422 and tenancy.
 *
 * One test file over 500 lines on purpose: the cases share one test app and its seeded tenants, set up
 * once per file (a PGlite restored from the snapshot); split, each file would set them up again.
 */
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Traveler } from '@hospes/shared/travelers';
import { auditLog, establishments } from '../../db/schema';
import { createAdminSession } from '../../../test/accounts';
import {
  configureEstablishment,
  registerTraveler,
  sesReadyBody,
  xpath,
  xsdErrors,
} from '../../../test/documents-helpers';
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
let walkIn: Traveler;
let booked: Traveler[];
let child: Traveler;

const ses = (establishmentId: string, token: string | undefined, body: unknown, lng = 'es') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/establishments/${establishmentId}/ses-xml?lng=${lng}`,
    headers: token ? bearer(token) : {},
    payload: body as object,
  });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdminSession(ctx);
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
  await configureEstablishment(ctx, owner.establishmentId, { establishmentCode: 'H150000123' });
  const e = owner.establishmentId;
  walkIn = await registerTraveler(
    ctx,
    owner.token,
    sesReadyBody(e, { firstName: 'Walk', lastName: 'Inn' }),
  );
  const stay = {
    contractReference: 'BK-77',
    contractDate: '2026-02-15',
    entryDateTime: '2026-03-01T20:00:00',
    exitDateTime: '2026-03-03T10:00:00',
    numberOfPersons: 3,
    internetBooking: true,
    paymentType: 'PLATF',
  };
  booked = [
    await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(e, {
        firstName: 'Иван',
        lastName: 'Петров',
        nationality: 'RUS',
        documentType: 'P',
        passportNumber: 'RU1234567',
        documentSupportNumber: '',
        secondLastName: '',
        stay,
        address: {
          street: 'ул. Ленина 1',
          municipalityName: 'Москва',
          postalCode: '101000',
          country: 'RUS',
        },
      }),
    ),
    await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(e, {
        firstName: 'Анна',
        lastName: 'Петрова',
        nationality: 'RUS',
        documentType: 'P',
        passportNumber: 'RU7654321',
        documentSupportNumber: '',
        secondLastName: '',
        stay,
        address: {
          street: 'ул. Ленина 1',
          municipalityName: 'Москва',
          postalCode: '101000',
          country: 'RUS',
        },
      }),
    ),
  ];
  child = await registerTraveler(
    ctx,
    owner.token,
    sesReadyBody(e, {
      firstName: 'Миша',
      lastName: 'Петров',
      nationality: 'RUS',
      documentType: 'P',
      passportNumber: 'RU0000001',
      documentSupportNumber: '',
      secondLastName: '',
      dateOfBirth: '2018-06-01',
      kinship: 'HJ',
      stay,
      address: {
        street: 'ул. Ленина 1',
        municipalityName: 'Москва',
        postalCode: '101000',
        country: 'RUS',
      },
    }),
  );
  // Outside the dates asked below.
  await registerTraveler(
    ctx,
    owner.token,
    sesReadyBody(e, {
      entryDate: '2026-04-10',
      checkOutDate: '2026-04-21',
      stay: { paymentType: 'EFECT' },
    }),
  );
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/establishments/{id}/ses-xml', () => {
  it('builds the partes (PV) of a date range: valid against the official XSD, one communication per stay', async () => {
    const res = await ses(owner.establishmentId, owner.token, {
      kind: 'PV',
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="partes-H150000123-\d{4}-\d{2}-\d{2}\.xml"$/,
    );
    expect(res.headers['x-total-count']).toBe('4');
    const xml = res.body;
    expect(xsdErrors(xml, 'altaParteHospedaje')).toBe('');
    expect(xpath(xml, 'string(/*/solicitud/codigoEstablecimiento)')).toBe('H150000123');
    expect(xpath(xml, 'count(/*/solicitud/comunicacion)')).toBe('2');
    expect(xpath(xml, 'count(/*/solicitud/comunicacion/persona)')).toBe('4');
    // The walk-in: its report number is the contract reference, its entry date the contract date.
    expect(xpath(xml, `string(//comunicacion[persona/nombre='Walk']/contrato/referencia)`)).toBe(
      walkIn.reportNumber,
    );
    expect(xpath(xml, `string(//comunicacion[persona/nombre='Walk']/contrato/fechaContrato)`)).toBe(
      '2026-03-01',
    );
    expect(xpath(xml, `string(//comunicacion[persona/nombre='Walk']/contrato/fechaEntrada)`)).toBe(
      '2026-03-01T18:30:00',
    );
    expect(xpath(xml, `string(//comunicacion[persona/nombre='Walk']/persona/tipoDocumento)`)).toBe(
      'NIF',
    );
    // The booked stay keeps its own contract, with the three travelers, the child's kinship.
    expect(
      xpath(xml, `string(//comunicacion[contrato/referencia='BK-77']/contrato/numPersonas)`),
    ).toBe('3');
    expect(xpath(xml, `string(//persona[nombre='Миша']/parentesco)`)).toBe('HJ');
    expect(xpath(xml, `string(//persona[nombre='Иван']/direccion/nombreMunicipio)`)).toBe('Москва');

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'establishment.ses_file_generated'));
    expect(entry).toMatchObject({
      entityId: owner.establishmentId,
      details: { kind: 'PV', format: 'xml' },
    });
  });

  it('reports a family as one contract: the child registered as a companion, without a document', async () => {
    const e = owner.establishmentId;
    const stay = {
      entryDateTime: '2026-05-10T18:30:00',
      exitDateTime: '2026-05-11T08:00:00',
      paymentType: 'EFECT',
    };
    const dates = { entryDate: '2026-05-10', checkOutDate: '2026-05-11' };
    const parent = await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(e, { ...dates, firstName: 'Amaia', gender: 'F', stay }),
    );
    // A Spanish child of 9 has no DNI; the desk's "companion" names the parent's contract.
    const kid = await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(e, {
        ...dates,
        firstName: 'Unai',
        dateOfBirth: '2017-01-20',
        passportNumber: null,
        documentSupportNumber: null,
        kinship: 'HJ',
        stay: { ...stay, contractReference: parent.reportNumber, contractDate: '2026-05-10' },
      }),
    );
    expect(kid.passportNumber).toBeNull();
    const res = await ses(e, owner.token, { kind: 'PV', pilgrimIds: [parent.id, kid.id] });
    expect(res.statusCode, res.body).toBe(200);
    const xml = res.body;
    expect(xsdErrors(xml, 'altaParteHospedaje')).toBe('');
    expect(xpath(xml, 'count(/*/solicitud/comunicacion)')).toBe('1');
    expect(xpath(xml, 'string(//comunicacion/contrato/referencia)')).toBe(parent.reportNumber);
    expect(xpath(xml, `count(//persona[nombre='Unai']/tipoDocumento)`)).toBe('0');
    expect(xpath(xml, `string(//persona[nombre='Unai']/parentesco)`)).toBe('HJ');

    // The child alone is a contract of minors only: refused, saying what to do.
    const alone = await ses(e, owner.token, { kind: 'PV', pilgrimIds: [kid.id] }, 'en');
    expect(alone.statusCode).toBe(422);
    expect(alone.json().details).toEqual([
      expect.objectContaining({
        travelerId: kid.id,
        code: 'ses.minorWithoutAdult',
        message: expect.stringContaining('same contract reference'),
      }),
    ]);
  });

  it('builds the reservas (RH) of chosen travelers, valid against the XSD, with one holder per stay', async () => {
    const res = await ses(owner.establishmentId, owner.token, {
      kind: 'RH',
      pilgrimIds: [...booked, child].map((p) => p.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="reservas-H150000123-/);
    expect(xsdErrors(res.body, 'altaReservaHospedaje')).toBe('');
    expect(xpath(res.body, 'count(//comunicacion)')).toBe('1');
    expect(xpath(res.body, "count(//persona[rol='TI'])")).toBe('1');
    expect(xpath(res.body, "count(//persona[rol='VI'])")).toBe('3');
    expect(xpath(res.body, 'string(//establecimiento/codigo)')).toBe('H150000123');
  });

  it('answers the solicitud: the XML zipped, then Base64', async () => {
    const res = await ses(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [walkIn.id],
      format: 'solicitud',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/\.solicitud\.txt"$/);
    const zip = Buffer.from(res.body, 'base64');
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    const nameLength = zip.readUInt16LE(26);
    expect(zip.subarray(30, 30 + nameLength).toString()).toBe('data.xml');
    const size = zip.readUInt32LE(18);
    const xml = zlib
      .inflateRawSync(zip.subarray(30 + nameLength, 30 + nameLength + size))
      .toString('utf8');
    expect(xsdErrors(xml, 'altaParteHospedaje')).toBe('');
    expect(xml).toContain(`<referencia>${walkIn.reportNumber}</referencia>`);
  });

  it('answers 422 with every pre-flight problem, per traveler, in the request language', async () => {
    const lacking = await registerTraveler(
      ctx,
      owner.token,
      travelerBody(owner.establishmentId, { entryDate: '2026-05-05', checkOutDate: null }),
    );
    const res = await ses(
      owner.establishmentId,
      owner.token,
      { kind: 'PV', pilgrimIds: [lacking.id, walkIn.id] },
      'en',
    );
    expect(res.statusCode).toBe(422);
    const json = res.json();
    expect(json).toMatchObject({ success: false, code: 'SES_PREFLIGHT_FAILED' });
    expect(json.message).toContain('SES.HOSPEDAJES');
    const problems = json.details as {
      field: string;
      message: string;
      code: string;
      travelerId: string | null;
    }[];
    expect(problems.every((p) => p.travelerId === lacking.id)).toBe(true);
    expect(problems.map((p) => p.field).sort()).toEqual(
      [
        `${lacking.id}.address`,
        `${lacking.id}.checkOutDate`,
        `${lacking.id}.stay.paymentType`,
      ].sort(),
    );
    const payment = problems.find((p) => p.field.endsWith('stay.paymentType'))!;
    expect(payment.code).toBe('ses.paymentTypeRequired');
    expect(payment.message).toMatch(/payment/i);
    const es = await ses(
      owner.establishmentId,
      owner.token,
      { kind: 'PV', pilgrimIds: [lacking.id] },
      'es',
    );
    expect(
      es.json().details.find((p: { code: string }) => p.code === 'ses.paymentTypeRequired').message,
    ).toMatch(/pago/i);

    // Without an establishment code: an establishment problem (travelerId null).
    await configureEstablishment(ctx, other.establishmentId, { establishmentCode: null });
    const t = await registerTraveler(ctx, other.token, sesReadyBody(other.establishmentId));
    const noCode = await ses(other.establishmentId, other.token, {
      kind: 'PV',
      pilgrimIds: [t.id],
    });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().details).toEqual([
      expect.objectContaining({
        field: 'establishment.establishmentCode',
        travelerId: null,
        code: 'ses.establishmentCodeRequired',
      }),
    ]);
  });

  it('answers 422 when there is nothing to report, 404 for another tenant or foreign travelers, 401 without a session, 400 for a bad body', async () => {
    const none = await ses(owner.establishmentId, owner.token, {
      kind: 'PV',
      from: '2020-01-01',
      to: '2020-01-31',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().code).toBe('SES_NO_TRAVELERS');
    const foreign = await ses(other.establishmentId, owner.token, { kind: 'PV' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ESTABLISHMENT_NOT_FOUND');
    expect((await ses('nope', owner.token, { kind: 'PV' })).statusCode).toBe(404);
    const otherTraveler = await registerTraveler(
      ctx,
      other.token,
      sesReadyBody(other.establishmentId),
    );
    const mixed = await ses(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [walkIn.id, otherTraveler.id],
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().code).toBe('PILGRIM_NOT_FOUND');
    expect((await ses(owner.establishmentId, undefined, { kind: 'PV' })).statusCode).toBe(401);
    const bad = await ses(owner.establishmentId, owner.token, { kind: 'XX', from: '2026-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['from', 'kind']);
    // A period that ends before it starts is a mistake, not an empty period.
    const reversed = await ses(owner.establishmentId, owner.token, {
      kind: 'PV',
      from: '2026-07-01',
      to: '2026-01-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details).toEqual([
      expect.objectContaining({ field: 'to', code: 'validation.periodOrder' }),
    ]);
    // An admin reaches any establishment.
    expect(
      (await ses(owner.establishmentId, admin.token, { kind: 'PV', pilgrimIds: [walkIn.id] }))
        .statusCode,
    ).toBe(200);
  });

  it('reports a self check-in in a parte only once the desk confirmed the arrival (decision 033)', async () => {
    const e = owner.establishmentId;
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/establishments/${e}/checkin-link`,
      headers: bearer(owner.token),
    });
    expect(link.statusCode, link.body).toBe(200);
    const day = '2026-04-20';
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/checkin/${link.json().data.token}`,
      remoteAddress: '10.9.8.7',
      payload: sesReadyBody(e, {
        firstName: 'Ana',
        entryDate: day,
        checkOutDate: '2026-04-21',
      }),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const found = await ctx.app.inject({
      method: 'GET',
      url: `/api/pilgrims/by-code/${sent.json().data.confirmationCode}`,
      headers: bearer(owner.token),
    });
    const ana = found.json<{ data: Traveler }>().data;
    expect(ana.entryDate).toBe(day);
    // The stay is the lodging's to give (the public form has none): the desk adds the payment.
    const stay = await ctx.app.inject({
      method: 'PUT',
      url: `/api/pilgrims/${ana.id}`,
      headers: bearer(owner.token),
      payload: { stay: { entryDateTime: `${day}T18:00:00`, paymentType: 'EFECT' } },
    });
    expect(stay.statusCode, stay.body).toBe(200);

    // Not yet confirmed: no parte, whether chosen or among the day's arrivals, and nothing else
    // wrong with her data.
    for (const body of [
      { kind: 'PV', pilgrimIds: [ana.id] },
      { kind: 'PV', from: day, to: day },
    ]) {
      const refused = await ses(e, owner.token, body, 'en');
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().details).toEqual([
        {
          field: `${ana.id}.selfRegistration`,
          code: 'ses.notConfirmed',
          travelerId: ana.id,
          travelerName: 'Ana Núñez García',
          message: expect.stringMatching(/not yet confirmed at the desk/),
        },
      ]);
    }
    // A reservation may come before the arrival.
    expect((await ses(e, owner.token, { kind: 'RH', pilgrimIds: [ana.id] })).statusCode).toBe(200);

    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/pilgrims/${ana.id}/confirm`,
      headers: bearer(owner.token),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const parte = await ses(e, owner.token, { kind: 'PV', from: day, to: day });
    expect(parte.statusCode, parte.body).toBe(200);
    expect(xsdErrors(parte.body, 'altaParteHospedaje')).toBe('');
    expect(xpath(parte.body, 'count(//comunicacion)')).toBe('1');
    expect(xpath(parte.body, 'string(//comunicacion/persona/nombre)')).toBe('Ana');
  });

  it('answers 409 for an establishment that reports to the Mossos d’Esquadra or the Ertzaintza, unless SES is chosen', async () => {
    const id = owner.establishmentId;
    const [before] = await ctx.database.db
      .select({ province: establishments.province, authority: establishments.authority })
      .from(establishments)
      .where(eq(establishments.id, id));
    const body = { kind: 'PV', from: '2026-03-01', to: '2026-03-01' };
    try {
      // From the province: Barcelona reports to the Mossos d'Esquadra.
      await ctx.database.db
        .update(establishments)
        .set({ province: 'Barcelona', authority: null })
        .where(eq(establishments.id, id));
      const catalan = await ses(id, owner.token, body, 'en');
      expect(catalan.statusCode).toBe(409);
      expect(catalan.json()).toMatchObject({ success: false, code: 'SES_OTHER_AUTHORITY' });
      expect(catalan.json().message).toContain("another authority (Mossos d'Esquadra)");

      await ctx.database.db
        .update(establishments)
        .set({ authority: 'ertzaintza' })
        .where(eq(establishments.id, id));
      const basque = await ses(id, owner.token, body);
      expect(basque.statusCode).toBe(409);
      expect(basque.json().message).toContain('otra autoridad (Ertzaintza)');

      // Chosen by the establishment: SES, whatever the province.
      await ctx.database.db
        .update(establishments)
        .set({ authority: 'ses' })
        .where(eq(establishments.id, id));
      expect((await ses(id, owner.token, body)).statusCode).toBe(200);
    } finally {
      await ctx.database.db.update(establishments).set(before!).where(eq(establishments.id, id));
    }
  });

  it('numbers travelers inserted outside the API while others register: each number once, none skipped', async () => {
    const fresh = await registerVerifiedOwner(ctx);
    const day = '2026-07-01';
    // Five rows without a number (as a bulk load leaves them), for the SES file to number.
    await ctx.database.db.execute(sql`
      insert into pilgrims (
        establishment_id, first_name, last_name, nationality, document_type, document_number,
        date_of_birth, gender, document_expedition_date, entry_date, check_out_date, language,
        email, phone, emergency_name, emergency_phone, emergency_relationship, search_text
      )
      select ${fresh.establishmentId}::uuid, 'Loaded', 'Traveler', 'DEU', 'P', 'BL' || g,
        date '1980-01-01', 'F', date '2020-01-01', ${day}::date, ${day}::date + 1, 'de',
        'loaded' || g || '@example.com', '+49 30 000000', 'Contact', '+49 30 000001', 'family',
        'loaded traveler bl' || g
      from generate_series(1, 5) as g
    `);
    const [file] = await Promise.all([
      ses(fresh.establishmentId, fresh.token, { kind: 'PV', from: day, to: day }),
      ...Array.from({ length: 5 }, () =>
        registerTraveler(
          ctx,
          fresh.token,
          sesReadyBody(fresh.establishmentId, { entryDate: day, checkOutDate: '2026-07-02' }),
        ),
      ),
    ]);
    // The loaded rows lack what SES needs, so the file itself is refused; they are numbered first.
    expect(file.statusCode, file.body).toBe(422);
    const numbered = (await ctx.database.db.execute(sql`
      select report_year, report_seq from pilgrims where establishment_id = ${fresh.establishmentId}
      order by report_seq
    `)) as unknown as { rows: { report_year: number; report_seq: number }[] };
    expect(numbered.rows.map((r) => `${r.report_year}/${r.report_seq}`)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026/${i + 1}`),
    );
  });

  it('refuses more than 100 communications in one file', async () => {
    const rows = Array.from({ length: 101 }, () => null);
    await Promise.all(
      rows.map(() =>
        registerTraveler(
          ctx,
          owner.token,
          sesReadyBody(owner.establishmentId, {
            entryDate: '2026-06-01',
            checkOutDate: '2026-06-02',
            stay: { paymentType: 'EFECT' },
          }),
        ),
      ),
    );
    const res = await ses(
      owner.establishmentId,
      owner.token,
      { kind: 'PV', from: '2026-06-01', to: '2026-06-01' },
      'en',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'SES_TOO_MANY_COMMUNICATIONS' });
    expect(res.json().message).toContain('at most 100 communications and the selection has 101');
  });
});

describe('OpenAPI', () => {
  it('documents every registration-document call', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/pilgrims/{id}/pdf', 'get'],
      ['/api/travelers/{id}/pdf', 'get'],
      ['/api/pilgrims/{id}/send-pdf', 'post'],
      ['/api/pilgrims/export', 'get'],
      ['/api/pilgrims/import/template', 'get'],
      ['/api/pilgrims/import/preview', 'post'],
      ['/api/pilgrims/import', 'post'],
      ['/api/establishments/{id}/ses-xml', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
