import { MRZ_SHAPES, parseMrz, type ParsedMrz } from '@hospes/shared/mrz';

/**
 * A document's MRZ typed by a USB reader (it acts as a keyboard: two or three lines of 30 to 44
 * characters in a few hundred milliseconds, each ended by Enter) or pasted: recognised here, so the
 * desk fills the form as a scan does (decision 055).
 */

/** The lengths of an MRZ line, longest first (TD3 44, TD2 and the French card 36, TD1 30). */
const LINE_LENGTHS = [...new Set(Object.values(MRZ_SHAPES).map((shape) => shape.length))].sort(
  (a, b) => b - a,
);

/** The MRZ's shapes as one run of characters without breaks (TD3 88, TD1 90, TD2 72). */
const RUNS = Object.values(MRZ_SHAPES).map(({ lines, length }) => ({ lines, length }));

const MRZ_CHARACTER = /^[A-Za-z0-9<]$/;

/**
 * The MRZ in `text` (lines broken by line breaks, or one run of the whole zone without breaks, as
 * a reader may type it into a one-line field), or null. Only a zone of a known shape with at least
 * one filler `<` counts: an address or a note never has that shape.
 */
export function mrzFromText(text: string): ParsedMrz | null {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[ \t]+/g, ''))
    .filter(Boolean);
  if (!lines.join('').includes('<')) return null;
  const parsed = lines.length > 1 ? parseMrz(lines) : null;
  if (parsed) return parsed;
  const [run = ''] = lines;
  if (lines.length !== 1) return null;
  for (const shape of RUNS) {
    if (run.length !== shape.lines * shape.length) continue;
    const split = Array.from({ length: shape.lines }, (_, i) =>
      run.slice(i * shape.length, (i + 1) * shape.length),
    );
    const found = parseMrz(split);
    if (found) return found;
  }
  return null;
}

/** What the detector makes of one key press. */
export interface MrzKeyVerdict {
  /** Keep the key from the page (an Enter that ends an MRZ line would send the form). */
  swallow: boolean;
  /** The MRZ once its last line is complete. */
  mrz?: ParsedMrz;
}

/**
 * Longest pause between two keys of a reader. Readers type a character every 2 to 30 ms; a person
 * types far slower than one key in 50 ms for 30 keys on end.
 */
export const MRZ_KEY_GAP_MS = 50;

/**
 * Follows the keys typed on a page (`key` of each keydown, with its time) and tells when they were
 * an MRZ typed by a reader: a fast run of MRZ characters whose lines, each ended by Enter (or by
 * its length when the reader sends no Enter), make a zone of a known shape. The Enter that ends a
 * line of such a run is swallowed, so the form is not sent half filled; the last one too.
 The characters of the run went into the focused field meanwhile: `running` tells the page when a
 * key starts a new run, so it can keep the field's value from before and put it back.
 */
export function createMrzKeyDetector({ maxGapMs = MRZ_KEY_GAP_MS } = {}) {
  let lines: string[] = [];
  let current = '';
  let last = -Infinity;
  let typed = 0;
  // The moment an MRZ was found without its final Enter: that Enter follows, and is swallowed.
  let foundAt = -Infinity;

  const reset = () => {
    lines = [];
    current = '';
    typed = 0;
  };

  const complete = (candidate: string[]): ParsedMrz | null =>
    candidate.join('').includes('<') ? parseMrz(candidate) : null;

  return {
    /** Whether a run is under way (the next key may belong to it). */
    running: (time: number) => typed > 0 && time - last <= maxGapMs,
    reset,
    key(key: string, time: number): MrzKeyVerdict {
      const fast = time - last <= maxGapMs;
      last = time;
      if (!fast) reset();
      if (key === 'Enter') {
        if (fast && time - foundAt <= maxGapMs * 2 && typed === 0) {
          foundAt = -Infinity;
          return { swallow: true };
        }
        if (!fast || !LINE_LENGTHS.includes(current.length)) {
          // A whole zone typed as one run and then Enter.
          const run = lines.length === 0 && fast ? mrzFromText(current) : null;
          reset();
          return run ? { swallow: true, mrz: run } : { swallow: false };
        }
        lines.push(current);
        current = '';
        const mrz = complete(lines);
        if (mrz) {
          reset();
          return { swallow: true, mrz };
        }
        if (lines.length >= 3) {
          reset();
          return { swallow: false };
        }
        return { swallow: true };
      }
      if (key.length !== 1 || !MRZ_CHARACTER.test(key)) {
        // Anything else (a space, a Tab, a modifier, an accented letter) ends a run.
        if (key.length === 1 || key === 'Tab') reset();
        return { swallow: false };
      }
      current += key.toUpperCase();
      typed += 1;
      // A reader that sends no Enter: the zone is complete with its last line's last character.
      const mrz =
        lines.length > 0 && LINE_LENGTHS.includes(current.length)
          ? complete([...lines, current])
          : null;
      if (mrz) {
        reset();
        foundAt = time;
        // Its last character is not typed into the field either.
        return { swallow: true, mrz };
      }
      return { swallow: false };
    },
  };
}

export type MrzKeyDetector = ReturnType<typeof createMrzKeyDetector>;
