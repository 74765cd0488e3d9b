/**
 * From raw OCR text to a checked MRZ: find lines of MRZ shape, repair the usual OCR confusions by
 * the character class of each position (ICAO 9303: numeric, alphabetic or either), parse, and
 * score by check digits. Pure; no tesseract here.
 *
 * Alphanumeric fields (document numbers, optional data) are never "repaired" to satisfy a check
 * digit: the mod-10 check is ambiguous (feasibility §2, finding 6). Only the class of a position
 * decides, and the variant loop in `reader.ts` retries the image instead.
 */
import {
  isKnownMrzState,
  MRZ_SHAPES,
  mrzDate,
  parseMrz,
  spanishIdNumber,
  type MrzFormat,
  type ParsedMrz,
} from '@hospes/shared/mrz';

/** A alphabetic (or `<`), N numeric (or `<`), X either, S sex. */
const rep = (c: string, n: number) => c.repeat(n);
export const CLASSES: Record<MrzFormat, string[]> = {
  TD1: [
    rep('A', 5) + rep('X', 9) + 'N' + rep('X', 15),
    rep('N', 7) + 'S' + rep('N', 7) + rep('A', 3) + rep('X', 11) + 'N',
    rep('A', 30),
  ],
  TD2: [
    rep('A', 36),
    rep('X', 9) + 'N' + rep('A', 3) + rep('N', 7) + 'S' + rep('N', 7) + rep('X', 7) + 'N',
  ],
  TD3: [
    rep('A', 44),
    rep('X', 9) + 'N' + rep('A', 3) + rep('N', 7) + 'S' + rep('N', 7) + rep('X', 14) + 'NN',
  ],
  FRENCH_NATIONAL_ID: [
    rep('A', 30) + rep('X', 6),
    rep('N', 4) + rep('X', 3) + rep('N', 6) + rep('A', 14) + rep('N', 7) + 'S' + 'N',
  ],
  MRV_A: [
    rep('A', 44),
    rep('X', 9) + 'N' + rep('A', 3) + rep('N', 7) + 'S' + rep('N', 7) + rep('X', 16),
  ],
  MRV_B: [
    rep('A', 36),
    rep('X', 9) + 'N' + rep('A', 3) + rep('N', 7) + 'S' + rep('N', 7) + rep('X', 8),
  ],
};

const TO_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  Z: '2',
  A: '4',
  S: '5',
  G: '6',
  T: '7',
  B: '8',
};
const TO_LETTER: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '4': 'A',
  '5': 'S',
  '6': 'G',
  '7': 'T',
  '8': 'B',
};

function applyClasses(line: string, classes: string): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    const k = classes[i];
    if (k === 'N') out += TO_DIGIT[c] ?? c;
    else if (k === 'A') out += TO_LETTER[c] ?? c;
    else out += c;
  }
  return out;
}

/**
 * Position-class repair for a whole MRZ. A Spanish TD1 card also gets the shape of its DNI/NIE
 * number (8 digits + letter, or X/Y/Z + 7 digits + letter) in the optional data of line 1.
 */
export function repairMrz(lines: string[], format: MrzFormat): string[] {
  const classes = CLASSES[format];
  const fixed = lines.map((l, i) => applyClasses(l, classes[i] ?? ''));
  if (format === 'TD1' && fixed[0]!.slice(2, 5) === 'ESP') {
    const l1 = fixed[0]!;
    const nie = 'XYZ'.includes(l1[15]!);
    const shape = (nie ? 'A' + rep('N', 7) : rep('N', 8)) + 'A';
    if (/^[A-Z0-9]{9}/.test(l1.slice(15, 24))) {
      fixed[0] = l1.slice(0, 15) + applyClasses(l1.slice(15, 24), shape) + l1.slice(24);
    }
  }
  return fixed;
}

/** Upper-cased OCR lines with anything outside the MRZ alphabet (spaces included) removed. */
export function cleanLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.toUpperCase().replace(/[^A-Z0-9<]/g, ''))
    .filter((l) => l.length >= 10);
}

/**
 * Ways to bring a line read with a few characters too many or too few to the format's length.
 * Fillers are where OCR most often miscounts, so the longest run of `<` absorbs the difference;
 * the end of the line is the other guess.
 */
export function fitLength(line: string, length: number): string[] {
  const diff = length - line.length;
  if (diff === 0) return [line];
  const out = new Set<string>();
  const runs = [...line.matchAll(/<{2,}/g)].sort((a, b) => b[0].length - a[0].length);
  const longest = runs[0];
  if (diff > 0) {
    out.add(line + '<'.repeat(diff));
    if (longest)
      out.add(line.slice(0, longest.index) + '<'.repeat(diff) + line.slice(longest.index));
  } else {
    const extra = -diff;
    if (line.endsWith('<'.repeat(extra))) out.add(line.slice(0, length));
    if (longest && longest[0].length > extra) {
      out.add(line.slice(0, longest.index) + line.slice(longest.index! + extra));
    }
    out.add(line.slice(0, length));
  }
  return [...out].filter((l) => l.length === length);
}

export interface MrzRead {
  parsed: ParsedMrz;
  /**
   * Per line, the positions whose character is not the one the OCR read: repaired by position
   * class, swapped O/0, or (a line cut or padded to length) every position of the line. A field
   * with such a position is never confirmed (mrzToTraveler's evidence).
   */
  changed: Array<Set<number>>;
  /** Check digits right, out of those the format has (plus the DNI/NIE letter on Spanish cards). */
  score: number;
  total: number;
  /**
   * Some line was read with the wrong length and cut or padded to fit. Names carry no check
   * digit, and a fit can hide a misread (M read as IVI, two fillers dropped to compensate).
   */
  fitted: boolean;
  /** Every check passes and no line needed fitting: accept without trying more image variants. */
  accepted: boolean;
  /** What a second, independent reading (the other engine) agreed on (reader.ts). */
  agreement?: { documentNumber: boolean; mrz: boolean };
}

/**
 * Check digits first; then what no check digit covers but a wrong read often breaks: the state
 * codes must exist, the document code must suit the format, the sex must be M/F/X/<, the dates
 * must be calendar dates, and a Spanish DNI/NIE number must carry its right letter.
 */
function score(parsed: ParsedMrz, changed: Array<Set<number>>): MrzRead {
  const results = Object.values(parsed.checks);
  const spanish = spanishIdNumber(parsed);
  if (spanish) results.push(spanish.valid);
  results.push(isKnownMrzState(parsed.issuingState));
  if (parsed.format !== 'FRENCH_NATIONAL_ID') results.push(isKnownMrzState(parsed.nationality));
  results.push(DOCUMENT_CODES[parsed.format].test(parsed.documentCode));
  results.push('MFX<'.includes(parsed.sex));
  results.push(mrzDate(parsed.birthDate, 'birth') !== '' || /</.test(parsed.birthDate));
  if (parsed.expirationDate) results.push(mrzDate(parsed.expirationDate, 'expiry') !== '');
  const ok = results.filter(Boolean).length;
  return {
    parsed,
    changed,
    score: ok,
    total: results.length,
    fitted: false,
    accepted: ok === results.length,
  };
}

const DOCUMENT_CODES: Record<MrzFormat, RegExp> = {
  TD1: /^[IAC]/,
  TD2: /^[IAC]/,
  TD3: /^P/,
  FRENCH_NATIONAL_ID: /^ID$/,
  MRV_A: /^V/,
  MRV_B: /^V/,
};

/** Where the 9-character document number field sits: [line, start]. */
const NUMBER_FIELD: Partial<Record<MrzFormat, [number, number]>> = {
  TD1: [0, 5],
  TD2: [1, 0],
  TD3: [1, 0],
  MRV_A: [1, 0],
  MRV_B: [1, 0],
};

/**
 * O and 0 are the one confusion no position class settles inside a document number. When the
 * number fails its check digit, try every O/0 assignment of its (at most 4) O and 0 characters and
 * take the result only when exactly one assignment passes. Other substitutions are not tried:
 * with several kinds of change, the mod-10 check digit no longer points at one answer.
 */
export function swapZeroO(lines: string[], format: MrzFormat): string[] | null {
  const where = NUMBER_FIELD[format];
  if (!where) return null;
  const [row, start] = where;
  const line = lines[row]!;
  const field = line.slice(start, start + 9);
  const spots = [...field].flatMap((c, i) => (c === 'O' || c === '0' ? [i] : []));
  if (spots.length === 0 || spots.length > 4) return null;
  const passing: string[][] = [];
  for (let mask = 1; mask < 1 << spots.length; mask++) {
    const chars = [...field];
    spots.forEach((pos, bit) => {
      if (mask & (1 << bit)) chars[pos] = chars[pos] === 'O' ? '0' : 'O';
    });
    const candidate = [...lines];
    candidate[row] = line.slice(0, start) + chars.join('') + line.slice(start + 9);
    if (parseMrz(candidate)?.checks.documentNumber) passing.push(candidate);
  }
  return passing.length === 1 ? passing[0]! : null;
}

/**
 * The positions of `lines` that differ from what was read. A line of another length than read
 * was cut or padded: all of its positions count as changed.
 */
export function changedPositions(read: string[], lines: string[]): Array<Set<number>> {
  return lines.map((line, i) => {
    const original = read[i] ?? '';
    const set = new Set<number>();
    for (let at = 0; at < line.length; at++) {
      if (original.length !== line.length || original[at] !== line[at]) set.add(at);
    }
    return set;
  });
}

function readCandidate(read: string[], candidate: string[], format: MrzFormat): MrzRead | null {
  const repaired = repairMrz(candidate, format);
  const parsed = parseMrz(repaired);
  if (!parsed || parsed.format !== format) return null;
  const first = score(parsed, changedPositions(read, repaired));
  if (first.accepted || parsed.checks.documentNumber) return first;
  const swapped = swapZeroO(repaired, format);
  const reparsed = swapped && parseMrz(swapped);
  if (!reparsed) return first;
  const second = score(reparsed, changedPositions(read, swapped));
  return second.score > first.score ? second : first;
}

const TOLERANCE = 3;

/** Finds the best MRZ in OCR text: every window of consecutive lines that fits a format. */
export function findMrz(text: string): MrzRead | null {
  const lines = cleanLines(text);
  let best: MrzRead | null = null;
  for (const format of ['TD3', 'TD1', 'TD2', 'FRENCH_NATIONAL_ID', 'MRV_A', 'MRV_B'] as const) {
    const { lines: count, length } = MRZ_SHAPES[format];
    for (let start = 0; start + count <= lines.length; start++) {
      const window = lines.slice(start, start + count);
      if (!window.every((l) => Math.abs(l.length - length) <= TOLERANCE)) continue;
      // At least one `<` somewhere: an MRZ always has fillers or separators.
      if (!window.some((l) => l.includes('<'))) continue;
      const fitted = window.some((l) => l.length !== length);
      const firsts = [window[0]!, ...documentCodeGuesses(window[0]!, format)];
      for (const [guess, first] of firsts.entries()) {
        const lines = [first, ...window.slice(1)];
        for (const candidate of combinations(lines.map((l) => fitLength(l, length)))) {
          const found = readCandidate(window, candidate, format);
          if (!found) continue;
          // A guessed document code is no reading: never accepted, it only outranks worse reads.
          const read: MrzRead =
            fitted || guess > 0 ? { ...found, fitted: true, accepted: false } : found;
          if (!best || better(read, best)) best = read;
          if (read.accepted) return read;
        }
      }
    }
  }
  return best;
}

/** The first characters each 2-line format's document code may start with. */
const CODE_STARTS: Partial<Record<MrzFormat, string>> = {
  TD2: 'IAC',
  TD3: 'P',
  MRV_A: 'V',
  MRV_B: 'V',
};

/**
 * Other first lines to try when the one read starts with no document code (decision 078): the
 * same format length holds a visa (V) or a card or passport, told apart only by that code, and a
 * misread or a stray mark at the line's start (the card's edge, a guilloche) hides it:
 * - a visa's code misread as a letter no format starts with: `V` in its place;
 * - a stray character before the code, a filler dropped at the end to keep the length: the line
 *   from its second character, one filler added.
 * Such a guess changes where the names and the issuing state start: it is never accepted alone.
 */
export function documentCodeGuesses(line: string, format: MrzFormat): string[] {
  const starts = CODE_STARTS[format];
  if (!starts || line.length < 6) return [];
  const out: string[] = [];
  const anyCode = 'IACPV';
  if (!anyCode.includes(line[0]!) && (format === 'MRV_A' || format === 'MRV_B'))
    out.push('V' + line.slice(1));
  const state = line.slice(2, 5).replace(/<+$/, '');
  if (
    starts.includes(line[1]!) &&
    line.endsWith('<') &&
    (!anyCode.includes(line[0]!) || !isKnownMrzState(state))
  )
    out.push(line.slice(1) + '<');
  return out;
}

/** More checks passed; on a tie, a read that needed no length fitting. */
export function better(a: MrzRead, b: MrzRead): boolean {
  const ra = a.score / a.total;
  const rb = b.score / b.total;
  return ra > rb || (ra === rb && !a.fitted && b.fitted);
}

function* combinations(options: string[][]): Generator<string[]> {
  if (options.length === 0) {
    yield [];
    return;
  }
  const [first = [], ...rest] = options;
  for (const head of first) for (const tail of combinations(rest)) yield [head, ...tail];
}
