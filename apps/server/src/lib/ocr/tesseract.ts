/**
 * One tesseract.js worker set up for MRZ text (feasibility §2): the legacy engine
 * (OEM.TESSERACT_ONLY) with the `4.0.0` eng data read from node_modules, never fetched; no cache
 * file written into the working directory; no adaptive learning between images (deterministic);
 * the MRZ alphabet as whitelist; load errors routed to a handler instead of crashing the process.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/** The folder holding `eng.traineddata.gz` (legacy + LSTM models) of @tesseract.js-data/eng. */
export function engDataDir(): string {
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

export const MRZ_WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export interface OcrLine {
  text: string;
  /** Baseline slope in degrees (positive: the line descends to the right). */
  angle: number;
  width: number;
}

export interface LayoutLine {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrEngine {
  /** Page layout only (automatic segmentation, no character recognition): the text lines' boxes. */
  layout(png: Buffer): Promise<LayoutLine[]>;
  /** Reads a PNG as one block of text (PSM 6) or with automatic page segmentation (PSM 3). */
  recognize(png: Buffer, mode?: 'block' | 'auto'): Promise<{ text: string; lines: OcrLine[] }>;
  terminate(): Promise<void>;
  /** False once the worker thread failed or exited. */
  readonly alive: boolean;
}

type Block = { paragraphs?: Array<{ lines?: Array<{ bbox: LayoutLine }> }> };
type Logger = {
  error: (obj: unknown, msg?: string) => void;
  warn: (obj: unknown, msg?: string) => void;
};

/** How long a worker may take to start (load ~11 MB of language data) before we give up. */
const START_TIMEOUT_MS = 30_000;

export async function createTesseractEngine(
  log: Logger,
  options: { langPath?: string } = {},
): Promise<OcrEngine> {
  const langPath = options.langPath ?? engDataDir();
  // A missing data file would otherwise surface only as a worker error, after the thread started.
  await fs.access(path.join(langPath, 'eng.traineddata.gz'));

  let failure: Error | null = null;
  let onFailure: ((error: Error) => void) | null = null;
  const fail = (error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error));
    onFailure?.(failure);
  };
  // tesseract.js reports a failed language load only to errorHandler: its createWorker promise
  // then never settles. Fail the start ourselves on such an error, or after START_TIMEOUT_MS.
  let starting = true;
  let startFailed: (error: Error) => void = () => {};
  const startFailure = new Promise<never>((_, reject) => {
    startFailed = reject;
  });
  const timer = setTimeout(
    () => startFailed(new Error('tesseract worker did not start in time')),
    START_TIMEOUT_MS,
  );
  timer.unref();
  let worker: Worker;
  try {
    worker = await Promise.race([
      createWorker('eng', OEM.TESSERACT_ONLY, {
        langPath,
        cacheMethod: 'none',
        gzip: true,
        legacyCore: true,
        legacyLang: true,
        // Thrown on process.nextTick otherwise, which no try/catch around createWorker sees.
        errorHandler: (error: unknown) => {
          log.error({ err: error }, 'tesseract worker error');
          if (starting) startFailed(error instanceof Error ? error : new Error(String(error)));
        },
      }),
      startFailure,
    ]);
  } finally {
    starting = false;
    clearTimeout(timer);
  }
  // The Node worker thread itself: an 'error' without a listener would crash the process.
  const thread = (worker as unknown as { worker?: NodeJS.EventEmitter }).worker;
  thread?.on('error', (error) => {
    log.error({ err: error }, 'tesseract worker thread failed');
    fail(error);
  });
  thread?.on('exit', (code) => fail(new Error(`tesseract worker thread exited (${code})`)));
  await worker.setParameters({
    tessedit_char_whitelist: MRZ_WHITELIST,
    classify_enable_learning: '0',
    // Our crops carry no useful resolution; a fixed one also silences "Estimating resolution".
    user_defined_dpi: '300',
    // Tesseract's own diagnostics ("Detected N diacritics") would go to stderr.
    debug_file: '/dev/null',
  });
  let mode: 'block' | 'auto' | null = null;
  let terminated = false;

  /** Runs one call against the worker, failing at once if its thread dies meanwhile. */
  async function guarded<T>(call: (died: Promise<never>) => Promise<T>): Promise<T> {
    if (failure) throw failure;
    const died = new Promise<never>((_, reject) => {
      onFailure = reject;
    });
    died.catch(() => {});
    try {
      return await call(died);
    } finally {
      onFailure = null;
    }
  }
  async function setMode(wanted: 'block' | 'auto', died: Promise<never>) {
    if (mode === wanted) return;
    await Promise.race([
      worker.setParameters({
        tessedit_pageseg_mode: wanted === 'block' ? PSM.SINGLE_BLOCK : PSM.AUTO,
      }),
      died,
    ]);
    mode = wanted;
  }

  return {
    get alive() {
      return !failure && !terminated;
    },
    async layout(png) {
      const data = await guarded(async (died) => {
        await setMode('auto', died);
        const output = { text: false, blocks: false, layoutBlocks: true };
        return (await Promise.race([worker.recognize(png, {}, output), died])).data;
      });
      const lines: LayoutLine[] = [];
      for (const block of (data as { layoutBlocks?: Block[] | null }).layoutBlocks ?? []) {
        for (const paragraph of block.paragraphs ?? []) {
          for (const line of paragraph.lines ?? []) lines.push({ ...line.bbox });
        }
      }
      return lines;
    },
    async recognize(png, wanted = 'block') {
      return guarded(async (died) => {
        await setMode(wanted, died);
        const { data } = await Promise.race([
          worker.recognize(png, {}, { text: true, blocks: true }),
          died,
        ]);
        const lines: OcrLine[] = [];
        for (const block of data.blocks ?? []) {
          for (const paragraph of block.paragraphs) {
            for (const line of paragraph.lines) {
              const { x0, y0, x1, y1 } = line.baseline;
              const width = x1 - x0;
              if (width > 0)
                lines.push({
                  text: line.text,
                  angle: (Math.atan2(y1 - y0, width) * 180) / Math.PI,
                  width,
                });
            }
          }
        }
        return { text: data.text, lines };
      });
    },
    async terminate() {
      if (terminated) return;
      terminated = true;
      await worker
        .terminate()
        .catch((error: unknown) => log.warn({ err: error }, 'tesseract terminate failed'));
    },
  };
}
