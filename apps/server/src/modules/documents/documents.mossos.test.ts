/**
 * The Mossos d'Esquadra's file (decision 057): POST /api/establishments/{id}/mossos-file (name,
 * encoding, records, pre-flight, authority, tenancy) and the upload the owner confirms, with the
 * portal's receipt.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Traveler } from '@hospes/shared/travelers';
import { auditLog, authorityUploadItems, authorityUploads, establishments } from '../../db/schema';
import {
  moveToGirona,
  multipartBody,
  registerTraveler,
  sesReadyBody,
} from '../../../test/documents-helpers';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let girona: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let madrid: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let pilgrims: Traveler[];

const DAY = { from: '2026-03-01', to: '2026-03-01' };

const mossosFile = (establishmentId: string, token: string, body: unknown, lng = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/establishments/${establishmentId}/mossos-file?lng=${lng}`,
    headers: bearer(token),
    payload: body as object,
  });

const markUploaded = (
  establishmentId: string,
  uploadId: string,
  token: string,
  receipt?: { content: Buffer; name?: string },
) => {
  const multipart = receipt
    ? multipartBody({
        name: receipt.name ?? 'comprovant.pdf',
        content: receipt.content,
        type: 'application/pdf',
        field: 'receipt',
      })
    : null;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/establishments/${establishmentId}/authority-uploads/${uploadId}/uploaded?lng=en`,
    headers: { ...bearer(token), ...(multipart?.headers ?? {}) },
    ...(multipart ? { payload: multipart.payload } : {}),
  });
};

/** A real PDF, as the portal's "Descarregar comprovant d'enviament" gives one. */
function receiptPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Comprovant d’enviament 17079AAR02.001');
    doc.end();
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  girona = await registerVerifiedOwner(ctx);
  madrid = await registerVerifiedOwner(ctx);
  await moveToGirona(ctx, girona.establishmentId);
  const e = girona.establishmentId;
  pilgrims = [
    await registerTraveler(
      ctx,
      girona.token,
      sesReadyBody(e, { firstName: 'Núria', lastName: 'Puig' }),
    ),
    await registerTraveler(
      ctx,
      girona.token,
      sesReadyBody(e, {
        firstName: 'Anne',
        lastName: 'Müller',
        secondLastName: '',
        nationality: 'DEU',
        documentType: 'P',
        passportNumber: 'C01X00T47',
        documentSupportNumber: '',
        address: {
          street: 'Hauptstraße 5',
          municipalityName: 'Köln',
          postalCode: '50667',
          country: 'DEU',
        },
      }),
    ),
  ];
});

afterAll(async () => {
  await ctx.close();
});

describe("the Mossos d'Esquadra's file", () => {
  it('answers the day’s file, in ISO-8859-1, named <identifier>.<sequence>, and records it as made', async () => {
    const res = await mossosFile(girona.establishmentId, girona.token, DAY);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    expect(res.headers['content-disposition']).toBe('attachment; filename="17079AAR02.001"');
    expect(res.headers['x-total-count']).toBe('2');
    const bytes = res.rawPayload;
    const text = bytes.toString('latin1');
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('0|2');
    expect(lines[1]).toMatch(/^1\|17079AAR02\|[^|]{1,40}\|\d{8}\|\d{4}\|2\|V24$/);
    expect(lines.slice(2).map((l) => l.split('|').slice(5, 8))).toEqual([
      ['PUIG', 'GARCÍA', 'NÚRIA'],
      ['MÜLLER', '', 'ANNE'],
    ]);
    // Ú is one byte (0xDA) in ISO-8859-1, never UTF-8's two.
    expect(bytes.includes(Buffer.from([0x4e, 0xda, 0x52, 0x49, 0x41]))).toBe(true);
    expect(bytes.includes(Buffer.from('Ú', 'utf8'))).toBe(false);

    const uploadId = res.headers['x-upload-id'] as string;
    const [upload] = await ctx.database.db
      .select()
      .from(authorityUploads)
      .where(eq(authorityUploads.id, uploadId));
    expect(upload).toMatchObject({
      establishmentId: girona.establishmentId,
      reference: '17079AAR02.001',
      uploadedAt: null,
    });
    const items = await ctx.database.db
      .select()
      .from(authorityUploadItems)
      .where(eq(authorityUploadItems.uploadId, uploadId));
    expect(items.map((i) => i.pilgrimId).sort()).toEqual(pilgrims.map((p) => p.id).sort());

    // The next file takes the next number.
    const next = await mossosFile(girona.establishmentId, girona.token, {
      pilgrimIds: [pilgrims[1]!.id],
    });
    expect(next.headers['content-disposition']).toBe('attachment; filename="17079AAR02.002"');
    expect(next.rawPayload.toString('latin1').split('\r\n')).toHaveLength(3);
  });

  it('lists every problem first (the SES parte’s and the file’s own) and makes nothing', async () => {
    const e = girona.establishmentId;
    const cyrillic = await registerTraveler(
      ctx,
      girona.token,
      sesReadyBody(e, {
        firstName: 'Иван',
        lastName: 'Петров',
        entryDate: '2026-03-05',
        checkOutDate: '2026-03-06',
        stay: { entryDateTime: '2026-03-05T18:30:00', paymentType: 'EFECT' },
      }),
    );
    await ctx.database.db
      .update(establishments)
      .set({ establishmentCode: null })
      .where(eq(establishments.id, e));
    const before = await ctx.database.db.select().from(authorityUploads);
    const res = await mossosFile(e, girona.token, { pilgrimIds: [cyrillic.id] });
    expect(res.statusCode).toBe(422);
    const body = res.json<{
      code: string;
      details: { field: string; code: string; message: string }[];
    }>();
    expect(body.code).toBe('SES_PREFLIGHT_FAILED');
    expect(body.details.map((d) => [d.field, d.code])).toEqual([
      ['establishment.establishmentCode', 'ses.mossosIdentifierInvalid'],
      [`${cyrillic.id}.firstName`, 'ses.notInFileEncoding'],
      [`${cyrillic.id}.lastName`, 'ses.notInFileEncoding'],
    ]);
    expect(body.details[1]!.message).toContain('ISO-8859-1');
    expect(await ctx.database.db.select().from(authorityUploads)).toHaveLength(before.length);
    // The list's "cannot be reported" filter reads the file's rules for a Catalan establishment
    // (decision 061): the Cyrillic name is found, the others (Latin-1) are not.
    const unreportable = await ctx.app.inject({
      method: 'GET',
      url: `/api/pilgrims?parte=unreportable&establishmentId=${e}&limit=50`,
      headers: bearer(girona.token),
    });
    expect(unreportable.statusCode, unreportable.body).toBe(200);
    expect(unreportable.json<{ data: { id: string }[] }>().data.map((t) => t.id)).toEqual([
      cyrillic.id,
    ]);
    await ctx.database.db
      .update(establishments)
      .set({ establishmentCode: '17079AAR02' })
      .where(eq(establishments.id, e));
  });

  it('is refused to an establishment that reports elsewhere, and to another tenant', async () => {
    const madridFile = await mossosFile(madrid.establishmentId, madrid.token, DAY);
    expect(madridFile.statusCode).toBe(409);
    expect(madridFile.json()).toMatchObject({ code: 'MOSSOS_OTHER_AUTHORITY' });
    expect(madridFile.json().message).toContain('SES.HOSPEDAJES');
    const foreign = await mossosFile(girona.establishmentId, madrid.token, DAY);
    expect(foreign.statusCode).toBe(404);
    // And a Catalan establishment never makes a SES file.
    const ses = await ctx.app.inject({
      method: 'POST',
      url: `/api/establishments/${girona.establishmentId}/ses-xml`,
      headers: bearer(girona.token),
      payload: { kind: 'PV', ...DAY },
    });
    expect(ses.statusCode).toBe(409);
    expect(ses.json()).toMatchObject({ code: 'SES_OTHER_AUTHORITY' });
  });

  it('records the upload when the owner confirms it, with the portal’s receipt checked as a PDF', async () => {
    const made = await mossosFile(girona.establishmentId, girona.token, DAY);
    expect(made.statusCode, made.body).toBe(200);
    const uploadId = made.headers['x-upload-id'] as string;

    const notPdf = await markUploaded(girona.establishmentId, uploadId, girona.token, {
      content: Buffer.from('GIF89a not a receipt at all, no pdf here'),
    });
    expect(notPdf.statusCode, notPdf.body).toBe(415);
    expect(notPdf.json()).toMatchObject({ code: 'RECEIPT_NOT_PDF' });
    const [still] = await ctx.database.db
      .select()
      .from(authorityUploads)
      .where(eq(authorityUploads.id, uploadId));
    expect(still!.uploadedAt).toBeNull();

    expect((await markUploaded(girona.establishmentId, uploadId, madrid.token)).statusCode).toBe(
      404,
    );

    const pdf = await receiptPdf();
    const res = await markUploaded(girona.establishmentId, uploadId, girona.token, {
      content: pdf,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: uploadId,
      authority: 'mossos',
      reference: made.headers['content-disposition']!.toString().match(/"(.+)"/)![1],
      travelers: 2,
      uploaded: true,
      hasReceipt: true,
    });
    // Stored sealed, never as sent.
    const [row] = await ctx.database.db
      .select()
      .from(authorityUploads)
      .where(eq(authorityUploads.id, uploadId));
    expect(row!.receipt!.includes(pdf.subarray(0, 64))).toBe(false);
    const back = await ctx.app.inject({
      method: 'GET',
      url: `/api/establishments/${girona.establishmentId}/authority-uploads/${uploadId}/receipt`,
      headers: bearer(girona.token),
    });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.rawPayload.equals(pdf)).toBe(true);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/establishments/${girona.establishmentId}/authority-uploads/${uploadId}/receipt`,
      headers: bearer(madrid.token),
    });
    expect(foreign.statusCode).toBe(404);

    // Each traveler's history says where they went, under which reference.
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'pilgrim.authority_uploaded'),
          eq(auditLog.entityId, pilgrims[0]!.id),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({ authority: 'mossos', reference: row!.reference });
    const reportedTo = { authority: 'mossos', reference: row!.reference, at: expect.any(String) };
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/pilgrims/${pilgrims[0]!.id}/history`,
      headers: bearer(girona.token),
    });
    expect(history.json().data[0]).toMatchObject({
      action: 'pilgrim.authority_uploaded',
      report: { authority: 'mossos', reference: row!.reference },
    });
    // …and so do the record and the client list.
    const record = await ctx.app.inject({
      method: 'GET',
      url: `/api/pilgrims/${pilgrims[0]!.id}`,
      headers: bearer(girona.token),
    });
    expect(record.json().data.reportedTo).toEqual(reportedTo);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/pilgrims?establishmentId=${girona.establishmentId}&limit=100`,
      headers: bearer(girona.token),
    });
    const listed = list.json<{ data: Traveler[] }>().data;
    expect(listed.find((t) => t.id === pilgrims[1]!.id)!.reportedTo).toEqual(reportedTo);
    expect(listed.filter((t) => t.reportedTo === null)).toHaveLength(1); // the one never uploaded
  });

  it('takes back an upload recorded by mistake: its travelers are to report again, audited (decision 061)', async () => {
    const [upload] = await ctx.database.db
      .select()
      .from(authorityUploads)
      .where(
        and(
          eq(authorityUploads.establishmentId, girona.establishmentId),
          isNotNull(authorityUploads.uploadedAt),
        ),
      );
    const url = `/api/establishments/${girona.establishmentId}/authority-uploads/${upload!.id}/uploaded`;
    const undo = (token: string) =>
      ctx.app.inject({ method: 'DELETE', url: `${url}?lng=en`, headers: bearer(token) });
    const toReport = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/ses-to-report?establishmentId=${girona.establishmentId}`,
          headers: bearer(girona.token),
        })
      )
        .json<{ data: { pilgrimId: string }[] }>()
        .data.map((t) => t.pilgrimId);
    expect(await toReport()).not.toContain(pilgrims[0]!.id);

    // Another tenant's: not found, nothing changed.
    expect((await undo(madrid.token)).statusCode).toBe(404);
    const res = await undo(girona.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: upload!.id, uploaded: false, hasReceipt: false });
    const [row] = await ctx.database.db
      .select()
      .from(authorityUploads)
      .where(eq(authorityUploads.id, upload!.id));
    expect(row).toMatchObject({ uploadedAt: null, uploadedBy: null, receipt: null });
    // Its travelers count as not reported again.
    expect(await toReport()).toContain(pilgrims[0]!.id);
    const record = await ctx.app.inject({
      method: 'GET',
      url: `/api/pilgrims/${pilgrims[0]!.id}`,
      headers: bearer(girona.token),
    });
    expect(record.json().data.reportedTo).toBeNull();
    // The history says so.
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/pilgrims/${pilgrims[0]!.id}/history`,
      headers: bearer(girona.token),
    });
    expect(history.json().data[0]).toMatchObject({
      action: 'pilgrim.authority_upload_undone',
      report: { authority: 'mossos', reference: upload!.reference },
    });
    const establishmentEntries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'establishment.mossos_file_upload_undone'));
    expect(establishmentEntries).toHaveLength(1);

    // Twice: it is not recorded as uploaded any more.
    const again = await undo(girona.token);
    expect([again.statusCode, again.json().code]).toEqual([409, 'AUTHORITY_UPLOAD_NOT_UPLOADED']);
    expect(again.json().message).toBe('This file is not recorded as uploaded');
  });
});
