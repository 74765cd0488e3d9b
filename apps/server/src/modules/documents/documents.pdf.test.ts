/**
 * Report numbers, the registration PDF (read back with pdftotext and pdfimages) and the e-mail
 * with the PDF attached, received by a real SMTP server.
 *
 * One test file over 500 lines on purpose: the cases share one test app and its seeded tenants, set up
 * once per file (a PGlite restored from the snapshot); split, each file would set them up again.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, establishments, pilgrims } from '../../db/schema';
import { createTravelersRepository } from '../travelers/travelers.repository';
import { CreateTravelerInputSchema } from '@hospes/shared/travelers';
import { createAdminSession } from '../../../test/accounts';
import {
  configureEstablishment,
  pdfImageCount,
  pdfText,
  photoJpeg,
  poppler,
  photoWebp,
  registerTraveler,
  sesReadyBody,
  xpath,
} from '../../../test/documents-helpers';
import { randomCif } from '../../../test/factories';
import { dataUrl, travelerBody, randomPassport } from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  travelersServiceWith,
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
  owner = await registerVerifiedOwner(ctx, { name: 'Albergue San Roque' });
  other = await registerVerifiedOwner(ctx, { name: 'Hostal Otro' });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

describe('report numbers', () => {
  it('numbers each establishment’s travelers per year of entry, in order, gap-free under concurrency', async () => {
    const first = await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(owner.establishmentId, { entryDate: '2025-12-30', checkOutDate: '2025-12-31' }),
    );
    expect(first.reportNumber).toBe('2025/000001');
    expect(first.source).toBe('registration');

    // Ten at once in 2026: numbers 1..10, each once.
    const many = await Promise.all(
      Array.from({ length: 10 }, () =>
        registerTraveler(ctx, owner.token, sesReadyBody(owner.establishmentId)),
      ),
    );
    expect(many.map((p) => p.reportNumber).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026/${String(i + 1).padStart(6, '0')}`),
    );
    // Another establishment has its own series.
    const elsewhere = await registerTraveler(ctx, other.token, sesReadyBody(other.establishmentId));
    expect(elsewhere.reportNumber).toBe('2026/000001');

    // Stable: the number is the same on every read, and after an update.
    const id = many[0]!.id;
    const before = (await get(`/api/pilgrims/${id}`, owner.token)).json().data.reportNumber;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/pilgrims/${id}`,
      headers: bearer(owner.token),
      payload: { entryDate: '2026-02-28' },
    });
    expect((await get(`/api/pilgrims/${id}`, owner.token)).json().data.reportNumber).toBe(before);
    const listed = (await get(`/api/pilgrims?limit=100`, owner.token)).json().data;
    expect(
      listed.every((p: { reportNumber: string }) => /^\d{4}\/\d{6}$/.test(p.reportNumber)),
    ).toBe(true);
  });

  it('gives a moved traveler a number of its new establishment’s series', async () => {
    const res = await post('/api/establishments', owner.token, {
      name: 'Albergue Segundo',
      type: 'hostel',
      nif: randomCif(),
      address: 'Camino Real 3',
      city: 'Sarria',
      province: 'Lugo',
      postalCode: '27600',
      phone: '+34 982 000 000',
      contactName: 'Ana',
      contactEmail: 'ana@example.com',
    });
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json().data.id as string;
    const traveler = await registerTraveler(ctx, owner.token, sesReadyBody(owner.establishmentId));
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/pilgrims/${traveler.id}`,
      headers: bearer(owner.token),
      payload: { establishmentId: second },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.reportNumber).toBe('2026/000001');
    const next = await registerTraveler(ctx, owner.token, sesReadyBody(second));
    expect(next.reportNumber).toBe('2026/000002');
  });

  it('gives a failed registration’s number back (the next one takes it)', async () => {
    const before = await registerTraveler(ctx, other.token, sesReadyBody(other.establishmentId));
    const bad = await post(
      '/api/pilgrims',
      other.token,
      sesReadyBody(other.establishmentId, { passportNumber: '12345678A' }),
    );
    expect(bad.statusCode).toBe(400);
    const after = await registerTraveler(ctx, other.token, sesReadyBody(other.establishmentId));
    const seq = (n: string | null) => Number(n!.split('/')[1]);
    expect(seq(after.reportNumber)).toBe(seq(before.reportNumber) + 1);
  });

  it('keeps a registration whose numbering failed, and numbers it at its first PDF', async () => {
    const errors: unknown[] = [];
    const service = await travelersServiceWith(
      ctx,
      () => ({
        // The PostgreSQL way (numbered after the commit), on either database.
        numbersInTransaction: false,
        numberIfMissing: () => Promise.reject(new Error('connection lost')),
      }),
      { error: (...args: unknown[]) => void errors.push(args) },
    );
    const actor = {
      id: other.userId,
      sessionId: 'test',
      role: 'user' as const,
      name: 'Owner',
      email: 'o@example.com',
    };
    const { pilgrim: saved } = await service.create(
      actor,
      CreateTravelerInputSchema.parse(sesReadyBody(other.establishmentId)),
      { actorId: other.userId, requestId: null, ip: null },
    );
    expect(saved.reportNumber).toBeNull();
    expect(errors).toHaveLength(1);
    const pdf = await get(`/api/pilgrims/${saved.id}/pdf`, other.token);
    expect(pdf.statusCode).toBe(200);
    expect((await get(`/api/pilgrims/${saved.id}`, other.token)).json().data.reportNumber).toMatch(
      /^\d{4}\/\d{6}$/,
    );
  });

  it('numbers a saved traveler once, and takes no number for one that is gone', async () => {
    const repository = createTravelersRepository(ctx.database.db, ctx.database.kind);
    const seq = (n: string | null) => Number(n!.split('/')[1]);
    const numbered = await registerTraveler(ctx, other.token, sesReadyBody(other.establishmentId));
    // Already numbered: nothing changes, no number is used up.
    expect(await repository.numberIfMissing(numbered.id)).toBeNull();
    // Deleted (or never saved): no number is used up either.
    expect(await repository.numberIfMissing(randomUUID())).toBeNull();
    const next = await registerTraveler(ctx, other.token, sesReadyBody(other.establishmentId));
    expect(seq(next.reportNumber)).toBe(seq(numbered.reportNumber) + 1);
    expect((await get(`/api/pilgrims/${numbered.id}`, other.token)).json().data.reportNumber).toBe(
      numbered.reportNumber,
    );
  });
});

describe('GET /api/pilgrims/{id}/pdf', () => {
  it('answers the signed sheet with the traveler, the report number and the establishment', async () => {
    const traveler = await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(owner.establishmentId, {
        firstName: 'Lucía',
        lastName: 'Fernández',
        secondLastName: 'Ortega',
      }),
    );
    const res = await get(`/api/pilgrims/${traveler.id}/pdf`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="registro-viajero-${traveler.reportNumber!.replace('/', '-')}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const value of [
      'Lucía',
      'Fernández',
      'Ortega',
      traveler.passportNumber,
      'ABC123456',
      traveler.reportNumber!,
      'Albergue San Roque',
      '01/03/2026',
      'Parte de entrada de viajeros', // es: the traveler's language
    ])
      expect(text).toContain(value);
    // The signature is drawn; without includeDocumentImagesInPdf no document image.
    expect(pdfImageCount(res.rawPayload)).toBe(1);
    // The download is audited all the same: the sheet holds the whole record.
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, traveler.id), eq(auditLog.action, 'pilgrim.pdf_generated')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: owner.userId });
    expect(audits[0]!.details).toMatchObject({ withDocumentImages: false, documents: [] });
  });

  it('prints in the language asked (the 16 of the interface; others es)', async () => {
    const traveler = await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(owner.establishmentId, { language: 'de' }),
    );
    const titles: Record<string, string> = {
      en: 'Traveler registration form',
      fr: 'Fiche',
      de: 'Meldeschein',
      es: 'Parte de entrada de viajeros',
      ja: '宿泊者登録票',
      ru: 'Регистрационная карточка гостя',
      sv: 'Parte de entrada de viajeros',
    };
    for (const [language, title] of Object.entries(titles)) {
      const res = await get(`/api/pilgrims/${traveler.id}/pdf?language=${language}`, owner.token);
      expect(res.statusCode).toBe(200);
      expect(pdfText(res.rawPayload)).toContain(title);
    }
    // Dates as each language writes them: day first in Spain, year first in Japan and Korea.
    const dated = async (language: string) =>
      pdfText(
        (await get(`/api/pilgrims/${traveler.id}/pdf?language=${language}`, owner.token))
          .rawPayload,
      );
    const [y, m, d] = traveler.dateOfBirth.split('-');
    expect(await dated('es')).toContain(`${d}/${m}/${y}`);
    expect(await dated('ja')).toContain(`${y}/${m}/${d}`);
    expect(await dated('ko')).toContain(`${y}. ${m}. ${d}.`);
    // Without ?language the traveler's own language.
    expect(
      pdfText((await get(`/api/pilgrims/${traveler.id}/pdf`, owner.token)).rawPayload),
    ).toContain('Meldeschein');
  });

  it('renders names in Arabic, Chinese and Cyrillic', async () => {
    const cases = [
      { firstName: 'محمد', lastName: 'العلي', nationality: 'MAR', words: ['محمد', 'العلي'] },
      { firstName: '伟', lastName: '王', nationality: 'CHN', words: ['伟', '王'] },
      { firstName: 'Иван', lastName: 'Петров', nationality: 'RUS', words: ['Иван', 'Петров'] },
    ];
    for (const c of cases) {
      const traveler = await registerTraveler(
        ctx,
        owner.token,
        travelerBody(owner.establishmentId, {
          firstName: c.firstName,
          lastName: c.lastName,
          nationality: c.nationality,
          frontDocImage: '',
          signatureImage: dataUrl(await photoJpeg(300, 100)),
        }),
      );
      const res = await get(`/api/pilgrims/${traveler.id}/pdf?language=en`, owner.token);
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      for (const word of c.words) expect(text).toContain(word);
      expect(text).toContain(traveler.reportNumber!);
    }
  });

  it('draws the document images (WebP converted) only when the establishment asks, and audits it', async () => {
    const traveler = await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(owner.establishmentId, {
        frontDocImage: dataUrl(await photoJpeg(1200, 800), 'image/jpeg'),
        backDocImage: dataUrl(await photoWebp(), 'image/webp'),
      }),
    );
    expect(
      pdfImageCount((await get(`/api/pilgrims/${traveler.id}/pdf`, owner.token)).rawPayload),
    ).toBe(1);

    await configureEstablishment(ctx, owner.establishmentId, { includeDocumentImagesInPdf: true });
    try {
      const res = await get(`/api/pilgrims/${traveler.id}/pdf`, owner.token);
      expect(res.statusCode).toBe(200);
      expect(pdfImageCount(res.rawPayload)).toBe(3);
      expect(pdfText(res.rawPayload)).toContain('Copia del documento de identidad');
      // Both downloads are audited; the second with the two images it showed.
      const entries = await ctx.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entityId, traveler.id), eq(auditLog.action, 'pilgrim.pdf_generated')),
        )
        .orderBy(desc(auditLog.at));
      expect(entries).toHaveLength(2);
      const [entry] = entries;
      expect(entry).toMatchObject({
        actorUserId: owner.userId,
        establishmentId: owner.establishmentId,
      });
      expect(entry!.details).toMatchObject({ withDocumentImages: true });
      expect((entry!.details as { documents: unknown[] }).documents).toHaveLength(2);
      expect(JSON.stringify(entry)).not.toContain('Núñez');

      // An e-mailed sheet carries the signature only: mail is neither private nor deletable.
      const to = `copy-${randomPassport().toLowerCase()}@example.org`;
      const sent = await post(`/api/pilgrims/${traveler.id}/send-pdf`, owner.token, { email: to });
      expect(sent.statusCode, sent.body).toBe(200);
      const mailed = (await ctx.smtp.waitFor(to)).attachments[0]!.content;
      expect(pdfImageCount(mailed)).toBe(1);
      expect(pdfText(mailed)).not.toContain('Copia del documento de identidad');

      // An establishment that stopped keeping photos (decision 023) prints none, not even those
      // stored before, whatever the PDF setting says.
      await configureEstablishment(ctx, owner.establishmentId, { keepDocumentImages: false });
      const without = await get(`/api/pilgrims/${traveler.id}/pdf`, owner.token);
      expect(without.statusCode).toBe(200);
      expect(pdfImageCount(without.rawPayload)).toBe(1);
      expect(pdfText(without.rawPayload)).not.toContain('Copia del documento de identidad');
    } finally {
      await configureEstablishment(ctx, owner.establishmentId, {
        includeDocumentImagesInPdf: false,
        keepDocumentImages: true,
      });
    }
  });

  it('prints a walk-in’s contract as SES.HOSPEDAJES gets it: its report number and entry date', async () => {
    await configureEstablishment(ctx, other.establishmentId, { establishmentCode: 'H150000777' });
    const walkIn = await registerTraveler(
      ctx,
      other.token,
      sesReadyBody(other.establishmentId, { firstName: 'Wanda', lastName: 'Walker' }),
    );
    expect(walkIn.stay?.contractReference ?? null).toBeNull();
    const ses = await post(`/api/establishments/${other.establishmentId}/ses-xml`, other.token, {
      kind: 'PV',
      pilgrimIds: [walkIn.id],
    });
    expect(ses.statusCode, ses.body).toBe(200);
    const reference = xpath(ses.body, 'string(//contrato/referencia)');
    const contractDate = xpath(ses.body, 'string(//contrato/fechaContrato)');
    expect([reference, contractDate]).toEqual([walkIn.reportNumber, '2026-03-01']);

    const res = await get(`/api/pilgrims/${walkIn.id}/pdf`, other.token);
    expect(res.statusCode).toBe(200);
    // The stay row, as laid out: entry, check-out, contract reference, contract date.
    const layout = poppler('pdftotext', res.rawPayload, ['-layout']);
    const [d, m, y] = contractDate.split('-').reverse();
    expect(layout).toMatch(
      new RegExp(
        `01/03/2026 18:30 +02/03/2026 08:00 +${reference.replace('/', '\\/')} +${d}/${m}/${y}\\s`,
      ),
    );
    // A traveler of a booking keeps its own contract.
    const booked = await registerTraveler(
      ctx,
      other.token,
      sesReadyBody(other.establishmentId, {
        stay: {
          contractReference: 'BK-2026-15',
          contractDate: '2026-02-10',
          entryDateTime: '2026-03-01T18:30:00',
          exitDateTime: '2026-03-02T08:00:00',
          paymentType: 'TARJT',
        },
      }),
    );
    const bookedLayout = poppler(
      'pdftotext',
      (await get(`/api/pilgrims/${booked.id}/pdf`, other.token)).rawPayload,
      ['-layout'],
    );
    expect(bookedLayout).toMatch(/02\/03\/2026 08:00 +BK-2026-15 +10\/02\/2026\s/);
  });

  it('names the authority of the establishment’s region as the recipient of the data', async () => {
    const created = await post('/api/establishments', owner.token, {
      name: 'Alberg de Sant Jaume',
      type: 'hostel',
      nif: randomCif(),
      address: 'Carrer Major 5',
      city: 'Barcelona',
      province: 'Barcelona',
      postalCode: '08002',
      phone: '+34 932 000 000',
      contactName: 'Jordi',
      contactEmail: 'jordi@example.com',
    });
    expect(created.statusCode, created.body).toBe(201);
    const establishmentId = created.json().data.id as string;
    const traveler = await registerTraveler(ctx, owner.token, sesReadyBody(establishmentId));
    const sheet = async () => {
      const res = await get(`/api/pilgrims/${traveler.id}/pdf`, owner.token);
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload).replace(/\s+/g, ' ');
    };
    const catalan = await sheet();
    expect(catalan).toContain("comunicar sus datos a los Mossos d'Esquadra");
    expect(catalan).toContain(
      "Destinatarios: los Mossos d'Esquadra (Generalitat de Catalunya, Departament d'Interior)",
    );
    expect(catalan).not.toContain('SES.HOSPEDAJES');
    expect(catalan).not.toContain('Ministerio del Interior');

    // The authority chosen for the establishment wins over its province.
    await ctx.database.db
      .update(establishments)
      .set({ authority: 'ertzaintza' })
      .where(eq(establishments.id, establishmentId));
    const chosen = await sheet();
    expect(chosen).toContain('comunicar sus datos a la Ertzaintza');
    expect(chosen).not.toContain('Mossos');
    expect(chosen).not.toContain('SES.HOSPEDAJES');
  });

  it('GET /api/travelers/{id}/pdf is the same sheet, named registro-viajero-{id}.pdf', async () => {
    const traveler = await registerTraveler(ctx, owner.token, sesReadyBody(owner.establishmentId));
    const res = await get(`/api/travelers/${traveler.id}/pdf`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="registro-viajero-${traveler.id}.pdf"`,
    );
    expect(pdfText(res.rawPayload)).toContain(traveler.reportNumber!);
  });

  it('numbers a traveler inserted outside the API at its first PDF, once', async () => {
    const traveler = await registerTraveler(
      ctx,
      other.token,
      sesReadyBody(other.establishmentId, {
        entryDate: '2024-07-01',
        checkOutDate: '2024-07-02',
        stay: null,
      }),
    );
    await ctx.database.db
      .update(pilgrims)
      .set({ reportYear: null, reportSeq: null })
      .where(eq(pilgrims.id, traveler.id));
    expect(
      (await get(`/api/pilgrims/${traveler.id}`, other.token)).json().data.reportNumber,
    ).toBeNull();
    const res = await get(`/api/pilgrims/${traveler.id}/pdf`, other.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('registro-viajero-2024-000002.pdf');
    expect((await get(`/api/pilgrims/${traveler.id}`, other.token)).json().data.reportNumber).toBe(
      '2024/000002',
    );
    await get(`/api/pilgrims/${traveler.id}/pdf`, other.token);
    expect((await get(`/api/pilgrims/${traveler.id}`, other.token)).json().data.reportNumber).toBe(
      '2024/000002',
    );
  });

  it('answers 404 for another tenant’s, an unknown or a malformed id, 401 without a session; an admin reaches all', async () => {
    const traveler = await registerTraveler(ctx, other.token, sesReadyBody(other.establishmentId));
    for (const url of [`/api/pilgrims/${traveler.id}/pdf`, `/api/travelers/${traveler.id}/pdf`]) {
      const res = await get(url, owner.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'PILGRIM_NOT_FOUND' });
    }
    expect(
      (await get('/api/pilgrims/00000000-0000-4000-8000-000000000000/pdf', owner.token)).statusCode,
    ).toBe(404);
    expect((await get('/api/pilgrims/not-an-id/pdf', owner.token)).statusCode).toBe(404);
    const anonymous = await get(`/api/pilgrims/${traveler.id}/pdf`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    expect((await get(`/api/pilgrims/${traveler.id}/pdf`, admin.token)).statusCode).toBe(200);
  });
});

describe('POST /api/pilgrims/{id}/send-pdf', () => {
  it('e-mails the PDF, attached, in the language asked', async () => {
    const traveler = await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(owner.establishmentId, {
        firstName: 'Ana',
        lastName: 'Pérez',
      }),
    );
    const to = `guest-${randomPassport().toLowerCase()}@example.org`;
    const res = await post(
      `/api/pilgrims/${traveler.id}/send-pdf?language=en&lng=en`,
      owner.token,
      { email: ` ${to} ` },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'E-mail sent',
      data: { to, reportNumber: traveler.reportNumber },
    });
    const mail = await ctx.smtp.waitFor(to);
    expect(mail.subject).toBe(
      `Traveler registration form no. ${traveler.reportNumber} · Albergue San Roque`,
    );
    expect(mail.text).toContain('Ana Pérez');
    expect(mail.html).toContain('Ana Pérez');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    // Replies reach the establishment, not the no-reply sender.
    const [place] = await ctx.database.db
      .select({ contactEmail: establishments.contactEmail })
      .from(establishments)
      .where(eq(establishments.id, owner.establishmentId));
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${place!.contactEmail}\r?$`, 'mi'));
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(`registro-viajero-${traveler.reportNumber!.replace('/', '-')}.pdf`);
    expect(pdf!.content.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(pdf!.content);
    expect(text).toContain('Traveler registration form');
    expect(text).toContain('Pérez');

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, traveler.id), eq(auditLog.action, 'pilgrim.pdf_emailed')));
    // Who received the data: the address is kept with the entry, and the history shows it.
    expect(entry!.details).toEqual({ to, language: 'en' });
    const history = await get(`/api/pilgrims/${traveler.id}/history`, owner.token);
    expect(history.json().data[0]).toMatchObject({ action: 'pilgrim.pdf_emailed', sentTo: to });
  });

  it('writes Arabic from right to left', async () => {
    const traveler = await registerTraveler(ctx, owner.token, sesReadyBody(owner.establishmentId));
    const to = `ar-${randomPassport().toLowerCase()}@example.org`;
    const res = await post(`/api/pilgrims/${traveler.id}/send-pdf?language=ar`, owner.token, {
      email: to,
    });
    expect(res.statusCode).toBe(200);
    const mail = await ctx.smtp.waitFor(to);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
  });

  it('writes in Spanish by default and for a language it does not have', async () => {
    const traveler = await registerTraveler(ctx, owner.token, sesReadyBody(owner.establishmentId));
    const to = `es-${randomPassport().toLowerCase()}@example.org`;
    const res = await post(`/api/pilgrims/${traveler.id}/send-pdf?language=sv`, owner.token, {
      email: to,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Correo enviado.');
    const mail = await ctx.smtp.waitFor(to);
    expect(mail.subject).toContain('Parte de entrada de viajeros');
    expect(mail.text).toContain('Le enviamos adjunto');
  });

  it('refuses an empty or malformed address with a clear 400, another tenant’s traveler with 404, and sends nothing', async () => {
    const traveler = await registerTraveler(ctx, owner.token, sesReadyBody(owner.establishmentId));
    const sent = ctx.smtp.messages.length;
    for (const payload of [{ email: '' }, { email: '   ' }, {}]) {
      const res = await post(`/api/pilgrims/${traveler.id}/send-pdf?lng=en`, owner.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'EMAIL_REQUIRED',
        message: 'Enter the e-mail address to send the PDF to.',
        details: [{ field: 'email', code: 'validation.required' }],
      });
    }
    const malformed = await post(`/api/pilgrims/${traveler.id}/send-pdf`, owner.token, {
      email: 'not-an-address',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'email', code: 'validation.email' }],
    });
    const foreign = await post(`/api/pilgrims/${traveler.id}/send-pdf`, other.token, {
      email: 'x@example.org',
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await post(`/api/pilgrims/${traveler.id}/send-pdf`, undefined, { email: 'x@example.org' }))
        .statusCode,
    ).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.smtp.messages.length).toBe(sent);
  });

  it('allows 30 e-mails per user and hour, then answers 429', async () => {
    const user = await registerVerifiedOwner(ctx);
    const traveler = await registerTraveler(ctx, user.token, sesReadyBody(user.establishmentId));
    for (let i = 0; i < 30; i++) {
      const res = await post(`/api/pilgrims/${traveler.id}/send-pdf`, user.token, {
        email: `n${i}@example.org`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const blocked = await post(`/api/pilgrims/${traveler.id}/send-pdf`, user.token, {
      email: 'one-more@example.org',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    const fine = await post(`/api/pilgrims/${traveler.id}/send-pdf`, admin.token, {
      email: 'admin-copy@example.org',
    });
    expect(fine.statusCode).toBe(200);
  });
});
