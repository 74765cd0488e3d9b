/**
 * The declaración responsable (decision 063): state, signing on screen, the PDF kept for each
 * version (read back with pdftotext), the yearly renewal on the app's clock, and who may reach it.
 * One test app for the file; its clock is moved by the tests.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Declaration } from '@hospes/shared/declarations';
import { auditLog, establishmentDeclarations } from '../../db/schema';
import { signaturePng } from '../../lib/pdf/fixtures';
import { pdfText } from '../../../test/documents-helpers';
import { uniqueEmail } from '../../../test/factories';
import { linkIn } from '../../../test/smtp';
import { dataUrl } from '../../../test/traveler-factories';
import {
  APP_URL,
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

const DAY = 86_400_000;
/** The app's clock: noon in Spain on 10 March 2026, moved by the tests. */
let clock = new Date('2026-03-10T11:00:00Z');

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let other: Awaited<ReturnType<typeof registerVerifiedOwner>>;

const SIGNATURE = dataUrl(signaturePng(600, 200));

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  owner = await registerVerifiedOwner(ctx, { name: 'Albergue Declarado de Sarria' });
  other = await registerVerifiedOwner(ctx, { name: 'Hostal Ajeno' });
});
afterAll(async () => ctx?.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const state = async (establishmentId: string, token: string, lng = 'en') => {
  const res = await call(
    'GET',
    `/api/establishments/${establishmentId}/declaration?lng=${lng}`,
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Declaration }>().data;
};
const sign = (establishmentId: string, token: string, body: Record<string, unknown>) =>
  call('POST', `/api/establishments/${establishmentId}/declaration?lng=en`, token, body);
const download = (establishmentId: string, declarationId: string, token: string) =>
  call('GET', `/api/establishments/${establishmentId}/declarations/${declarationId}/pdf`, token);
const storedCount = async (establishmentId: string) =>
  (
    await ctx.database.db
      .select({ id: establishmentDeclarations.id })
      .from(establishmentDeclarations)
      .where(eq(establishmentDeclarations.establishmentId, establishmentId))
  ).length;

describe('the declaración responsable', () => {
  it('is never signed at first, and shows the statement to sign filled with the establishment', async () => {
    const data = await state(owner.establishmentId, owner.token, 'fr');
    expect(data).toMatchObject({ state: 'never', validUntil: null, daysLeft: null, versions: [] });
    expect(data.statement.language).toBe('fr');
    expect(data.statement.title).toMatch(/Déclaration responsable/);
    const text = data.statement.paragraphs.join('\n');
    expect(text).toContain('Albergue Declarado de Sarria');
    expect(text).toContain(owner.body.establishment.nif);
    expect(text).toContain('María Núñez');
    expect(text).toContain('Rúa do Vilar 12, 15705 Santiago de Compostela (A Coruña)');
    // Valid one year from today: 10/03/2026 to 09/03/2027.
    expect(text).toContain('10/03/2026');
    expect(text).toContain('09/03/2027');
  });

  it('refuses a missing, malformed or blank signature, and stores nothing', async () => {
    const blank = await sharp({
      create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    for (const body of [
      {},
      { signatureImage: 'data:image/png;base64,AAAA' },
      { signatureImage: dataUrl(blank) },
      { signatureImage: SIGNATURE, language: 'xx' },
    ]) {
      const res = await sign(owner.establishmentId, owner.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.json().details[0].field).toMatch(/signatureImage|language/);
    }
    expect(await storedCount(owner.establishmentId)).toBe(0);
  });

  it('signs on screen: a PDF with the Spanish text and the translation, valid one year, audited', async () => {
    const res = await sign(owner.establishmentId, owner.token, {
      signatureImage: SIGNATURE,
      language: 'de',
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json<{ data: Declaration }>().data;
    expect(data).toMatchObject({ state: 'valid', validUntil: '2027-03-09', daysLeft: 364 });
    expect(data.versions).toEqual([
      expect.objectContaining({
        signedOn: '2026-03-10',
        validUntil: '2027-03-09',
        signerName: 'María Núñez',
        signedByName: 'María Núñez',
        language: 'de',
      }),
    ]);
    const id = data.versions[0]!.id;

    const pdf = await download(owner.establishmentId, id, owner.token);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="declaracion-responsable-${owner.body.establishment.nif}-2026-03-10.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Declaración responsable');
    expect(text).toContain('Albergue Declarado de Sarria');
    expect(text).toContain(owner.body.establishment.nif);
    expect(text).toContain('María Núñez');
    expect(text).toContain('Texto en español (el único jurídicamente vinculante)');
    expect(text).toContain('Real Decreto 933/2021');
    // The German translation the signer read, under the Spanish text.
    expect(text).toContain('Verantwortliche Erklärung');
    expect(text).toContain('Übersetzung (Deutsch)');
    expect(text).toContain('09/03/2027');
    expect(text).toContain(id);

    const entries = await ctx.database.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId, details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.establishmentId, owner.establishmentId),
          eq(auditLog.entityType, 'establishment'),
        ),
      );
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          action: 'establishment.declaration_signed',
          actor: owner.userId,
          details: { declarationId: id, validUntil: '2027-03-09', language: 'de' },
        },
        {
          action: 'establishment.declaration_downloaded',
          actor: owner.userId,
          details: { declarationId: id },
        },
      ]),
    );
    // The PDF is stored sealed, not in the clear.
    const [row] = await ctx.database.db
      .select({ pdf: establishmentDeclarations.pdf })
      .from(establishmentDeclarations)
      .where(eq(establishmentDeclarations.id, id));
    expect(row!.pdf.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
  });

  it('warns 30 days before it ends, expires after a year, and is renewed keeping the old version', async () => {
    clock = new Date(clock.getTime() + 335 * DAY); // 2027-02-08: 29 days left
    expect(await state(owner.establishmentId, owner.token)).toMatchObject({
      state: 'expiring',
      validUntil: '2027-03-09',
      daysLeft: 29,
    });
    clock = new Date('2027-03-09T22:00:00Z'); // 23:00 in Spain on its last day
    expect((await state(owner.establishmentId, owner.token)).state).toBe('expiring');
    clock = new Date('2027-03-10T11:00:00Z');
    const expired = await state(owner.establishmentId, owner.token);
    expect(expired).toMatchObject({ state: 'expired', validUntil: '2027-03-09', daysLeft: -1 });
    const first = expired.versions[0]!.id;

    const renewed = await sign(owner.establishmentId, owner.token, { signatureImage: SIGNATURE });
    expect(renewed.statusCode, renewed.body).toBe(201);
    const data = renewed.json<{ data: Declaration }>().data;
    expect(data).toMatchObject({ state: 'valid', validUntil: '2028-03-09' });
    expect(data.versions.map((v) => v.validUntil)).toEqual(['2028-03-09', '2027-03-09']);
    expect(data.versions[1]!.id).toBe(first);
    // Spanish only: no translation section.
    const latest = await download(owner.establishmentId, data.versions[0]!.id, owner.token);
    const latestText = pdfText(latest.rawPayload);
    expect(latestText).toContain('Albergue Declarado de Sarria');
    expect(latestText).not.toContain('Traducción');
    // The old version is still there, as it was signed.
    const old = await download(owner.establishmentId, first, owner.token);
    expect(old.statusCode).toBe(200);
    expect(pdfText(old.rawPayload)).toContain('Verantwortliche Erklärung');
  });

  it("answers 404 for another tenant's establishment and version", async () => {
    const mine = (await state(owner.establishmentId, owner.token)).versions[0]!.id;
    const get = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/declaration`,
      other.token,
    );
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ success: false, code: 'ESTABLISHMENT_NOT_FOUND' });
    const signed = await sign(owner.establishmentId, other.token, { signatureImage: SIGNATURE });
    expect(signed.statusCode).toBe(404);
    expect((await download(owner.establishmentId, mine, other.token)).statusCode).toBe(404);
    // Through their own establishment, my version's id is unknown.
    const crossed = await download(other.establishmentId, mine, other.token);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toMatchObject({ success: false, code: 'DECLARATION_NOT_FOUND' });
    expect((await download(owner.establishmentId, 'not-an-id', owner.token)).statusCode).toBe(404);
    expect(await storedCount(other.establishmentId)).toBe(0);
  });

  it('refuses a member whose role lacks establishment.manage (403), and anybody signed out (401)', async () => {
    const email = uniqueEmail('recepcion');
    const after = ctx.smtp.messages.length;
    const invited = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/invitations?lng=en`,
      owner.token,
      { email, role: 'receptionist' },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await ctx.smtp.waitFor(email, { subject: /invited/i, after });
    const token = new URL(linkIn(mail, `${APP_URL}/join`)).searchParams.get('token')!;
    const accepted = await call('POST', '/api/team/invitations/accept', undefined, {
      token,
      name: 'Rosa Recepción',
      password: 'recepcion-de-noche-2026',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const rosa = accepted.json<{ token: string }>().token;
    const mine = (await state(owner.establishmentId, owner.token)).versions[0]!.id;
    const before = await storedCount(owner.establishmentId);

    for (const res of [
      await call('GET', `/api/establishments/${owner.establishmentId}/declaration`, rosa),
      await sign(owner.establishmentId, rosa, { signatureImage: SIGNATURE }),
      await download(owner.establishmentId, mine, rosa),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect(await storedCount(owner.establishmentId)).toBe(before);
    const anonymous = await call('GET', `/api/establishments/${owner.establishmentId}/declaration`);
    expect(anonymous.statusCode).toBe(401);
  });
});
