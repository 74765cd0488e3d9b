/** Travelers and images for the tests and the benchmark. */
import { randomBytes, randomInt } from 'node:crypto';
import zlib from 'node:zlib';
import { dniLetter } from '@hospes/shared/spanish-ids';

/** A real 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A real 64 × 48 JPEG (a colour gradient, quality 60): sharp decodes it. */
const SMALL_JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAwAEADASIAAhEBAxEB/8QAFwABAQEBAAAAAAAAAAAAAAAAAwQFBv/EABcQAAMBAAAAAAAAAAAAAAAAAAACA2H/xAAXAQEBAQEAAAAAAAAAAAAAAAADBQIH/8QAFhEBAQEAAAAAAAAAAAAAAAAAAwAC/9oADAMBAAIRAxEAPwDgllgyyKVlgqywt6SElp1lgyywoWWDLLANJUiWnWWDLLChZYMssB0lSJaZZYMssKVlgyywHSVIlsRZYMssKFlgyyw3pLmxLTrLBllhQshllgOkqRLTrLBVlhSssGWWA6SpEtMssGWWFKywZZYDpKkS2IssGWWFCywZZYb0lzUlp1lgyywoWQyywHSVMlp1lgqywpWWDLLAdJUiWmWQyywpWWDLLAdJUiW//9k=',
  'base64',
);

/**
 * A real JPEG (64 × 48) carrying `size` bytes of noise in comment segments after its start: the
 * upload checks read its structure and sharp decodes it (the comments are not stored).
 */
export function jpegBytes(size = 2048): Buffer {
  const segments: Buffer[] = [];
  for (let left = size; left > 0;) {
    const length = Math.min(left, 65_533);
    const head = Buffer.from([0xff, 0xfe, 0, 0]);
    head.writeUInt16BE(length + 2, 2);
    segments.push(head, randomBytes(length));
    left -= length;
  }
  return Buffer.concat([SMALL_JPEG.subarray(0, 2), ...segments, SMALL_JPEG.subarray(2)]);
}

/** A real 64 × 48 lossy WebP (the same gradient). */
export const WEBP_BYTES = Buffer.from(
  'UklGRsYAAABXRUJQVlA4ILoAAACwBgCdASpAADAAPrVOn0o/sKKiMBqoA/AWiWYzgX//WDE8sJWt5YlfyHKAX9hn1Rw1zDgGsgJ///X2P//2gAD+8HXL9ekH8tr/+3yYZZn4NRHvxGBWTtMJaVv8tU+PfPRinZ9yRhixnUx0SkVqT9uEl68X+zJyBo+pClnDF5LqoPxqqXLDkzLAe93WoHKIqwehix+Ba2b7KaeLQv84qiafLagTbRNuTxtIN39/jMfMLULBtKQF4MgAAAA=',
  'base64',
);

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
