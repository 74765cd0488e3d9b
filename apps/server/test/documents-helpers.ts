/** Helpers of the registration-document tests: complete travelers, real images, poppler, xmllint. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Traveler } from '@hospes/shared/travelers';
import { establishments } from '../src/db/schema';
import { signaturePng } from '../src/lib/pdf/fixtures';
import { dataUrl, travelerBody, randomDniNumber } from './traveler-factories';
import { bearer, type TestContext } from './test-app';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-documents-'));
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
let fileNo = 0;

export function tempFile(name: string, content: Buffer | string): string {
  const file = path.join(tmp, `${++fileNo}-${name}`);
  fs.writeFileSync(file, content);
  return file;
}

/** pdftotext, pdfimages -list, pdfinfo (Debian package poppler-utils). */
export function poppler(
  tool: 'pdftotext' | 'pdfimages' | 'pdfinfo',
  pdf: Buffer,
  args: string[] = [],
) {
  const file = tempFile('doc.pdf', pdf);
  const result = spawnSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], {
    encoding: 'utf8',
  });
  if (result.error) throw new Error(`${tool} is needed (poppler-utils): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
  return result.stdout;
}
export const pdfText = (pdf: Buffer) => poppler('pdftotext', pdf);
export const pdfImageCount = (pdf: Buffer) =>
  poppler('pdfimages', pdf, ['-list']).trim().split('\n').length - 2;

export const XSD_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/lib/ses/xsd',
);

/** xmllint --noout --schema against the official XSD: '' when valid, else its messages. */
export function xsdErrors(xml: string, schema: 'altaParteHospedaje' | 'altaReservaHospedaje') {
  const file = tempFile(`${schema}.xml`, xml);
  const result = spawnSync(
    'xmllint',
    ['--noout', '--schema', path.join(XSD_DIR, `${schema}.xsd`), file],
    { encoding: 'utf8' },
  );
  if (result.error) throw new Error(`xmllint is needed (libxml2-utils): ${result.error.message}`);
  return result.status === 0 ? '' : result.stderr;
}

/** The text of an XPath expression over an XML document (xmllint --xpath). */
export function xpath(xml: string, expression: string): string {
  const file = tempFile('x.xml', xml);
  const result = spawnSync('xmllint', ['--xpath', expression, file], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout.replace(/\n$/, '');
}

/** A real JPEG (a coloured plane with noise), decodable by any reader. */
export async function photoJpeg(width = 640, height = 400, hue = 0): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (hue * 7) % 256, g: 120, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function photoWebp(width = 400, height = 300): Promise<Buffer> {
  return sharp(await photoJpeg(width, height, 200))
    .webp()
    .toBuffer();
}

export const SIGNATURE = signaturePng(600, 200);

/**
 * A traveler complete for SES.HOSPEDAJES (partes and reservas): Spanish DNI with support number
 * and both surnames, home address in Spain, contract and payment.
 */
export function sesReadyBody(establishmentId: string, overrides: Record<string, unknown> = {}) {
  return travelerBody(establishmentId, {
    firstName: 'José María',
    lastName: 'Núñez',
    secondLastName: 'García',
    nationality: 'ESP',
    documentType: 'D',
    passportNumber: randomDniNumber(),
    documentSupportNumber: 'ABC123456',
    dateOfBirth: '1980-05-17',
    gender: 'M',
    documentExpeditionDate: '2020-01-10',
    entryDate: '2026-03-01',
    checkOutDate: '2026-03-02',
    language: 'es',
    contactInfo: { email: 'jose@example.es', phone: '+34 600 000 000' },
    address: {
      street: 'Calle Real 1',
      municipalityCode: '09059',
      postalCode: '09001',
      country: 'ESP',
    },
    stay: {
      entryDateTime: '2026-03-01T18:30:00',
      exitDateTime: '2026-03-02T08:00:00',
      paymentType: 'EFECT',
    },
    frontDocImage: '',
    signatureImage: dataUrl(SIGNATURE),
    ...overrides,
  });
}

export async function registerTraveler(
  ctx: TestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<Traveler> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/pilgrims',
    headers: bearer(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Traveler }>().data;
}

/** Sets an establishment's SES code and image settings directly (test set-up). */
export async function configureEstablishment(
  ctx: TestContext,
  id: string,
  values: {
    establishmentCode?: string | null;
    includeDocumentImagesInPdf?: boolean;
    keepDocumentImages?: boolean;
  },
) {
  await ctx.database.db.update(establishments).set(values).where(eq(establishments.id, id));
}

/** A multipart/form-data body with a file (in the part `field`, default "file") and text fields. */
export function multipartBody(
  file: { name: string; content: Buffer; type?: string; field?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----hospes${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Moves an establishment to Girona, with the Mossos d'Esquadra's code `17079aar02`: a Catalan
 * establishment, which reports to the Mossos by a file uploaded on their portal (decision 057).
 */
export async function moveToGirona(ctx: TestContext, establishmentId: string): Promise<void> {
  await ctx.database.db
    .update(establishments)
    .set({
      province: 'Girona',
      postalCode: '17001',
      city: 'Girona',
      establishmentCode: '17079aar02',
    })
    .where(eq(establishments.id, establishmentId));
}
