/** Travelers and images for the tests and the benchmark. */
import { randomBytes, randomInt } from 'node:crypto';
import { dniLetter } from '@hospes/shared/spanish-ids';

/** A real 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** JPEG signature and JFIF header, then `size` bytes of noise. */
export function jpegBytes(size = 2048): Buffer {
  const header = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01,
  ]);
  return Buffer.concat([header, randomBytes(size), Buffer.from([0xff, 0xd9])]);
}

export function webpBytes(size = 1024): Buffer {
  const body = randomBytes(size);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(size + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
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
export function pilgrimBody(
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
