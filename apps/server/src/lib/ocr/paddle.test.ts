/**
 * The PaddleOCR engine and its MRZ reading (decision 054): the position-class choice, the joining
 * of line pieces and grouping into MRZ candidates, the agreement of two engines, and a few photos
 * of the photo-like set through the real engines (the whole set is the benchmark's job:
 * bench/ocr-photos.ts).
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { mrzCheckDigit, parseMrz } from '@hospes/shared/mrz';
import { mismatches } from '../../../test/fixtures/mrz/fixtures';
import { photoFixtures } from '../../../test/fixtures/mrz-photos/fixtures';
import { createOcrService } from '../../modules/ocr/ocr.service';
import { CLASSES, type MrzRead } from './mrz-text';
import type { LineRead, ReadChar, TextBox } from './paddle';
import { applyPositionClasses, joinLinePieces, mrzGroups } from './paddle-mrz';
import { agreement, createMrzReader } from './reader';

/** A line as the recognizer might give it: each character with its best letter and digit. */
function line(text: string, alternatives: Record<number, Partial<ReadChar>> = {}): LineRead {
  const chars = [...text].map((char, i) => ({
    char,
    p: 0.9,
    letter: { char: /[A-Z]/.test(char) ? char : 'O', p: 0.05 },
    digit: { char: /\d/.test(char) ? char : '0', p: 0.05 },
    filler: char === '<' ? 0.9 : 0,
    at: i * 3,
    ...alternatives[i],
  }));
  return { text, chars, confidence: 0.9, steps: text.length * 3 };
}

describe('position classes choose between the recognizer’s own letter and digit', () => {
  const classes = CLASSES.TD3[1]!;

  it('a letter read in a date takes the digit the model saw second, and is marked changed', () => {
    // Birth date 6408I2: the model's best digit at position 17 is 1.
    const read = line('C01X00T478D<<6408I25F3108011<<<<<<<<<<<<<<<2', {
      17: { letter: { char: 'I', p: 0.6 }, digit: { char: '1', p: 0.3 } },
    });
    const { text, changed } = applyPositionClasses(read, classes);
    expect(text).toBe('C01X00T478D<<6408125F3108011<<<<<<<<<<<<<<<2');
    expect([...changed]).toEqual([17]);
  });

  it('a digit read in a name takes the letter the model saw second (not a fixed table)', () => {
    // 0 in BOOTH: the model's second choice is O here, D elsewhere: each by its probability.
    const read = line('P<GBRB0OTH<<0SWALD<<<<<<<<<<<<<<<<<<<<<<<<<<', {
      6: { letter: { char: 'O', p: 0.3 } },
      12: { letter: { char: 'D', p: 0.2 } },
    });
    const { text, changed } = applyPositionClasses(read, CLASSES.TD3[0]!);
    expect(text).toBe('P<GBRBOOTH<<DSWALD<<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect([...changed].sort((a, b) => a - b)).toEqual([6, 12]);
  });

  it('never touches the document number (letters and digits both allowed there)', () => {
    const read = line('8X4C57K9P7NLD8504126F3108011<<<<<<<<<<<<<<<0');
    const { text, changed } = applyPositionClasses(read, classes);
    expect(text.slice(0, 9)).toBe('8X4C57K9P');
    expect(changed.size).toBe(0);
  });

  it('a C where the model also saw a filler is the filler; a C it was sure of stays', () => {
    const read = line('P<FRACLAIRE<<ANNECC<<<<<<<<<<<<<<<<<<<<<<<<<', {
      17: { filler: 0.2 },
      18: { filler: 0.3 },
    });
    const { text, changed } = applyPositionClasses(read, CLASSES.TD3[0]!);
    expect(text).toBe('P<FRACLAIRE<<ANNE<<<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect([...changed]).toEqual([17, 18]);
  });
});

const box = (cx: number, cy: number, length: number, height: number, degrees = 0): TextBox => ({
  cx,
  cy,
  length,
  height,
  angle: (degrees * Math.PI) / 180,
  score: 0.9,
});

describe('finding the MRZ among the detector’s lines', () => {
  it('joins the pieces of one line cut at a gap, and not lines above each other', () => {
    const joined = joinLinePieces([
      box(200, 100, 300, 20),
      box(520, 101, 260, 20),
      box(300, 130, 600, 20),
    ]);
    expect(joined).toHaveLength(2);
    const first = joined.find((b) => b.cy < 115)!;
    // From x = 50 to x = 650.
    expect(first.length).toBeCloseTo(600, 0);
    expect(first.cx).toBeCloseTo(350, 0);
  });

  it('groups two or three long parallel lines one pitch apart, at any angle', () => {
    const turned = (d: number) => {
      const r = (d * Math.PI) / 180;
      // Three lines 30 px apart across their direction, centred on (500, 400).
      return [-30, 0, 30].map((k) => box(500 - k * Math.sin(r), 400 + k * Math.cos(r), 800, 22, d));
    };
    for (const degrees of [0, 17, 90, -63, 180]) {
      const groups = mrzGroups([...turned(degrees), box(300, 100, 120, 20, degrees)]);
      expect(groups[0]).toHaveLength(3);
    }
    // Short text lines and a single long line are no MRZ.
    expect(
      mrzGroups([box(100, 100, 200, 20), box(100, 130, 200, 20), box(500, 600, 900, 22)]),
    ).toEqual([]);
  });
});

describe('two engines’ agreement', () => {
  // A Dutch passport whose number has a confusable neighbour (8X4C57K9P passes the same digit).
  const number = 'BX4CS7K9P';
  const body = `${number}${mrzCheckDigit(number)}NLD8504126F3108011${'<'.repeat(15)}`;
  const composite = mrzCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  const lines = ['P<NLDDE<BRUIJN<<WILLEKE<LISELOTTE<<<<<<<<<<<', body + composite];
  const read = (l: string[], changed: number[] = []): MrzRead => ({
    parsed: parseMrz(l)!,
    changed: [new Set(), new Set(changed)],
    score: 11,
    total: 11,
    fitted: false,
    accepted: true,
  });

  it('agrees on a number both read unchanged, and on the whole MRZ', () => {
    expect(read(lines).parsed.checks.documentNumber).toBe(true);
    expect(agreement(read(lines), read(lines))).toEqual({ documentNumber: true, mrz: true });
  });

  it('a number either engine had to change, or read otherwise, is no agreement', () => {
    expect(agreement(read(lines), read(lines, [4]))).toEqual({ documentNumber: false, mrz: false });
    const other = [lines[0]!, lines[1]!.replace('BX4CS7K9P', '8X4C57K9P')];
    expect(agreement(read(lines), read(other)).documentNumber).toBe(false);
    // Names read differently: the number may agree, the whole MRZ does not.
    const names = [lines[0]!.replace('WILLEKE', 'WILLFKE'), lines[1]!];
    expect(agreement(read(lines), read(names))).toEqual({ documentNumber: true, mrz: false });
    expect(agreement(read(lines), null)).toEqual({ documentNumber: false, mrz: false });
  });
});

describe('photos through the real engines (PaddleOCR, tesseract as second opinion)', () => {
  const log = { error: () => {}, warn: () => {}, info: () => {} };
  const reader = createMrzReader({ log, paddle: true, poolSize: 1, timeoutMs: 60_000 });
  const service = createOcrService({ reader, now: () => new Date('2026-11-29') });
  afterAll(() => reader.close());
  const photos = photoFixtures();
  // Chosen from the tuning part (read exactly in the benchmark): two passports and a visa (MRV-A).
  const chosen = ['tune-02', 'tune-12', 'tune-14'];

  it.each(chosen)(
    '%s is read exactly and nothing wrong is confirmed',
    { timeout: 90_000 },
    async (name) => {
      const photo = photos.find((p) => p.name === name)!;
      const result = await service.processDocument(fs.readFileSync(photo.file));
      expect(mismatches(result, photo.expected)).toEqual([]);
      for (const [field, confirmed] of Object.entries(result.confirmed)) {
        if (confirmed)
          expect((result as Record<string, unknown>)[field]).toBe(
            (photo.expected as Record<string, unknown>)[field],
          );
      }
    },
  );
});
