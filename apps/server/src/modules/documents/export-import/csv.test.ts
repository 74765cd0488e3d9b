import { describe, expect, it } from 'vitest';
import { TRAVELER_COLUMNS } from '@hospes/shared/documents';
import { csvField, csvLine, decodeCsvText, detectDelimiter, parseCsv, unguardCell } from './csv';
import { columnLabel, DOCUMENT_TEXTS, HEADER_TO_COLUMN, headerKey } from '../texts';

describe('CSV', () => {
  it('quotes as RFC 4180 says and guards formulas; reading gives the values back', () => {
    const values = [
      'plain',
      'a;b',
      'say "hi"',
      'two\r\nlines',
      ' padded ',
      '=1+1',
      '+34 600',
      '-5',
      '@x',
      '',
      'Núñez',
    ];
    const line = csvLine(values);
    expect(line.endsWith('\r\n')).toBe(true);
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=1+1')).toBe("'=1+1");
    const [parsed] = [...parseCsv(line)];
    expect(parsed!.map(unguardCell)).toEqual(values);
    expect(unguardCell("'hello")).toBe("'hello");
  });

  it('detects the delimiter of the header and reads LF, CRLF and a last line without an end', () => {
    expect(detectDelimiter('a;b;c\n1;2;3')).toBe(';');
    expect(detectDelimiter('a,b,"c;d"\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect([...parseCsv('a,b\n1,"x,y"\r\n2,z', ',')]).toEqual([
      ['a', 'b'],
      ['1', 'x,y'],
      ['2', 'z'],
    ]);
  });

  it('decodes UTF-8 (without its BOM) and Windows-1252, and refuses binary', () => {
    expect(decodeCsvText(Buffer.from('\uFEFFNúñez', 'utf8'))).toBe('Núñez');
    expect(decodeCsvText(Buffer.from('Núñez', 'latin1'))).toBe('Núñez');
    expect(decodeCsvText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).toBeNull();
    expect(decodeCsvText(Buffer.from([0x41, 0x01, 0x42]))).toBeNull();
  });
});

describe('column headers', () => {
  it('every column has a label in every language, and no header names two columns', () => {
    for (const [lng, texts] of Object.entries(DOCUMENT_TEXTS)) {
      for (const column of TRAVELER_COLUMNS) {
        expect(
          (texts!.columns as Record<string, string>)[column.key],
          `${lng} ${column.key}`,
        ).toBeTruthy();
      }
    }
    const seen = new Map<string, string>();
    for (const column of TRAVELER_COLUMNS) {
      for (const lng of ['es', 'en'] as const) {
        const key = headerKey(columnLabel(lng, column.key));
        expect(seen.get(key) ?? column.key, `${key}`).toBe(column.key);
        seen.set(key, column.key);
        expect(HEADER_TO_COLUMN.get(key)).toBe(column.key);
      }
      expect(HEADER_TO_COLUMN.get(headerKey(column.key))).toBe(column.key);
    }
    // Files exported before a label changed still import.
    expect(HEADER_TO_COLUMN.get(headerKey('Trägernummer'))).toBe('documentSupportNumber');
    expect(HEADER_TO_COLUMN.get(headerKey('支持号码'))).toBe('documentSupportNumber');
  });
});
