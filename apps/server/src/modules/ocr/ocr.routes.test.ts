import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mrzFixtures } from '../../../test/fixtures/mrz/fixtures';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

const URL = '/api/ocr/process-document';

/** A multipart/form-data body with one file part. */
function multipart(
  file: Buffer,
  options: { field?: string; filename?: string; type?: string } = {},
) {
  const boundary = `----hospes${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'document'}"; filename="${options.filename ?? 'photo.jpg'}"\r\n` +
    `Content-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PNG whose header claims `width` × `height` pixels (no real pixel data). */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const fixture = (name: string) => mrzFixtures().find((f) => f.name === name)!;

describe('POST /api/ocr/process-document', () => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext();
    auth = bearer((await registerVerifiedOwner(ctx)).token);
  });
  afterAll(async () => ctx?.close());

  const post = (body: ReturnType<typeof multipart>, query = '') =>
    ctx.app.inject({
      method: 'POST',
      url: URL + query,
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });

  it('refuses anonymous callers (401) before reading the upload', async () => {
    const body = multipart(fs.readFileSync(fixture('td1-esp-clean').file));
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('reads a Spanish DNI: DNI number, support number, two surnames, check-digit confirmations', async () => {
    const res = await post(multipart(fs.readFileSync(fixture('td1-esp-clean').file)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        documentType: 'D',
        passportNumber: '47312865W',
        firstName: 'MARIA JOSE',
        lastName: 'MARTINEZ',
        secondLastName: 'SANCHEZ',
        dateOfBirth: '1987-03-25',
        nationality: 'ESP',
        gender: 'F',
        documentExpeditionDate: '',
        expirationDate: '2029-03-25',
        documentSupportNumber: 'BHV482915',
        issuingCountry: 'ESP',
        mrzFormat: 'TD1',
        confirmed: {
          documentType: false,
          passportNumber: true,
          firstName: false,
          lastName: false,
          secondLastName: false,
          dateOfBirth: true,
          nationality: false,
          gender: false,
          documentExpeditionDate: false,
          expirationDate: true,
          documentSupportNumber: true,
          issuingCountry: false,
        },
      },
    });
  });

  it('reads a passport upside down sent as PNG, and an ID card sent as WebP (type from the content)', async () => {
    const passport = await sharp(fs.readFileSync(fixture('td3-deu-rot180').file))
      .png()
      .toBuffer();
    const card = await sharp(fs.readFileSync(fixture('td1-fra-clean').file))
      .webp()
      .toBuffer();
    const [a, b] = await Promise.all([
      post(multipart(passport, { filename: 'scan.bin', type: 'application/octet-stream' })),
      post(multipart(card, { filename: 'card.png', type: 'image/png' })),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().data).toMatchObject({ ...fixture('td3-deu-rot180').expected });
    expect(a.json().data.documentSupportNumber).toBeUndefined();
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().data).toMatchObject({ ...fixture('td1-fra-clean').expected });
  });

  it('answers 422 with advice when the photo has no MRZ, in the request language', async () => {
    const blank = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#f0ece4' },
    })
      .jpeg()
      .toBuffer();
    const es = await post(multipart(blank));
    expect(es.statusCode).toBe(422);
    expect(es.json()).toMatchObject({ success: false, code: 'MRZ_NOT_FOUND' });
    expect(es.json().message).toContain('zona de lectura mecánica');
    const en = await post(multipart(blank), '?lng=en');
    expect(en.json().message).toBe(
      'No machine-readable zone found. Hold the document flat, avoid glare and fill the frame with the page that has the two or three lines of <<< characters.',
    );
  });

  it.each([
    [
      'a text file named .jpg',
      Buffer.from('hello, this is not an image'),
      415,
      'UNSUPPORTED_IMAGE_TYPE',
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 415, 'UNSUPPORTED_IMAGE_TYPE'],
    [
      'a HEIC photo',
      Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypheic\0\0\0\0mif1heic'),
        Buffer.alloc(64),
      ]),
      415,
      'HEIC_NOT_SUPPORTED',
    ],
    ['an empty file', Buffer.alloc(0), 400, 'IMAGE_UNREADABLE'],
    [
      'a truncated JPEG',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
      400,
      'IMAGE_UNREADABLE',
    ],
    ['a PNG of 40000 × 40000 pixels', pngHeader(40_000, 40_000), 400, 'IMAGE_UNREADABLE'],
  ])('refuses %s (%i %s) and stays up', async (_what, file, status, code) => {
    const res = await post(multipart(file));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    expect(typeof res.json().message).toBe('string');
  });

  it('refuses an image that is a thin strip (400)', async () => {
    const strip = await sharp({
      create: { width: 2, height: 4000, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const res = await post(multipart(strip, { type: 'image/png' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'IMAGE_UNREADABLE' });
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await post(multipart(big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'FILE_TOO_LARGE' });
  });

  it('needs the file in the field "document" of a multipart body', async () => {
    const wrongField = await post(
      multipart(fs.readFileSync(fixture('td1-esp-clean').file), { field: 'file' }),
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'document' }],
    });
    const json = await ctx.app.inject({
      method: 'POST',
      url: URL,
      payload: { document: 'x' },
      headers: auth,
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('keeps nothing: no file appears in the data directory', async () => {
    const list = (dir: string): string[] =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { withFileTypes: true })
            .flatMap((e) =>
              e.isDirectory() ? list(path.join(dir, e.name)) : [path.join(dir, e.name)],
            )
        : [];
    const before = list(ctx.config.dataDir);
    const res = await post(multipart(fs.readFileSync(fixture('td1-esp-noisy').file)));
    expect(res.statusCode).toBe(200);
    expect(list(ctx.config.dataDir)).toEqual(before);
    expect(fs.existsSync(path.join(process.cwd(), 'eng.traineddata'))).toBe(false);
  });

  it('is described in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const op = res.json().paths['/api/ocr/process-document'].post;
    expect(op.tags).toEqual(['ocr']);
    expect(Object.keys(op.responses)).toContain('200');
  });
});
