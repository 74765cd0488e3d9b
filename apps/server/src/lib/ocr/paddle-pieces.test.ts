/**
 * Reading an MRZ line in overlapping pieces (decision 076): the joint of two pieces' readings,
 * fillers the recognizer dropped put back from the characters' places, and the slant of a photo
 * from the detector's lines. Pure: no model is loaded.
 */
import { describe, expect, it } from 'vitest';
import { CLASSES } from './mrz-text';
import type { ReadChar, TextBox } from './paddle';
import type { GreyImage } from './image';
import type { LineRead, PaddleEngine } from './paddle';
import {
  applyPositionClasses,
  dominantAngle,
  joinPieces,
  readInPieces,
  restoreFillers,
} from './paddle-mrz';

const char = (c: string, at = 0): ReadChar => ({
  char: c,
  p: 0.9,
  letter: { char: /[A-Z]/.test(c) ? c : 'O', p: 0.05 },
  digit: { char: /\d/.test(c) ? c : '0', p: 0.05 },
  filler: c === '<' ? 0.9 : 0,
  at,
});
/** Characters of `text` placed `pitch` apart from `start`, skipping the indices in `drop`. */
const placed = (text: string, start: number, pitch: number, drop: number[] = []) =>
  [...text]
    .map((c, i) => ({ char: char(c, i), r: start + i * pitch }))
    .filter((_, i) => !drop.includes(i));
const text = (list: Array<{ char: ReadChar }>) => list.map((p) => p.char.char).join('');

describe('joining two pieces of a line', () => {
  const line = 'P<TURVAN<DOORN<<SIOBHAN<GIULIA<<<<<<<<<<<<<<';
  it('continues with the second piece from the character both read at the joint', () => {
    // Piece one: characters 0–25, piece two: 19–43, on a 10 px pitch; the second piece's places
    // are off by 3 px (the recognizer's time steps are coarse).
    const a = placed(line.slice(0, 26), 0, 10);
    const b = placed(line.slice(19), 193, 10);
    expect(text(joinPieces(a, b, 225, 10))).toBe(line);
  });

  it('takes the joint where the readings agree, not a character read twice or lost', () => {
    // The second piece read one character the first did not see: places alone are ambiguous.
    const a = placed(line.slice(0, 26), 0, 10);
    const b = placed(line.slice(19), 196, 10);
    const joined = text(joinPieces(a, b, 225, 10));
    expect(joined).toHaveLength(44);
    expect(joined).toBe(line);
  });
});

describe('fillers the recognizer dropped', () => {
  it('go back where two characters inside a run of fillers stand two pitches apart', () => {
    const line = 'VCESPGARCIA<MUNOZ<<IGOR<<<<<<<<<<<<<';
    // A filler inside the closing run (index 27) was not read.
    const out = restoreFillers(placed(line, 0, 10, [27]), 36);
    expect(out.map((c) => c.char).join('')).toBe(line);
    // The restored one has p = 0: its position counts as changed.
    const { text: chosen, changed } = applyPositionClasses(
      { text: line, chars: out, confidence: 0.9, steps: 0 },
      CLASSES.MRV_B[0]!,
    );
    expect(chosen).toBe(line);
    expect([...changed]).toEqual([27]);
    // Beside a letter, the lost character may be a letter: nothing is put back.
    expect(restoreFillers(placed(line, 0, 10, [18]), 36)).toHaveLength(35);
  });

  it('complete a short line ending in fillers, at most two', () => {
    const line = 'ZQU8359017ESP5311068M2703121<<<<<<<<';
    const short = placed(line.slice(0, 35), 0, 10);
    expect(
      restoreFillers(short, 36)
        .map((c) => c.char)
        .join(''),
    ).toBe(line);
    const shorter = placed(line.slice(0, 33), 0, 10);
    expect(restoreFillers(shorter, 36)).toHaveLength(33);
  });

  it('leave a line of the right length, and a gap between letters, alone', () => {
    const line = 'WOZNIAK<<HOWARD<<<<<<<<<<<<<<';
    expect(restoreFillers(placed(line, 0, 10), 29)).toHaveLength(29);
    // A letter lost between two letters is not a filler.
    expect(
      restoreFillers(placed(line, 0, 10, [2]), 29)
        .map((c) => c.char)
        .join(''),
    ).toBe('WONIAK<<HOWARD<<<<<<<<<<<<<<');
  });
});

describe('the slant of the text in a photo', () => {
  const box = (length: number, height: number, degrees: number): TextBox => ({
    cx: 0,
    cy: 0,
    length,
    height,
    angle: (degrees * Math.PI) / 180,
    score: 0.9,
  });
  it('is the direction most of the line length runs in', () => {
    const angle = dominantAngle([
      box(400, 40, 57),
      box(380, 38, 56),
      box(420, 40, 58),
      box(300, 30, -2),
      box(60, 40, 10),
    ]);
    expect(angle).toBeGreaterThan(56);
    expect(angle).toBeLessThan(58);
    // Upside down is the same direction.
    expect(dominantAngle([box(400, 40, 180 - 3), box(400, 40, -3)])).toBeCloseTo(-3, 5);
    expect(dominantAngle([box(40, 40, 30)])).toBeNull();
  });
});

describe('a line read whole and in pieces', () => {
  const truth = 'LS9ODQIOB2TUR7001039F3011272C55VDVH64<<<<<26';
  const pitch = 10;
  const length = 440;
  const place = (i: number) => -length / 2 + (i + 0.5) * pitch;
  /** A reading of the characters between `from` and `to` (px), one time step per pixel. */
  const reading = (text: string, from: number, to: number): LineRead => {
    const chars = [...text]
      .map((c, i) => ({ c, r: place(i) }))
      .filter(({ r }) => r >= from && r < to)
      .map(({ c, r }) => char(c, Math.round(r - from) - 1));
    return {
      text: chars.map((c) => c.char).join(''),
      chars,
      confidence: 0.9,
      steps: Math.round(to - from),
    };
  };
  // The whole line reads O as 0 in its first half; the first piece reads it right; the second
  // piece reads its fillers as 4.
  const wholeText = 'LS90DQI0B2TUR7001039F3011272C55VDVH64<<<<<26';
  const engine: PaddleEngine = {
    detect: () => Promise.resolve([]),
    recognize: (_image, box) =>
      Promise.resolve(
        box.cx < 0
          ? reading(truth, box.cx - box.length / 2, box.cx + box.length / 2)
          : reading(truth.replace(/</g, '4'), box.cx - box.length / 2, box.cx + box.length / 2),
      ),
    release: () => Promise.resolve(),
  };
  const image: GreyImage = { data: Buffer.alloc(1), width: 1, height: 1 };
  const box: TextBox = { cx: 0, cy: 0, length, height: 20, angle: 0, score: 0.9 };

  it('offers the first piece joined with the rest of the whole line', async () => {
    const whole = reading(wholeText, -length / 2, length / 2);
    const mixes = await readInPieces(engine, image, box, whole, false, 44, 2, false);
    const texts = mixes.map((m) => m.text);
    expect(texts).toContain(truth);
    // The pieces alone, fillers read as 4, are one candidate among them; the whole line is not
    // repeated.
    expect(texts).not.toContain(wholeText);
    expect(texts.every((t) => t.length === 44)).toBe(true);
  });
});
