/**
 * The MRZ reader: a bounded pool of tesseract workers and the variant loop that reads one image.
 *
 * The variant loop (feasibility §2, strategy G, reordered for speed):
 * 1. tesseract's page layout (no recognition, fast) locates groups of MRZ-like lines; each crop
 *    is read at a fixed line height, upside down first when it lies in the upper half;
 * 2. if the layout saw none: the bottom band (document filling the frame), then the top band
 *    turned 180°; then the layout of the photo turned a quarter either way;
 * 3. once an MRZ is seen but fails a check: the same crop deskewed by the measured baseline
 *    angle, sharpened, rescaled, thresholded, and the band, until every check passes (check
 *    digits, known state codes, calendar dates, DNI/NIE letter, no line cut to length).
 */
import os from 'node:os';
import { AppError } from '../app-error';
import {
  bottomBand,
  decodeGrey,
  renderRegion,
  rotateGrey,
  WHOLE,
  WORK_WIDTH,
  type GreyImage,
  type Region,
  type Rendering,
} from './image';
import { better, findMrz, type MrzRead } from './mrz-text';
import { createPaddleEngine, renderBox, type PaddleEngine } from './paddle';
import { readMrzWithPaddle, type PaddleMrz } from './paddle-mrz';
import {
  createPool,
  PoolClosedError,
  PoolFullError,
  PoolTimeoutError,
  type PoolStats,
} from './pool';
import { createTesseractEngine, type LayoutLine, type OcrEngine } from './tesseract';

/** The bottom share of the image that holds the MRZ when the document fills the frame. */
export const MRZ_BAND = 0.35;
/** Line height (px) the crops of a located MRZ are scaled to: a ~30-40 px character pitch. */
const TARGET_LINE_HEIGHT = 45;
const MAX_CANDIDATES = 3;

export interface PassTrace {
  name: string;
  ms: number;
  /** Checks passed / checks made, or '-' when no MRZ-shaped text was found. */
  result: string;
}

export interface MrzOutcome {
  /** The best read, accepted or not; null when no MRZ-shaped text was found at all. */
  read: MrzRead | null;
  passes: PassTrace[];
}

interface Pass {
  name: string;
  rendering: Rendering;
  /** The decoded image, or a quarter-turned copy of it. */
  source: GreyImage;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

/**
 * Groups of 2 or 3 stacked text lines that look like an MRZ in a page layout: long, thin lines
 * of equal length and height, left-aligned, one line height apart. Best (widest) first, as
 * regions with a margin, each with the output width that gives its lines TARGET_LINE_HEIGHT.
 */
export function mrzCandidates(
  lines: LayoutLine[],
  width: number,
  height: number,
): Array<{ region: Region; width: number }> {
  const usable = lines
    .map((l) => ({ ...l, w: l.x1 - l.x0, h: l.y1 - l.y0 }))
    .filter((l) => l.h >= 5 && l.w >= width * 0.15 && l.w / l.h >= 10 && l.w / l.h <= 90)
    .sort((a, b) => a.y0 - b.y0);
  const groups: Array<typeof usable> = [];
  for (let i = 0; i < usable.length; i++) {
    const first = usable[i]!;
    const group = [first];
    for (let j = i + 1; j < usable.length && group.length < 3; j++) {
      const line = usable[j]!;
      const last = group.at(-1)!;
      // Centre to centre; a slanted line's box is taller than its text, so boxes may overlap.
      const step = (line.y0 + line.y1) / 2 - (last.y0 + last.y1) / 2;
      if (step > 2.5 * first.h) break;
      if (
        step >= 0.2 * first.h &&
        Math.abs(line.x0 - first.x0) <= 0.06 * first.w + first.h &&
        Math.abs(line.w - first.w) <= 0.12 * first.w &&
        Math.abs(line.h - first.h) <= 0.5 * first.h
      ) {
        group.push(line);
      }
    }
    if (group.length >= 2) groups.push(group);
  }
  const picked: Array<{ region: Region; width: number; score: number }> = [];
  for (const group of groups) {
    const x0 = Math.min(...group.map((l) => l.x0));
    const x1 = Math.max(...group.map((l) => l.x1));
    const y0 = Math.min(...group.map((l) => l.y0));
    const y1 = Math.max(...group.map((l) => l.y1));
    const h = median(group.map((l) => l.h));
    const w = x1 - x0;
    const region = {
      x0: (x0 - 0.05 * w) / width,
      x1: (x1 + 0.05 * w) / width,
      y0: (y0 - 0.9 * h) / height,
      y1: (y1 + 0.9 * h) / height,
    };
    // Skip groups inside one already taken (a 3-line MRZ also yields its lower 2-line group).
    if (
      picked.some(
        (p) =>
          p.region.y0 <= region.y0 + 0.01 &&
          p.region.y1 >= region.y1 - 0.01 &&
          p.region.x0 <= region.x0 + 0.02,
      )
    )
      continue;
    picked.push({ region, width: (w * 1.1 * TARGET_LINE_HEIGHT) / h, score: w * group.length });
  }
  return picked
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_CANDIDATES)
    .map(({ region, width: w }) => ({ region, width: Math.min(3000, Math.max(400, w)) }));
}

/** Reads the MRZ of a decoded image with one engine; `signal` stops it between passes. */
export async function readMrzFromImage(
  engine: OcrEngine,
  image: GreyImage,
  signal?: AbortSignal,
): Promise<MrzOutcome> {
  const passes: PassTrace[] = [];
  let best: MrzRead | null = null;

  const attempt = async ({ name, rendering, source }: Pass) => {
    signal?.throwIfAborted();
    const started = performance.now();
    const { png, width } = await renderRegion(source, rendering);
    signal?.throwIfAborted();
    const { text, lines } = await engine.recognize(png, 'block');
    const read = findMrz(text);
    passes.push({
      name,
      ms: Math.round(performance.now() - started),
      result: read ? `${read.score}/${read.total}` : '-',
    });
    if (read && (!best || better(read, best))) best = read;
    // Skew from the long lines (MRZ lines run across most of the crop).
    const skew = median(lines.filter((l) => l.width > width * 0.4).map((l) => l.angle));
    return { read, skew };
  };
  const accepted = (): MrzOutcome | null => (best?.accepted ? { read: best, passes } : null);

  let found: { pass: Pass; skew: number } | null = null;
  const search = async (pass: Pass) => {
    const result = await attempt(pass);
    // Worth refining only if it looks like a real MRZ read badly, not like text that fits a shape.
    const plausible = result.read !== null && result.read.score / result.read.total >= 0.5;
    if (plausible && !found) found = { pass, skew: result.skew };
    return plausible;
  };

  /**
   * Locates groups of MRZ-like lines in the page layout (no recognition: fast) and reads each
   * crop, scaled to a fixed line height. An MRZ sits at the bottom of its page: one found in the
   * upper half of the photo is read upside down first.
   */
  const locate = async (source: GreyImage, prefix: string) => {
    signal?.throwIfAborted();
    const started = performance.now();
    const overview = await renderRegion(source, { region: WHOLE, width: WORK_WIDTH });
    const candidates = mrzCandidates(
      await engine.layout(overview.png),
      overview.width,
      overview.height,
    );
    passes.push({
      name: `${prefix}layout`,
      ms: Math.round(performance.now() - started),
      result: `${candidates.length} found`,
    });
    for (const [i, candidate] of candidates.entries()) {
      const upsideDown = (candidate.region.y0 + candidate.region.y1) / 2 < 0.5;
      const upright: Pass = { name: `${prefix}located${i + 1}`, rendering: candidate, source };
      const flipped: Pass = {
        name: `${prefix}located${i + 1}-180`,
        rendering: { ...candidate, rotate: 180 },
        source,
      };
      if (await search(upsideDown ? flipped : upright)) return;
      if (accepted()) return;
      if (await search(upsideDown ? upright : flipped)) return;
    }
  };

  // 1. Where the layout sees an MRZ.
  await locate(image, '');
  if (accepted()) return accepted()!;
  // 2. The layout missed it: the document fills the frame, so the MRZ is in the bottom band, or
  //    in the top band of a document held upside down.
  const bottom: Rendering = { region: bottomBand(MRZ_BAND), width: WORK_WIDTH };
  const top: Rendering = {
    region: { x0: 0, y0: 0, x1: 1, y1: MRZ_BAND },
    width: WORK_WIDTH,
    rotate: 180,
  };
  if (!found) await search({ name: 'band', rendering: bottom, source: image });
  if (accepted()) return accepted()!;
  if (!found) await search({ name: 'band-180', rendering: top, source: image });
  if (accepted()) return accepted()!;
  // 3. A photo turned a quarter (a scan, or a camera that wrote no EXIF orientation).
  for (const quarter of [90, 270]) {
    if (found) break;
    signal?.throwIfAborted();
    await locate(await rotateGrey(image, quarter), `q${quarter}-`);
    if (accepted()) return accepted()!;
  }
  if (!found) return { read: best, passes };

  // 4. An MRZ is there but some check fails: other renderings of it. Which one rescues a read is
  //    close to chance (feasibility §2, strategy G), so they are many and cheap; the first read
  //    whose checks all pass wins. A large measured skew is corrected first.
  const { pass, skew } = found as { pass: Pass; skew: number };
  const { source } = pass;
  const base = pass.rendering;
  const rotate = base.rotate ?? 0;
  const band = rotate === 180 ? top : bottom;
  const deskew: Pass = {
    name: `deskew${(-skew).toFixed(1)}`,
    rendering: { ...base, rotate: rotate - skew },
    source,
  };
  const variants: Pass[] = [
    ...(Math.abs(skew) >= 1 ? [deskew] : []),
    { name: 'sharpen', rendering: { ...base, sharpen: true }, source },
    { name: 'up1.25', rendering: { ...base, width: base.width * 1.25 }, source },
    { name: 'threshold', rendering: { ...base, threshold: true }, source },
    { name: 'down0.7', rendering: { ...base, width: base.width * 0.7 }, source },
    { name: 'up1.8', rendering: { ...base, width: base.width * 1.8 }, source },
    ...(pass.name.startsWith('band')
      ? []
      : [
          { name: 'band', rendering: band, source },
          { name: 'band-sharpen', rendering: { ...band, sharpen: true }, source },
          { name: 'band-down0.8', rendering: { ...band, width: band.width * 0.8 }, source },
        ]),
    ...(Math.abs(skew) >= 0.3 && Math.abs(skew) < 1 ? [deskew] : []),
    { name: 'nudge0.4', rendering: { ...base, rotate: rotate + 0.4 }, source },
  ];
  for (const variant of variants) {
    await attempt(variant);
    if (accepted()) return accepted()!;
  }
  return { read: best, passes };
}

type Logger = {
  error: (obj: unknown, msg?: string) => void;
  warn: (obj: unknown, msg?: string) => void;
  info: (obj: unknown, msg?: string) => void;
};

export interface MrzReaderOptions {
  log: Logger;
  /** Worker threads; at most min(2, available cores), which is also the default. */
  poolSize?: number;
  /** Requests allowed to wait for a worker; beyond: 503 OCR_BUSY. */
  maxQueue?: number;
  /** Per request, waiting included; beyond: 503 OCR_TIMEOUT. Below the web client's 15 s. */
  timeoutMs?: number;
  /** A worker idle this long is ended, its memory returned (DEFAULT_IDLE_MS). */
  idleMs?: number;
  /** The OCR engine; the real one by default. */
  createEngine?: (log: Logger) => Promise<OcrEngine>;
  /**
   * Read with PaddleOCR first, tesseract as fallback and second opinion (decision 054). One
   * model session for the whole server, loaded on the first scan, released after `idleMs`.
   */
  paddle?: boolean;
  /** The PaddleOCR engine; the real one (PADDLE_THREADS intra-op threads) by default. */
  createPaddle?: () => Promise<PaddleEngine>;
}

/** onnxruntime's threads for the one PaddleOCR session: the two cores this server is sized for. */
export const PADDLE_THREADS = 2;

/**
 * Tesseract's reading of the MRZ the PaddleOCR engine located, cropped upright from the photo at
 * tesseract's line height: an independent second reading of the same characters.
 */
async function secondOpinion(
  engine: OcrEngine,
  image: GreyImage,
  found: PaddleMrz,
  passes: PassTrace[],
): Promise<MrzRead | null> {
  const started = performance.now();
  const lines = found.read.parsed.lines.length;
  const lineHeight = found.region.height / (lines + 1);
  const scale = 45 / Math.max(1, lineHeight);
  const png = await renderBox(image, found.region, scale);
  const { text } = await engine.recognize(png, 'block');
  const read = findMrz(text);
  passes.push({
    name: 'tesseract-second',
    ms: Math.round(performance.now() - started),
    result: read ? `${read.score}/${read.total}` : '-',
  });
  return read;
}

const unchanged = (read: MrzRead) => read.changed.every((set) => set.size === 0);

/**
 * What a second, independent reading adds (mrz-confirmation.ts): the same document number, read
 * by both engines without any change and passing its check digit; the same characters for the
 * whole MRZ, unchanged in both.
 */
export function agreement(
  a: MrzRead,
  b: MrzRead | null,
): { documentNumber: boolean; mrz: boolean } {
  if (!b || a.parsed.format !== b.parsed.format) return { documentNumber: false, mrz: false };
  const numberLine = a.parsed.format === 'TD1' ? 0 : 1;
  const numberAsRead = (r: MrzRead) => {
    const set = r.changed[numberLine];
    if (!set) return false;
    const [start, end] = a.parsed.format === 'TD1' ? [5, 15] : [0, 10];
    for (let i = start; i < end; i++) if (set.has(i)) return false;
    return true;
  };
  const documentNumber =
    a.parsed.documentNumber === b.parsed.documentNumber &&
    a.parsed.checks.documentNumber === true &&
    b.parsed.checks.documentNumber === true &&
    numberAsRead(a) &&
    numberAsRead(b);
  const mrz =
    unchanged(a) &&
    unchanged(b) &&
    a.parsed.lines.length === b.parsed.lines.length &&
    a.parsed.lines.every((line, i) => line === b.parsed.lines[i]);
  return { documentNumber, mrz };
}

export interface MrzReader {
  /** Decodes and reads one image (an accepted type, checked by the caller). */
  read(image: Buffer): Promise<MrzOutcome>;
  stats(): PoolStats;
  close(): Promise<void>;
}

/** One legacy-engine worker keeps a core busy and holds ~240 MB: two at most. */
export const MAX_POOL_SIZE = 2;
export const DEFAULT_TIMEOUT_MS = 12_000;
export const DEFAULT_MAX_QUEUE = 20;
/**
 * Workers idle for a minute are ended (issue #30): each holds ~240 MB, which a server kept for
 * the rest of its life once two scans had come together. The next scan after a quiet minute waits
 * for a worker to start again (about a second; the language data are on disk).
 */
export const DEFAULT_IDLE_MS = 60_000;

export function createMrzReader(options: MrzReaderOptions): MrzReader {
  const { log } = options;
  const size = Math.max(
    1,
    Math.min(options.poolSize ?? MAX_POOL_SIZE, MAX_POOL_SIZE, os.availableParallelism()),
  );
  const createEngine = options.createEngine ?? createTesseractEngine;
  const pool = createPool<OcrEngine>({
    size,
    maxQueue: options.maxQueue ?? DEFAULT_MAX_QUEUE,
    create: async () => {
      const started = performance.now();
      const engine = await createEngine(log);
      log.info({ ms: Math.round(performance.now() - started) }, 'OCR worker started');
      return engine;
    },
    destroy: (engine) => engine.terminate(),
    healthy: (engine) => engine.alive,
    idleMs: options.idleMs ?? DEFAULT_IDLE_MS,
  });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const createPaddle =
    options.createPaddle ?? (() => createPaddleEngine({ threads: PADDLE_THREADS }));
  // One PaddleOCR session for the server: a second scan waits for the first (its memory would
  // otherwise double); ended after the same idle time as the tesseract workers.
  const paddlePool = options.paddle
    ? createPool<PaddleEngine>({
        size: 1,
        maxQueue: options.maxQueue ?? DEFAULT_MAX_QUEUE,
        create: async () => {
          const started = performance.now();
          const engine = await createPaddle();
          log.info({ ms: Math.round(performance.now() - started) }, 'PaddleOCR session loaded');
          return engine;
        },
        destroy: (engine) => engine.release(),
        idleMs: options.idleMs ?? DEFAULT_IDLE_MS,
      })
    : null;

  /**
   * PaddleOCR first; its read, when every check holds and nothing was changed, is compared with
   * tesseract's reading of the same crop (needed only where the agreement can confirm more). Else
   * tesseract's own search, and the better of the two reads.
   */
  async function readBoth(image: Buffer): Promise<MrzOutcome> {
    const started = performance.now();
    const grey = await decodeGrey(image);
    const passes: PassTrace[] = [];
    const found = await paddlePool!.run(
      async (engine, signal) => await readMrzWithPaddle(engine, grey, { signal, passes }),
      timeoutMs,
    );
    const left = () => Math.max(1000, timeoutMs - (performance.now() - started));
    const paddle = found.best;
    if (paddle?.read.accepted) {
      const second = await pool.run(
        (engine) => secondOpinion(engine, found.image, paddle, passes),
        left(),
      );
      return { read: { ...paddle.read, agreement: agreement(paddle.read, second) }, passes };
    }
    const fallback = await pool.run(
      (engine, signal) => readMrzFromImage(engine, grey, signal),
      left(),
    );
    passes.push(...fallback.passes);
    const reads = [paddle?.read, fallback.read].filter((r): r is MrzRead => !!r);
    if (reads.length === 0) return { read: null, passes };
    const best = reads.reduce((a, b) => (better(b, a) ? b : a));
    const other = reads.find((r) => r !== best) ?? null;
    return { read: { ...best, agreement: agreement(best, other) }, passes };
  }

  return {
    async read(image) {
      try {
        if (paddlePool) return await readBoth(image);
        return await pool.run(async (engine, signal) => {
          const grey = await decodeGrey(image);
          return readMrzFromImage(engine, grey, signal);
        }, timeoutMs);
      } catch (error) {
        if (error instanceof PoolFullError)
          throw new AppError('OCR_BUSY', { params: { retryAfter: 5 } });
        if (error instanceof PoolTimeoutError) throw new AppError('OCR_TIMEOUT');
        if (error instanceof PoolClosedError) throw new AppError('SERVICE_UNAVAILABLE');
        throw error;
      }
    },
    stats: () => pool.stats(),
    close: async () => {
      await Promise.all([pool.close(), paddlePool?.close()]);
    },
  };
}
