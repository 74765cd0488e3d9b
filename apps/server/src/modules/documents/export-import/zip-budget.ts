/**
 * How much an uploaded ZIP (an .xlsx) holds once unpacked, found by unpacking it with a ceiling,
 * before a spreadsheet reader sees it. A few megabytes of ZIP can hold gigabytes of repeated text
 * (a "zip bomb"): exceljs would read every cell of it into memory and the process would die.
 *
 * The reader that follows (exceljs's streaming reader) reads the local entries one after another
 * from the start of the file, so the check requires the archive to be exactly what its central
 * directory lists: each listed entry where the previous one ended, nothing hidden in between, and
 * the directory right after the last one. It inflates each entry itself, stopping as soon as the
 * total passes the ceiling, and never trusts the sizes the archive declares.
 */
import zlib from 'node:zlib';

export type ZipVerdict = 'ok' | 'tooLarge' | 'invalid';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

interface Entry {
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
  name: Buffer;
}

function endOfCentralDirectory(bytes: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65,535.
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= stop; at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  return -1;
}

function centralEntries(bytes: Buffer): { entries: Entry[]; directoryAt: number } | null {
  if (bytes.length < 22) return null;
  const eocd = endOfCentralDirectory(bytes);
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const directoryAt = bytes.readUInt32LE(eocd + 16);
  // ZIP64 (more than 65,535 entries or 4 GB) has no place in a traveler file.
  if (count === 0xffff || directoryAt === 0xffffffff || directoryAt + size > eocd) return null;
  const entries: Entry[] = [];
  let at = directoryAt;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.subarray(at + 46, at + 46 + nameLength),
    });
    at +=
      46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { entries, directoryAt };
}

/**
 * Whether the archive unpacks to at most `maxUnpackedBytes` in all, and is laid out as its
 * central directory says (else `invalid`).
 */
export function checkZipBudget(bytes: Buffer, maxUnpackedBytes: number): ZipVerdict {
  const found = centralEntries(bytes);
  if (!found) return 'invalid';
  const entries = [...found.entries].sort((a, b) => a.localOffset - b.localOffset);
  let expected = 0;
  let left = maxUnpackedBytes;
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at !== expected || at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL)
      return 'invalid';
    // The reader goes by the local header: it must say what the directory says (method, flags,
    // name and, unless a data descriptor follows, the size), or what was measured is not what
    // will be read.
    const flags = bytes.readUInt16LE(at + 6);
    const nameLength = bytes.readUInt16LE(at + 26);
    if (
      flags !== entry.flags ||
      bytes.readUInt16LE(at + 8) !== entry.method ||
      (!(flags & 0x08) && bytes.readUInt32LE(at + 18) !== entry.compressedSize) ||
      at + 30 + nameLength > bytes.length ||
      !bytes.subarray(at + 30, at + 30 + nameLength).equals(entry.name)
    )
      return 'invalid';
    const dataAt = at + 30 + nameLength + bytes.readUInt16LE(at + 28);
    const end = dataAt + entry.compressedSize;
    if (end > found.directoryAt) return 'invalid';
    const data = bytes.subarray(dataAt, end);
    let size: number;
    if (entry.method === 0) size = data.length;
    else if (entry.method === 8) {
      try {
        size = zlib.inflateRawSync(data, { maxOutputLength: left + 1 }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'tooLarge';
        return 'invalid';
      }
    } else return 'invalid';
    if (size > left) return 'tooLarge';
    left -= size;
    expected = end;
    // A data descriptor (bit 3) follows the data: CRC and sizes, with or without its signature.
    if (entry.flags & 0x08) {
      expected += end + 4 <= bytes.length && bytes.readUInt32LE(end) === DESCRIPTOR ? 16 : 12;
    }
  }
  return expected === found.directoryAt ? 'ok' : 'invalid';
}
