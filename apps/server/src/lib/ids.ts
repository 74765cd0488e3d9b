import { randomBytes } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): the first 48 bits are the Unix time in milliseconds, the rest
 * random. Travelers are listed by day and then by id (an id breaks the ties, so that pages never
 * overlap): with these ids, the travelers of one day come in the order they were registered,
 * newest first, as the desk expects, and no index changes. The time it holds is the record's
 * creation time, which the record shows anyway.
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
