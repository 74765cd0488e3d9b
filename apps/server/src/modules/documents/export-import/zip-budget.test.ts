import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipSingleFile } from '../../../lib/ses/solicitud';
import { checkZipBudget } from './zip-budget';

const MB = 1024 * 1024;

async function workbook(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Viajeros');
  sheet.addRow(['Nombre', 'Primer apellido']);
  for (let i = 0; i < rows; i++) sheet.addRow([`Ana ${i}`, 'López']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** `zip` with a local entry put in front of it that its central directory does not list. */
function withHiddenEntry(zip: Buffer, hidden: Buffer): Buffer {
  const prefix = hidden.subarray(0, hidden.readUInt32LE(hidden.length - 22 + 16));
  const out = Buffer.concat([prefix, zip]);
  const eocd = out.length - 22;
  const directory = out.readUInt32LE(eocd + 16) + prefix.length;
  out.writeUInt32LE(directory, eocd + 16);
  out.writeUInt32LE(out.readUInt32LE(directory + 42) + prefix.length, directory + 42);
  return out;
}

describe('checkZipBudget', () => {
  it('passes a real workbook, and counts what it unpacks to, not what it declares', async () => {
    const xlsx = await workbook(2_000);
    expect(checkZipBudget(xlsx, 10 * MB)).toBe('ok');
    expect(checkZipBudget(xlsx, 20_000)).toBe('tooLarge');
  });

  it('stops a zip bomb without unpacking it whole', () => {
    // 64 MB of one letter deflates to about 64 KB.
    const bomb = zipSingleFile('xl/worksheets/sheet1.xml', Buffer.alloc(64 * MB, 'a'));
    expect(bomb.length).toBeLessThan(MB);
    expect(checkZipBudget(bomb, 8 * MB)).toBe('tooLarge');
    // It lies about its size: still measured by unpacking.
    const lying = Buffer.from(bomb);
    const directory = lying.readUInt32LE(lying.length - 22 + 16);
    lying.writeUInt32LE(10, 22);
    lying.writeUInt32LE(10, directory + 24);
    expect(checkZipBudget(lying, 8 * MB)).toBe('tooLarge');
  });

  it('refuses an archive with an entry its directory hides, or that is not a ZIP', () => {
    const small = zipSingleFile('a.xml', Buffer.from('<a/>'));
    expect(checkZipBudget(small, MB)).toBe('ok');
    const hidden = withHiddenEntry(small, zipSingleFile('evil.xml', Buffer.alloc(4 * MB)));
    expect(checkZipBudget(hidden, 64 * MB)).toBe('invalid');
    expect(checkZipBudget(Buffer.from('PK\x03\x04 nothing else'), MB)).toBe('invalid');
    // A local header that disagrees with the directory: the reader would go by the local one.
    const bomb = zipSingleFile('xl/sharedStrings.xml', Buffer.alloc(16 * MB, 'a'));
    const storedInDirectory = Buffer.from(bomb);
    const directory = storedInDirectory.readUInt32LE(storedInDirectory.length - 22 + 16);
    storedInDirectory.writeUInt16LE(0, directory + 10); // the directory says "stored"
    expect(checkZipBudget(storedInDirectory, MB)).toBe('invalid');
    const shorterLocally = Buffer.from(bomb);
    shorterLocally.writeUInt32LE(shorterLocally.readUInt32LE(18) - 10, 18);
    expect(checkZipBudget(shorterLocally, 64 * MB)).toBe('invalid');
    const stored = zlib.deflateRawSync(Buffer.from('x'));
    expect(checkZipBudget(stored, MB)).toBe('invalid');
  });
});
