/**
 * Settling a document number's O/0, B/8… by the document's own glyphs (decision 078), on MRZ
 * lines drawn here in a monospaced font (deterministic; no model, no photo).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mrzCheckDigit } from '@hospes/shared/mrz';
import { decodeGrey, rotateGrey, type GreyImage } from './image';
import {
  alignedChars,
  linePlaces,
  settleNumberGlyphs,
  type GlyphDecision,
  type GlyphLine,
} from './glyphs';
import { CLASSES, findMrz } from './mrz-text';
import type { ReadChar, TextBox } from './paddle';

const PITCH = 20;
const LEFT = 30;
const BASELINES = [60, 110];
const FONT_SIZE = 30;

/** Two TD3 lines drawn character by character, PITCH apart, dark on light. */
async function draw(lines: string[]): Promise<GreyImage> {
  const width = LEFT * 2 + 44 * PITCH;
  const height = 140;
  const text = lines
    .flatMap((line, i) =>
      [...line].map(
        (c, k) =>
          `<text x="${LEFT + k * PITCH + PITCH / 2}" y="${BASELINES[i]}" text-anchor="middle" font-family="DejaVu Sans Mono" font-size="${FONT_SIZE}" fill="#202020">${c === '<' ? '&lt;' : c}</text>`,
      ),
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e8e4da"/>${text}</svg>`;
  const png = await sharp(Buffer.from(svg)).blur(0.6).png().toBuffer();
  return decodeGrey(png);
}

/** The box of line `i` as the detector would give it, and the recognizer's reading of `read`. */
function reading(read: string, i: number, width: number): { box: TextBox; chars: ReadChar[] } {
  const box: TextBox = {
    cx: width / 2,
    cy: BASELINES[i]! - FONT_SIZE * 0.36,
    length: 44 * PITCH,
    height: 34,
    angle: 0,
    score: 0.9,
  };
  const chars = [...read].map((c, k) => ({
    char: c,
    p: 0.9,
    letter: { char: 'O', p: 0.05 },
    digit: { char: '0', p: 0.05 },
    filler: c === '<' ? 0.9 : 0,
    at: k * 6,
    // The recognizer's places are coarse: ± a fifth of a pitch.
    r: -box.length / 2 + (k + 0.5) * PITCH + ((k * 7) % 9) - 4,
  }));
  return { box, chars };
}

const name = 'P<UTOBODO<<DOROTHEA<OSBORNE<<<<<<<<<<<<<<<<<';
/** A number with O at positions 1 and 3 (weights 3 and 7): read as 0 there, it passes as well. */
const number = 'LOSOZ2B81';
const line2 = (n: string, state = 'UTO') => {
  const body = `${n}${mrzCheckDigit(n)}${state}8008085F3010205<<<<<<<<<<<<<<`;
  const composite = mrzCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return body + '0' + composite;
};

function lines(image: GreyImage, read: string[]): GlyphLine[] {
  return read.map((text, i) => ({
    ...reading(text, i, image.width),
    text,
    classes: CLASSES.TD3[i]!,
  }));
}

describe('a document number’s ambiguous glyphs, settled by the document’s own', () => {
  it('the truth passes its check digit, and so does the number read with 0 for O', () => {
    const misread = number.replace(/O/g, '0');
    expect(mrzCheckDigit(misread)).toBe(mrzCheckDigit(number));
    expect(findMrz([name, line2(misread)].join('\n'))?.parsed.checks.documentNumber).toBe(true);
    expect(findMrz([name, line2(number)].join('\n'))?.parsed.checks.documentNumber).toBe(true);
  });

  it('reads O where the glyph matches the names’ O, not the dates’ 0, and marks it changed', async () => {
    const truth = [name, line2(number)];
    const image = await draw(truth);
    const read = [name, line2(number.replace(/O/g, '0'))];
    const decisions: GlyphDecision[] = [];
    const settled = settleNumberGlyphs(
      image,
      false,
      lines(image, read),
      { line: 1, start: 0, check: 9 },
      decisions,
    );
    expect(settled).toEqual({ text: truth[1], changed: [1, 3] });
    // S/5, 2, B/8 were compared too, and kept as read; the Z, with no Z elsewhere, undecided.
    const kept = decisions.filter((d) => d.chosen === d.read).map((d) => d.position);
    expect(kept).toEqual([2, 5, 6, 7, 8]);
    expect(decisions.find((d) => d.position === 4)?.chosen).toBe('');
  });

  it('reads the same upside down (the line read the other way along its box)', async () => {
    const truth = [name, line2(number)];
    const image = await rotateGrey(await draw(truth), 180);
    const read = [name, line2(number.replace(/O/g, '0'))];
    const turned = lines(image, read).map((l) => ({
      ...l,
      box: { ...l.box, cx: image.width - l.box.cx, cy: image.height - l.box.cy },
    }));
    expect(settleNumberGlyphs(image, true, turned, { line: 1, start: 0, check: 9 })).toEqual({
      text: truth[1],
      changed: [1, 3],
    });
  });

  it('changes nothing the glyphs agree with', async () => {
    const truth = [name, line2(number)];
    const image = await draw(truth);
    expect(
      settleNumberGlyphs(image, false, lines(image, truth), { line: 1, start: 0, check: 9 }),
    ).toBeNull();
  });

  it('keeps the reading when the document shows no O to compare with', async () => {
    const plain = 'P<ZAFKENT<<MARY<ANN<<<<<<<<<<<<<<<<<<<<<<<<<';
    const image = await draw([plain, line2(number, 'ZAF')]);
    const read = [plain, line2(number.replace(/O/g, '0'), 'ZAF')];
    const decisions: GlyphDecision[] = [];
    expect(
      settleNumberGlyphs(
        image,
        false,
        lines(image, read),
        { line: 1, start: 0, check: 9 },
        decisions,
      ),
    ).toBeNull();
    // Only the dates' 0 to compare with: no O, so no reason to leave the reading.
    expect(Object.keys(decisions.find((d) => d.position === 1)!.scores)).not.toContain('O');
  });

  it('keeps the reading when what the glyphs say fails the check digit', async () => {
    // The check digit itself misread: the glyphs are right, the number no longer passes.
    const truth = [name, line2(number)];
    const image = await draw(truth);
    const misread = line2(number.replace(/O/g, '0'));
    const digit = String((Number(misread[9]) + 1) % 10);
    const read = [name, misread.slice(0, 9) + digit + misread.slice(10)];
    expect(
      settleNumberGlyphs(image, false, lines(image, read), { line: 1, start: 0, check: 9 }),
    ).toBeNull();
  });

  it('follows the issuing state’s shape where it rules a character out', async () => {
    // Italian passport: two letters and seven digits; `8` read in a letter's place is a B.
    const ita = 'P<ITABODONI<<DORA<<<<<<<<<<<<<<<<<<<<<<<<<<<';
    const n = 'YB1234567';
    const truth = [ita, line2(n).replace('UTO', 'ITA')];
    const image = await draw(truth);
    const read = [ita, 'Y8' + truth[1]!.slice(2)];
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const allowed = [letters, letters, ...Array<string>(7).fill('0123456789')];
    expect(
      settleNumberGlyphs(image, false, lines(image, read), {
        line: 1,
        start: 0,
        check: 9,
        allowed,
      }),
    ).toEqual({ text: truth[1], changed: [1] });
  });
});

describe('the places of a line’s characters', () => {
  it('fit a straight line through the recognizer’s places, whatever was lost or padded', () => {
    const { chars } = reading(name, 0, 940);
    const fit = linePlaces(chars)!;
    expect(fit.pitch).toBeCloseTo(PITCH, 0);
    expect(Math.abs(fit.at(0) - (-440 + PITCH / 2))).toBeLessThan(4);
    // A line fitted to its length: only the characters before the first filler mismatch count.
    expect(alignedChars(chars.slice(0, 40), name.slice(0, 38) + '<<<<<<')).toHaveLength(40);
    // A letter added at position 8: the fillers after it no longer line up.
    expect(alignedChars(chars.slice(0, 40), name.slice(0, 8) + 'X' + name.slice(8))).toHaveLength(
      9,
    );
  });
});
