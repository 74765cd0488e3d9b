/**
 * Settling the glyphs of a document number that a check digit cannot (decision 078): O or 0,
 * B or 8, S or 5, Z or 2, I or 1, G or 6, D or 0. The ICAO mod-10 digit passes many of these
 * swaps either way, and the recognizer, trained on other fonts, often prefers the wrong one. The
 * same document prints the same glyphs elsewhere in the same font, size, blur and lighting: the
 * letters of the names and state codes (positions that must be letters) and the digits of the
 * dates and check digits (positions that must be digits). Each ambiguous glyph of the number is
 * compared, by normalised cross-correlation over small shifts, with the document's own glyphs of
 * each option; an option wins only by a clear margin, and only if the number then still passes
 * its check digit. No margin, no reference glyph of both options, or a failing check digit: the
 * number stays as read. A glyph changed here is a changed position (never confirmed, 053).
 * Pure: the image and the recognizer's readings in, characters out.
 */
import { mrzCheckDigit } from '@hospes/shared/mrz';
import type { GreyImage } from './image';
import { sampleBox, type ReadChar, type TextBox } from './paddle';

/** Characters an OCR takes for one another in OCR-B, letters and digits together. */
export const AMBIGUOUS_GROUPS = ['0ODQ', '8B', '5S', '2Z', '1I', '6G'] as const;

/** Samples per character pitch; a cell is 1.5 pitches wide and 2 tall (the glyph and margin). */
const UNIT = 16;
export const CELL_W = 24;
export const CELL_H = 32;
/** The window compared: the glyph's middle, 0.875 × 1.375 pitches. */
const WIN_W = 14;
const WIN_H = 22;
/** How far the window may move (samples): the places along a line are known to ±¼ pitch. */
const SHIFT_X = 4;
const SHIFT_Y = 5;
/**
 * How much better the winning option must match than the one read (correlation, 0–1), and how
 * well it must match at least: on the tuning photos every right change matched at 0.85 or more
 * and led by 0.1 or more, every wrong one (a blurred or tiny line) matched below 0.7; a clean
 * print of O and 0 in a font that tells them apart better than OCR-B differs by about 0.07.
 */
export const GLYPH_MARGIN = 0.05;
export const GLYPH_MIN_MATCH = 0.8;
/** Reference glyphs of one character used at most (the best-placed first). */
const MAX_REFERENCES = 6;

/**
 * The place of each position along a line (reading order, pixels from the box's centre), from the
 * places the recognizer gave the characters it read: an MRZ is monospaced, so a straight line
 * through them (least squares) places every position, those read badly included. Null when too
 * few characters carry a place.
 */
export function linePlaces(
  chars: readonly ReadChar[],
): { at: (k: number) => number; pitch: number } | null {
  const points = chars.flatMap((c, k) => (c.r !== undefined && c.p > 0 ? [[k, c.r] as const] : []));
  if (points.length < 6) return null;
  const n = points.length;
  const mk = points.reduce((s, [k]) => s + k, 0) / n;
  const mr = points.reduce((s, [, r]) => s + r, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const [k, r] of points) {
    sxx += (k - mk) * (k - mk);
    sxy += (k - mk) * (r - mr);
  }
  if (sxx === 0) return null;
  const pitch = sxy / sxx;
  if (!(pitch > 0)) return null;
  return { at: (k) => mr + (k - mk) * pitch, pitch };
}

/**
 * The characters of a reading that stand at the same positions as the checked line's text: all
 * of them when the reading has the line's length, else those before the first place where one
 * has a filler and the other not (a line fitted to its length was padded or cut after there).
 */
export function alignedChars(chars: readonly ReadChar[], text: string): readonly ReadChar[] {
  if (chars.length === text.length) return chars;
  let k = 0;
  while (k < chars.length && k < text.length && (chars[k]!.char === '<') === (text[k] === '<')) k++;
  return chars.slice(0, k);
}

/**
 * The cell around the character at place `r` along `box` (read in the reading direction): an
 * upright CELL_W × CELL_H grid at UNIT samples per pitch, whatever the line's angle or direction.
 */
export function glyphCell(
  image: GreyImage,
  box: TextBox,
  flip: boolean,
  r: number,
  pitch: number,
): Float32Array {
  const u = r * (flip ? -1 : 1);
  const cell: TextBox = {
    ...box,
    cx: box.cx + u * Math.cos(box.angle),
    cy: box.cy + u * Math.sin(box.angle),
    length: (CELL_W / UNIT) * pitch,
    height: (CELL_H / UNIT) * pitch,
  };
  return Float32Array.from(sampleBox(image, cell, flip, CELL_W, CELL_H));
}

/** The window of `cell` at offset (dx, dy) from its centre, mean 0 and norm 1 (null if flat). */
function window(cell: Float32Array, dx: number, dy: number): Float32Array | null {
  const x0 = (CELL_W - WIN_W) / 2 + dx;
  const y0 = (CELL_H - WIN_H) / 2 + dy;
  const out = new Float32Array(WIN_W * WIN_H);
  let sum = 0;
  for (let y = 0; y < WIN_H; y++)
    for (let x = 0; x < WIN_W; x++) {
      const v = cell[(y0 + y) * CELL_W + x0 + x] ?? 0;
      out[y * WIN_W + x] = v;
      sum += v;
    }
  const mean = sum / out.length;
  let norm = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] = out[i]! - mean;
    norm += out[i]! * out[i]!;
  }
  if (norm < 1e-6) return null;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * scale;
  return out;
}

/**
 * How alike two cells are: the highest normalised cross-correlation of the reference's middle
 * window with `cell`'s window moved by up to SHIFT_X × SHIFT_Y samples (−1 to 1).
 */
export function similarity(reference: Float32Array, cell: Float32Array): number {
  const ref = window(reference, 0, 0);
  if (!ref) return -1;
  let best = -1;
  for (let dy = -SHIFT_Y; dy <= SHIFT_Y; dy++)
    for (let dx = -SHIFT_X; dx <= SHIFT_X; dx++) {
      const w = window(cell, dx, dy);
      if (!w) continue;
      let dot = 0;
      for (let i = 0; i < w.length; i++) dot += w[i]! * ref[i]!;
      if (dot > best) best = dot;
    }
  return best;
}

/** One MRZ line as chosen: its box, its characters (with their places) and what they say. */
export interface GlyphLine {
  box: TextBox;
  chars: readonly ReadChar[];
  /** The line's text after the position classes (what the checks passed on). */
  text: string;
  /** The format's position classes for this line: A letter, N digit, X either, S sex. */
  classes: string;
}

export interface NumberField {
  line: number;
  /** First position of the nine-character number, and of its check digit. */
  start: number;
  check: number;
  /** Per position of the number, the characters its state's shape allows (null: any). */
  allowed?: ReadonlyArray<string> | null;
}

export interface GlyphDecision {
  position: number;
  read: string;
  /** The option chosen ('' when nothing decided), and each option's best correlation. */
  chosen: string;
  scores: Record<string, number>;
}

/**
 * The document number with its ambiguous glyphs settled by the document's own glyphs: the new
 * text of the number's line and the positions changed, or null when nothing changes (no evidence,
 * or the settled number fails its check digit). `decisions` says what was compared (for tests
 * and traces).
 */
export function settleNumberGlyphs(
  image: GreyImage,
  flip: boolean,
  lines: readonly GlyphLine[],
  field: NumberField,
  decisions: GlyphDecision[] = [],
): { text: string; changed: number[] } | null {
  const places = lines.map((l) => linePlaces(alignedChars(l.chars, l.text)));
  const target = lines[field.line];
  const targetPlaces = places[field.line];
  if (!target || !targetPlaces) return null;
  if (alignedChars(target.chars, target.text).length < field.check + 1) return null;
  const ambiguous = new Set<string>(AMBIGUOUS_GROUPS.join(''));
  // The document's own glyphs: a letter where only a letter may stand, a digit where only a
  // digit may, each as the recognizer read it (its top choice, at the place the line's fit puts
  // that position: a character lost or added before it would misplace it).
  const references = new Map<string, Array<{ cell: Float32Array; p: number }>>();
  lines.forEach((line, i) => {
    const where = places[i];
    if (!where) return;
    const chars = alignedChars(line.chars, line.text);
    chars.forEach((read, k) => {
      const c = line.text[k]!;
      const kind = line.classes[k];
      if (!ambiguous.has(c) || read.char !== c || read.p === 0 || read.r === undefined) return;
      if (Math.abs(read.r - where.at(k)) > 0.5 * where.pitch) return;
      const isDigit = c >= '0' && c <= '9';
      if (!((kind === 'A' && !isDigit) || (kind === 'N' && isDigit))) return;
      if (i === field.line && k >= field.start && k <= field.check) return;
      const list = references.get(c) ?? [];
      list.push({ cell: glyphCell(image, line.box, flip, where.at(k), where.pitch), p: read.p });
      references.set(c, list);
    });
  });
  for (const [c, list] of references)
    references.set(c, list.sort((a, b) => b.p - a.p).slice(0, MAX_REFERENCES));

  const number = [...target.text.slice(field.start, field.start + 9)];
  const changed: number[] = [];
  const compare = (cell: Float32Array, options: string[]) => {
    const scores: Record<string, number> = {};
    for (const o of options) {
      const refs = references.get(o);
      if (refs?.length) scores[o] = Math.max(...refs.map((ref) => similarity(ref.cell, cell)));
    }
    return scores;
  };
  for (let i = 0; i < 9; i++) {
    const read = number[i]!;
    const position = field.start + i;
    const allowed = field.allowed?.[i];
    const group = AMBIGUOUS_GROUPS.find((g) => g.includes(read)) ?? read;
    const options = [...group].filter((o) => !allowed || allowed.includes(o));
    const cell = () =>
      glyphCell(image, target.box, flip, targetPlaces.at(position), targetPlaces.pitch);
    let chosen = '';
    let scores: Record<string, number> = {};
    if (allowed && !allowed.includes(read)) {
      // The state's shape rules the character read out: the option its glyph matches best, or
      // the only one, or the recognizer's own second choice of the allowed kind.
      if (options.length > 1) {
        scores = compare(cell(), options);
        const [best, second] = Object.entries(scores).sort((a, b) => b[1] - a[1]);
        if (best && best[1] >= GLYPH_MIN_MATCH && (!second || best[1] - second[1] >= GLYPH_MARGIN))
          chosen = best[0];
      } else if (options.length === 1) chosen = options[0]!;
      if (!chosen) {
        const c = target.chars[position];
        const second = [c?.letter.char, c?.digit.char].find((o) => o && allowed.includes(o));
        chosen = second ?? '';
      }
    } else if (options.length >= 2) {
      scores = compare(cell(), options);
      const readScore = scores[read];
      if (readScore !== undefined) {
        const [best, bestScore] = Object.entries(scores).sort((a, b) => b[1] - a[1])[0]!;
        if (best === read) chosen = read;
        else if (bestScore >= GLYPH_MIN_MATCH && bestScore - readScore >= GLYPH_MARGIN)
          chosen = best;
      }
    } else continue;
    decisions.push({ position, read, chosen, scores });
    if (chosen && chosen !== read) {
      number[i] = chosen;
      changed.push(position);
    }
  }
  if (changed.length === 0) return null;
  const value = number.join('');
  if (mrzCheckDigit(value) !== target.text[field.check]) return null;
  return {
    text: target.text.slice(0, field.start) + value + target.text.slice(field.start + 9),
    changed,
  };
}
