/**
 * The service's own rules, on reads given directly (the real reader is tested on the image set
 * in lib/ocr/reader.test.ts and through the route).
 */
import { describe, expect, it } from 'vitest';
import { mrzCheckDigit, parseMrz } from '@hospes/shared/mrz';
import { findMrz, type MrzRead } from '../../lib/ocr/mrz-text';
import type { MrzReader } from '../../lib/ocr/reader';
import { createOcrService } from './ocr.service';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]);
const TD3 = [
  'P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<',
  'C01X00T478D<<6408125F3108011<<<<<<<<<<<<<<<2',
];

function serviceReading(lines: string[], extra: Partial<MrzRead> = {}) {
  const parsed = parseMrz(lines)!;
  const checks = Object.values(parsed.checks);
  const read: MrzRead = {
    parsed,
    changed: lines.map(() => new Set<number>()),
    fitted: false,
    score: checks.filter(Boolean).length,
    total: checks.length,
    accepted: parsed.valid,
    ...extra,
  };
  const reader: MrzReader = {
    read: async () => ({ read, passes: [] }),
    stats: () => ({ size: 1, created: 0, idle: 0, busy: 0, waiting: 0 }),
    close: async () => {},
  };
  return createOcrService({ reader, now: () => new Date('2026-11-22') });
}

describe('OcrService.processDocument', () => {
  it('confirms number and dates of a read whose every check digit holds as read', async () => {
    const result = await serviceReading(TD3).processDocument(JPEG);
    expect(result.confirmed).toMatchObject({
      passportNumber: true,
      dateOfBirth: true,
      expirationDate: true,
    });
  });

  it('returns a read that failed a check with nothing confirmed (the composite digit fails too)', async () => {
    const wrongExpiry = [TD3[0]!, TD3[1]!.replace('3108011', '3108021')];
    const result = await serviceReading(wrongExpiry).processDocument(JPEG);
    expect(result.expirationDate).toBe('2031-08-02');
    expect(result.confirmed).toMatchObject({
      passportNumber: false,
      dateOfBirth: false,
      expirationDate: false,
    });
  });

  // The confusions, as the OCR returns them, through the text reader and the service.
  it.each([
    // Weights 7 and 3: the wrong number passes its check digit and the composite one.
    ['B→8 and S→5', 'NLD', 'BX4CS7K9P', '8X4C57K9P'],
    ['D→0 and Z→2', 'NLD', 'DZ4C07HM3', '024C07HM3'],
  ])('never confirms a wrong number: %s', async (_what, state, right, wrong) => {
    const l1 = `P<${state}DE<JONG<<PIETER`.padEnd(44, '<');
    const body = TD3[1]!.replace('C01X00T47', right).replace('D<<', state);
    const digit = mrzCheckDigit(right);
    let l2 = body.slice(0, 9) + digit + body.slice(10, 43);
    l2 += mrzCheckDigit(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43));
    const ocrText = [l1, l2.replace(right, wrong)].join('\n');
    const read = findMrz(ocrText)!;
    expect(read.accepted).toBe(true);
    const result = await serviceReading(read.parsed.lines, {
      changed: read.changed,
    }).processDocument(JPEG);
    expect(result.passportNumber).toBe(wrong);
    expect(result.confirmed.passportNumber).toBe(false);
  });

  it('answers MRZ_NOT_FOUND when fewer than two check digits hold', async () => {
    const garbage = [TD3[0]!, 'C01X00T470D<<6408120F3108010<<<<<<<<<<<<<<53'];
    expect(Object.values(parseMrz(garbage)!.checks).filter(Boolean).length).toBeLessThan(2);
    await expect(serviceReading(garbage).processDocument(JPEG)).rejects.toMatchObject({
      code: 'MRZ_NOT_FOUND',
    });
  });

  it('does not confirm a document number that passed its check digit only after an O/0 swap', async () => {
    const read = findMrz([TD3[0]!, TD3[1]!.replace('C01X00T47', 'C01XO0T47')].join('\n'))!;
    expect(read.accepted).toBe(true);
    const result = await serviceReading(read.parsed.lines, {
      changed: read.changed,
    }).processDocument(JPEG);
    expect(result.passportNumber).toBe('C01X00T47');
    expect(result.confirmed.passportNumber).toBe(false);
  });

  it('checks the type by content before reading', async () => {
    const service = serviceReading(TD3);
    await expect(service.processDocument(Buffer.from('GIF89a....'))).rejects.toMatchObject({
      code: 'UNSUPPORTED_IMAGE_TYPE',
    });
    await expect(service.processDocument(Buffer.alloc(0))).rejects.toMatchObject({
      code: 'IMAGE_UNREADABLE',
    });
  });
});
