/** Travelers and images for the tests and the benchmark. */
import { randomBytes, randomInt } from 'node:crypto';
import zlib from 'node:zlib';
import { dniLetter } from '@hospes/shared/spanish-ids';

/** A real 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A JPEG's structure (JFIF header, a 640 × 480 frame, the start of a scan), then `size` bytes of
 * noise as its image data and the end marker: what the upload checks read, not a picture.
 */
export function jpegBytes(size = 2048): Buffer {
  const header = Buffer.from([
    ...[0xff, 0xd8],
    ...[0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0, 1, 0, 1, 0, 0],
    ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x01, 0x01, 0x11, 0x00],
    ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00],
  ]);
  return Buffer.concat([header, randomBytes(size), Buffer.from([0xff, 0xd9])]);
}

/** A WebP container with a lossy 640 × 480 frame header, then `size` bytes of noise. */
export function webpBytes(size = 1024): Buffer {
  const frame = Buffer.from([0x00, 0x00, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]);
  const body = Buffer.concat([frame, randomBytes(size)]);
  const head = Buffer.alloc(20);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 12, 4);
  head.write('WEBP', 8, 'latin1');
  head.write('VP8 ', 12, 'latin1');
  head.writeUInt32LE(body.length, 16);
  return Buffer.concat([head, body]);
}

/**
 * A PNG that declares `width` × `height` RGBA pixels and holds a few bytes of image data: its
 * structure is whole, its pixels are not all there (nothing here decodes it).
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))) >>> 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    PNG_BYTES.subarray(0, 8),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function dataUrl(bytes: Buffer, declared = 'image/png'): string {
  return `data:${declared};base64,${bytes.toString('base64')}`;
}

export function randomDniNumber(): string {
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return digits + dniLetter(digits);
}

export function randomPassport(): string {
  return `PA${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/** A complete, valid registration body for spec §7 POST /api/pilgrims. */
export function travelerBody(
  establishmentId: string | null,
  overrides: Record<string, unknown> = {},
) {
  return {
    firstName: 'Hans',
    lastName: 'Müller',
    secondLastName: '',
    nationality: 'DEU',
    passportNumber: randomPassport(),
    dateOfBirth: '1980-05-17',
    gender: 'M',
    documentType: 'P',
    documentExpeditionDate: '2020-01-10',
    entryDate: '2026-03-01',
    checkOutDate: '2026-03-02',
    establishmentId,
    language: 'de',
    contactInfo: { email: 'hans.mueller@example.de', phone: '+49 30 1234567' },
    emergencyContact: { name: 'Greta Müller', phone: '+49 30 7654321', relationship: 'spouse' },
    frontDocImage: dataUrl(jpegBytes(), 'image/jpeg'),
    backDocImage: '',
    signatureImage: dataUrl(PNG_BYTES),
    ...overrides,
  };
}
