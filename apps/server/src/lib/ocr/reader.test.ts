/**
 * The real OCR (tesseract.js, legacy engine, npm language data) on the generated test set in
 * test/fixtures/mrz, with one worker pool for the whole file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseWithMrzPackage } from 'mrz';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { mrzToTraveler, parseMrz, type ScanResult } from '@hospes/shared/mrz';
import { mismatches, mrzFixtures } from '../../../test/fixtures/mrz/fixtures';
import { createOcrService } from '../../modules/ocr/ocr.service';
import { AppError } from '../app-error';
import { decodeGrey, MAX_DECODED_SIDE } from './image';
import { createMrzReader } from './reader';
import { createTesseractEngine, type OcrEngine } from './tesseract';

const quiet = { error: () => {}, warn: () => {}, info: () => {} };
// What is read is checked here, not how fast (the OCR benchmark measures that, and the deadline
// has its own test below): a loaded machine must not turn a slow read into OCR_TIMEOUT.
const reader = createMrzReader({ log: quiet, timeoutMs: 120_000 });
const service = createOcrService({ reader });
const fixtures = mrzFixtures();
afterAll(() => reader.close());

describe('the generated MRZ test set', () => {
  it('has 18 images: 3 documents × 6 variants', () => {
    expect(fixtures).toHaveLength(18);
    for (const f of fixtures) expect(fs.statSync(f.file).size).toBeLessThan(200_000);
  });

  it.each(fixtures.filter((f) => f.variant === 'clean'))(
    'truth of $document: valid check digits, and the MRZ maps to the expected fields',
    ({ mrz, expected }) => {
      const parsed = parseMrz(mrz)!;
      expect(parsed.valid).toBe(true);
      expect(mismatches(mrzToTraveler(parsed), expected)).toEqual([]);
      // An independent parser agrees on every check digit (and on validity: real state codes).
      const other = parseWithMrzPackage(mrz);
      expect(other.valid).toBe(true);
      expect(other.format).toBe(parsed.format);
    },
  );

  it(
    'reads at least 95 % of the set exactly (every field equal to the truth)',
    { timeout: 60_000 },
    async () => {
      // Two at a time, like the pool: all 18 at once would mostly measure the queue's time limit.
      const results: Array<{ name: string; diff: string[]; result: unknown }> = [];
      const queue = [...fixtures];
      const lane = async () => {
        for (let f = queue.shift(); f; f = queue.shift()) {
          const result = await service
            .processDocument(fs.readFileSync(f.file))
            .catch((error: unknown) => error);
          const diff =
            result instanceof Error
              ? [String((result as AppError).code ?? result)]
              : mismatches(result as ScanResult, f.expected);
          results.push({ name: f.name, diff, result });
        }
      };
      await Promise.all([lane(), lane()]);
      const wrong = results
        .filter((r) => r.diff.length > 0)
        .map((r) => `${r.name}: ${r.diff.join(', ')}`);
      const exact = results.length - wrong.length;
      expect(
        exact / results.length,
        `not read exactly:\n${wrong.join('\n')}`,
      ).toBeGreaterThanOrEqual(0.95);
      // What the check digits confirm on a clean Spanish DNI.
      const dni = results.find((r) => r.name === 'td1-esp-clean')!.result as ScanResult;
      expect(dni.confirmed).toMatchObject({
        passportNumber: true,
        documentSupportNumber: true,
        dateOfBirth: true,
        expirationDate: true,
        firstName: false,
        lastName: false,
        documentExpeditionDate: false,
      });
    },
  );

  it(
    'gives the same answer again, in another order (no adaptive learning between images)',
    { timeout: 30_000 },
    async () => {
      const some = fixtures
        .filter((f) => ['td1-fra-half', 'td1-esp-noisy', 'td3-deu-lowcontrast'].includes(f.name))
        .reverse();
      for (const f of some) {
        const first = await reader.read(fs.readFileSync(f.file));
        const again = await reader.read(fs.readFileSync(f.file));
        expect(again.read?.parsed.lines).toEqual(first.read?.parsed.lines);
      }
    },
  );

  it(
    'reads a photo turned a quarter, with and without an EXIF orientation tag',
    { timeout: 30_000 },
    async () => {
      const f = fixtures.find((x) => x.name === 'td1-esp-clean')!;
      const turned = await sharp(fs.readFileSync(f.file)).rotate(90).jpeg().toBuffer();
      // The camera stored the pixels turned and says so in EXIF (orientation 8: turn 270° to view).
      const tagged = await sharp(turned).withMetadata({ orientation: 8 }).jpeg().toBuffer();
      for (const image of [turned, tagged]) {
        expect(mismatches(await service.processDocument(image), f.expected)).toEqual([]);
      }
    },
  );

  it(
    'reduces a 7,000 × 7,000 photo to 2,400 a side before reading, and still reads a document a quarter of its width',
    { timeout: 60_000 },
    async () => {
      const f = fixtures.find((x) => x.name === 'td3-deu-clean')!;
      const document = await sharp(fs.readFileSync(f.file)).resize({ width: 1750 }).toBuffer();
      const photo = await sharp({
        create: { width: 7000, height: 7000, channels: 3, background: '#d8d0c0' },
      })
        .composite([{ input: document, left: 2600, top: 3900 }])
        .jpeg({ quality: 85 })
        .toBuffer();
      const decoded = await decodeGrey(photo);
      expect([decoded.width, decoded.height]).toEqual([MAX_DECODED_SIDE, MAX_DECODED_SIDE]);
      expect(MAX_DECODED_SIDE).toBe(2400);
      // Portrait and landscape alike: the longer side is the one reduced.
      const tall = await decodeGrey(
        await sharp({ create: { width: 3000, height: 6000, channels: 3, background: '#fff' } })
          .jpeg()
          .toBuffer(),
      );
      expect([tall.width, tall.height]).toEqual([1200, 2400]);
      expect(mismatches(await service.processDocument(photo), f.expected)).toEqual([]);
    },
  );

  it(
    // How long it takes is the OCR benchmark's matter (docs/benchmarks-ocr.md), not a test's: a
    // loaded machine made a time limit here fail at random.
    'finds no MRZ on a blank photo and on a page of ordinary text',
    { timeout: 30_000 },
    async () => {
      const blank = await sharp({
        create: { width: 1600, height: 1200, channels: 3, background: '#e8e4dc' },
      })
        .jpeg()
        .toBuffer();
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="700"><rect width="100%" height="100%" fill="white"/>${Array.from(
        { length: 4 },
        (_, i) =>
          `<text x="40" y="${80 + i * 70}" font-size="40" font-family="DejaVu Sans">Camino de Santiago, etapa ${i + 1}: 23 km</text>`,
      ).join('')}</svg>`;
      const text = await sharp(Buffer.from(svg)).png().toBuffer();
      for (const image of [blank, text]) {
        await expect(service.processDocument(image)).rejects.toMatchObject({
          code: 'MRZ_NOT_FOUND',
        });
      }
    },
  );
});

describe('reader limits', () => {
  const image = fs.readFileSync(fixtures[0]!.file);
  const stuckEngine = async (): Promise<OcrEngine> => ({
    alive: true,
    layout: () => new Promise(() => {}),
    recognize: () => new Promise(() => {}),
    terminate: async () => {},
  });

  it('answers OCR_TIMEOUT (503) at the time limit when the engine hangs', async () => {
    const slow = createMrzReader({
      log: quiet,
      createEngine: stuckEngine,
      timeoutMs: 100,
      poolSize: 1,
    });
    const started = performance.now();
    const error = await slow.read(image).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'OCR_TIMEOUT' });
    expect(performance.now() - started).toBeLessThan(2000);
    await slow.close();
  });

  it('answers OCR_BUSY (503, Retry-After) beyond the queue limit', async () => {
    const busy = createMrzReader({
      log: quiet,
      createEngine: stuckEngine,
      timeoutMs: 2000,
      poolSize: 1,
      maxQueue: 1,
    });
    const running = busy.read(image).catch(() => {});
    const waiting = busy.read(image).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(busy.read(image)).rejects.toMatchObject({
      code: 'OCR_BUSY',
      params: { retryAfter: 5 },
    });
    await busy.close();
    await Promise.all([running, waiting]);
  });

  it('fails fast, and again on the next request, when the language data is missing', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-no-eng-'));
    const broken = createMrzReader({
      log: quiet,
      poolSize: 1,
      createEngine: (log) => createTesseractEngine(log, { langPath: empty }),
    });
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      await expect(broken.read(image)).rejects.toThrow(/eng\.traineddata\.gz/);
      expect(performance.now() - started).toBeLessThan(2000);
    }
    expect(broken.stats().created).toBe(0);
    await broken.close();
    fs.rmSync(empty, { recursive: true, force: true });
  });

  it('creates no worker before the first image, and at most two', async () => {
    const lazy = createMrzReader({ log: quiet, poolSize: 8 });
    expect(lazy.stats()).toMatchObject({
      created: 0,
      size: Math.min(2, (await import('node:os')).availableParallelism()),
    });
    await lazy.close();
  });
});
