/**
 * Finding and reading an MRZ with the PaddleOCR engine (decision 054):
 * 1. the detector's text lines, at any angle; groups of 2 or 3 long, parallel lines of equal
 *    length, one line height apart, are MRZ candidates (widest first);
 * 2. the first line of a group is read both ways along its axis, which settles the reading
 *    direction (a document upside down or turned a quarter), then the others that way;
 * 3. where a line has its format's exact length, a position whose class (ICAO 9303: letter or
 *    digit) the character read does not fit takes the recognizer's own best character of the
 *    right class at that place (so `0` in a name becomes the letter the model saw second, O or
 *    D or Q, by its probability; not a fixed table), and the position is recorded as changed;
 * 4. the text then goes through the same checks as tesseract's (mrz-text.ts).
 * If no group is found, the photo is turned a quarter and searched again (the detector finds
 * vertical lines less well), and then searched at a higher resolution (a small document).
 */
import { MRZ_SHAPES, parseMrz, type MrzFormat } from '@hospes/shared/mrz';
import { documentNumberShape } from '@hospes/shared/mrz-confirmation';
import { settleNumberGlyphs, type GlyphDecision, type NumberField } from './glyphs';
import { rotateGrey, type GreyImage } from './image';
import { CLASSES, better, findMrz, type MrzRead } from './mrz-text';
import type { LineRead, PaddleEngine, TextBox } from './paddle';
import type { PassTrace } from './reader';

const DIGITS = '0123456789';

/**
 * Pieces of one text line (the detector cuts a line at a wide gap, a glare or a run of fillers)
 * joined into one box: parallel, on the same line, and close along it.
 */
export function joinLinePieces(boxes: TextBox[]): TextBox[] {
  const out = [...boxes];
  for (let merged = true; merged;) {
    merged = false;
    search: for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i]!;
        const b = out[j]!;
        const long = a.length >= b.length ? a : b;
        let d = Math.abs(a.angle - b.angle) % Math.PI;
        d = Math.min(d, Math.PI - d);
        if (d > (6 * Math.PI) / 180 && Math.min(a.length / a.height, b.length / b.height) > 3)
          continue;
        const ux = Math.cos(long.angle);
        const uy = Math.sin(long.angle);
        const dx = b.cx - a.cx;
        const dy = b.cy - a.cy;
        const across = Math.abs(-dx * uy + dy * ux);
        const h = Math.max(a.height, b.height);
        if (across > 0.35 * h || Math.abs(a.height - b.height) > 0.45 * h) continue;
        const along = dx * ux + dy * uy;
        const gap = Math.abs(along) - (a.length + b.length) / 2;
        if (gap > 2.5 * h) continue;
        // The union along the long box's axis.
        const lo = Math.min(-a.length / 2, along - b.length / 2);
        const hi = Math.max(a.length / 2, along + b.length / 2);
        const mid = (lo + hi) / 2;
        out[i] = {
          cx: a.cx + mid * ux,
          cy: a.cy + mid * uy,
          length: hi - lo,
          height: h,
          angle: long.angle,
          score: Math.min(a.score, b.score),
        };
        out.splice(j, 1);
        merged = true;
        break search;
      }
    }
  }
  return out;
}

/** Groups of 2–3 MRZ-like lines among the detected boxes, best first. */
export function mrzGroups(detected: TextBox[]): TextBox[][] {
  const boxes = joinLinePieces(detected.filter((b) => b.length >= 1.5 * b.height));
  const long = boxes.filter((b) => b.length >= 12 * b.height && b.height >= 4);
  const groups: TextBox[][] = [];
  for (const first of long) {
    const nx = -Math.sin(first.angle);
    const ny = Math.cos(first.angle);
    const ux = Math.cos(first.angle);
    const uy = Math.sin(first.angle);
    const members = long
      .filter((b) => {
        let d = Math.abs(b.angle - first.angle) % Math.PI;
        d = Math.min(d, Math.PI - d);
        if (d > (5 * Math.PI) / 180) return false;
        if (Math.abs(b.length - first.length) > 0.2 * first.length) return false;
        const dx = b.cx - first.cx;
        const dy = b.cy - first.cy;
        const across = dx * nx + dy * ny;
        const along = dx * ux + dy * uy;
        return Math.abs(across) <= 3.5 * first.height * 2 && Math.abs(along) < 0.15 * first.length;
      })
      .sort((a, b) => (a.cx - b.cx) * nx + (a.cy - b.cy) * ny);
    // Consecutive members at most ~2.6 line heights apart: the first run of 2 or 3 around `first`.
    const at = members.indexOf(first);
    let lo = at;
    let hi = at;
    const gap = (a: TextBox, b: TextBox) => Math.abs((b.cx - a.cx) * nx + (b.cy - a.cy) * ny);
    while (lo > 0 && gap(members[lo - 1]!, members[lo]!) <= 2.6 * first.height) lo--;
    while (hi < members.length - 1 && gap(members[hi]!, members[hi + 1]!) <= 2.6 * first.height)
      hi++;
    const run = members.slice(lo, hi + 1);
    if (run.length < 2 || run.length > 3) continue;
    if (groups.some((g) => g.length === run.length && g.every((b, i) => b === run[i]))) continue;
    groups.push(run);
  }
  return groups.sort((a, b) => b[0]!.length * b.length - a[0]!.length * a.length).slice(0, 3);
}

/**
 * Where the recognizer gave a filler a real share of its probability, a `C` (the glyph OCR-B's
 * `<` most resembles on a small or blurred line) is the filler.
 */
const FILLER_SHARE = 0.05;

/** Class-driven choice between the recognizer's letter and digit at each position. */
export function applyPositionClasses(
  line: LineRead,
  classes: string,
): { text: string; changed: Set<number> } {
  const changed = new Set<number>();
  let text = '';
  line.chars.forEach((c, i) => {
    const k = classes[i];
    const isDigit = DIGITS.includes(c.char);
    if (c.p === 0) {
      text += c.char;
      changed.add(i);
    } else if (c.char === 'C' && c.filler >= FILLER_SHARE * c.p) {
      text += '<';
      changed.add(i);
    } else if (k === 'N' && c.char !== '<' && !isDigit && c.digit.char) {
      text += c.digit.char;
      changed.add(i);
    } else if (k === 'A' && isDigit && c.letter.char) {
      text += c.letter.char;
      changed.add(i);
    } else text += c.char;
  });
  return { text, changed };
}

/** The format a group of read lines most likely is, from their count and longest line. */
function likelyFormat(lines: LineRead[]): MrzFormat | null {
  const first = lines[0]!.text;
  const length = Math.max(...lines.map((l) => l.text.length));
  if (lines.length === 3) return length >= 26 && length <= 34 ? 'TD1' : null;
  const visa = first.startsWith('V');
  if (length >= 41 && length <= 48) return visa ? 'MRV_A' : 'TD3';
  if (length >= 32 && length <= 40) {
    if (visa) return 'MRV_B';
    return first.startsWith('IDFRA') ? 'FRENCH_NATIONAL_ID' : 'TD2';
  }
  return null;
}

/**
 * A line read with a character too many or too few is read again from slightly other crops (a
 * little lower or taller, a little longer): the first of the format's length wins.
 */
async function rereadToLength(
  engine: PaddleEngine,
  image: GreyImage,
  box: TextBox,
  flip: boolean,
  length: number,
  read: LineRead,
): Promise<LineRead> {
  if (read.text.length === length) return read;
  for (const [h, l] of [
    [0.8, 1],
    [1.2, 1],
    [1, 1.04],
    [0.65, 1.02],
  ] as const) {
    const again = await engine.recognize(
      image,
      { ...box, height: box.height * h, length: box.length * l },
      flip,
    );
    if (again.text.length === length) return again;
  }
  return read;
}

/**
 * A whole line's reading is used alone (its pieces not read) when every check passes and the
 * recognizer gave every character of every line at least this probability (names have no check
 * digit: a doubtful letter there is worth the pieces).
 */
const SURE_CHARACTER = 0.6;

/** Pieces a line is read in, and their height against the detected box's. */
const PIECES = 2;
const PIECE_HEIGHT = 1.3;
/** Share of the line's length the pieces reach past its detected ends, together. */
const PIECE_MARGIN = 0.04;

function* combine<T>(options: T[][]): Generator<T[]> {
  if (options.length === 0) {
    yield [];
    return;
  }
  const [first = [], ...rest] = options;
  for (const head of first) for (const tail of combine(rest)) yield [head, ...tail];
}

/** Share of the line each piece overlaps its neighbour by (about five MRZ characters). */
const PIECE_OVERLAP = 0.14;

interface Placed {
  char: LineRead['chars'][number];
  /** Position along the line in reading order, pixels from the line's centre. */
  r: number;
}

/**
 * Joins two readings of overlapping pieces of a line: the character of the first piece nearest
 * the middle of the overlap is matched with the second piece's character at the same place, and
 * the line continues from there with the second piece. Of the possible joints near the middle,
 * the one where the two readings agree on most neighbouring characters wins.
 */
export function joinPieces(a: Placed[], b: Placed[], middle: number, pitch: number): Placed[] {
  let best: { score: number; out: Placed[] } | null = null;
  for (let i = 0; i < a.length; i++) {
    if (Math.abs(a[i]!.r - middle) > 2.5 * pitch) continue;
    for (let j = 0; j < b.length; j++) {
      const off = Math.abs(b[j]!.r - a[i]!.r);
      if (off > 3 * pitch) continue;
      // Agreement of the two readings around the joint (a run of fillers agrees at any shift:
      // it counts little), against the distance between the places the two pieces give.
      let score = -off / pitch - (0.1 * Math.abs(a[i]!.r - middle)) / pitch;
      for (let d = -4; d <= 4; d++) {
        const x = a[i + d];
        const y = b[j + d];
        if (x && y && x.char.char === y.char.char) score += x.char.char === '<' ? 0.25 : 1;
      }
      if (!best || score > best.score)
        best = { score, out: [...a.slice(0, i + 1), ...b.slice(j + 1)] };
    }
  }
  return best?.out ?? [...a.filter((c) => c.r < middle), ...b.filter((c) => c.r >= middle)];
}

/** A filler the recognizer dropped, put back from the characters' places (marked: p = 0). */
const RESTORED = (at: number): LineRead['chars'][number] => ({
  char: '<',
  p: 0,
  letter: { char: '', p: 0 },
  digit: { char: '', p: 0 },
  filler: 1,
  at,
});

/**
 * Fillers the recognizer dropped (a run of `<` read as fewer): where two characters beside a
 * filler stand two or more pitches apart, the missing fillers go back between them; a line still
 * short that ends in fillers is completed with fillers. Restored fillers have p = 0, so that the
 * positions count as changed.
 */
export function restoreFillers(
  placed: Placed[],
  length: number,
  endsInFillers = true,
): LineRead['chars'] {
  const out: LineRead['chars'] = [{ ...placed[0]!.char, r: placed[0]!.r }];
  if (placed.length >= length || placed.length < 2)
    return placed.map((p) => ({ ...p.char, r: p.r }));
  const gaps = placed.slice(1).map((p, i) => p.r - placed[i]!.r);
  const sorted = [...gaps].sort((a, b) => a - b);
  const pitch = sorted[Math.floor(sorted.length / 2)]!;
  let missing = length - placed.length;
  // A gap between two other characters: something else was lost there, not a filler at the end.
  let unexplained = false;
  for (let i = 1; i < placed.length; i++) {
    const gap = gaps[i - 1]!;
    // Only inside a run of fillers: a gap beside a letter may be a lost letter as well.
    const beside = placed[i - 1]!.char.char === '<' && placed[i]!.char.char === '<';
    if (missing > 0 && pitch > 0 && gap > 1.6 * pitch) {
      if (beside) {
        const add = Math.min(missing, Math.round(gap / pitch) - 1);
        for (let k = 0; k < add; k++)
          out.push({
            ...RESTORED(placed[i]!.char.at),
            r: placed[i - 1]!.r + ((k + 1) * gap) / (add + 1),
          });
        missing -= add;
      } else unexplained = true;
    }
    out.push({ ...placed[i]!.char, r: placed[i]!.r });
  }
  if (endsInFillers && !unexplained && missing > 0 && missing <= 2 && out.at(-1)!.char === '<')
    for (let k = 0; k < missing; k++) {
      const last = out.at(-1)!;
      out.push({ ...RESTORED(last.at), r: (last.r ?? 0) + pitch });
    }
  return out;
}

/** A reading of the whole line of `box`, each character given its place along the line. */
function placeWhole(read: LineRead, box: TextBox): LineRead {
  const steps = Math.max(1, read.steps);
  return {
    ...read,
    chars: read.chars.map((c) => ({
      ...c,
      r: -box.length / 2 + ((c.at + 1) / steps) * box.length,
    })),
  };
}

const asLine = (chars: LineRead['chars']): LineRead => ({
  text: chars.map((c) => c.char).join(''),
  chars,
  confidence: chars.length ? chars.reduce((s, c) => s + c.p, 0) / chars.length : 0,
  steps: 0,
});

/**
 * Readings of a line from overlapping pieces of about `1 / parts` of its length each: the
 * recognizer often reads a piece of 15–25 MRZ characters better than a whole 44-character line
 * (fewer fillers dropped, fewer O read as 0), and sometimes worse. So each piece's reading is
 * joined with the others' or with the same stretch of the whole line's reading (`whole`, read
 * from `box`): every mix is a candidate, fillers dropped inside a run put back; the checks choose.
 */
export async function readInPieces(
  engine: PaddleEngine,
  image: GreyImage,
  box: TextBox,
  whole: LineRead,
  flip: boolean,
  length: number,
  parts: number,
  /** The line's last position may hold a filler (not a check digit): a short line is padded. */
  endsInFillers: boolean,
): Promise<LineRead[]> {
  const dir = flip ? -1 : 1;
  const ux = Math.cos(box.angle);
  const uy = Math.sin(box.angle);
  const pitch = box.length / length;
  const wholePlaced = whole.chars.map((char) => ({
    char,
    r: -box.length / 2 + ((char.at + 1) / Math.max(1, whole.steps)) * box.length,
  }));
  // A little past the detected ends: the recognizer drops a character cut at the crop's edge.
  const span = box.length * (1 + PIECE_MARGIN);
  const piece = span * Math.min(1, 1 / parts + PIECE_OVERLAP);
  const pieces: Placed[][] = [];
  const middles: number[] = [];
  for (let k = 0; k < parts; k++) {
    // Centre of piece k in reading order, along the line from its centre.
    const c = -span / 2 + piece / 2 + (parts > 1 ? (k * (span - piece)) / (parts - 1) : 0);
    const u = c * dir;
    const read = await engine.recognize(
      image,
      {
        ...box,
        height: box.height * PIECE_HEIGHT,
        cx: box.cx + u * ux,
        cy: box.cy + u * uy,
        length: piece,
      },
      flip,
    );
    pieces.push(
      read.chars.map((char) => ({
        char,
        r: c - piece / 2 + ((char.at + 1) / Math.max(1, read.steps)) * piece,
      })),
    );
  }
  // The middle of each overlap: between piece k-1's end and piece k's start.
  for (let k = 1; k < parts; k++) {
    const start = -span / 2 + (k * (span - piece)) / (parts - 1);
    const previousEnd = -span / 2 + ((k - 1) * (span - piece)) / (parts - 1) + piece;
    middles[k - 1] = (start + previousEnd) / 2;
  }
  const out: LineRead[] = [];
  const seen = new Set<string>([whole.text]);
  for (let mask = 0; mask < 1 << parts; mask++) {
    // Bit k set: the stretch of piece k is taken from the whole line's reading.
    if (mask === (1 << parts) - 1) continue;
    let joined: Placed[] = [];
    for (let k = 0; k < parts; k++) {
      const own = mask & (1 << k) ? wholePlaced : pieces[k]!;
      if (k === 0) joined = own;
      else if (mask & (1 << k) && mask & (1 << (k - 1))) continue;
      else joined = joinPieces(joined, own, middles[k - 1]!, pitch);
    }
    const line = asLine(restoreFillers(joined, length, endsInFillers));
    if (seen.has(line.text)) continue;
    seen.add(line.text);
    out.push(line);
  }
  return out;
}

export interface PaddleMrz {
  read: MrzRead;
  /** The text as the recognizer read it, line by line (before any class choice). */
  raw: string[];
  /** A box around the whole MRZ, oriented so that reading along it reads the MRZ upright. */
  region: TextBox;
  flip: boolean;
  /** The document number's ambiguous glyphs compared with the document's own (decision 078). */
  glyphs?: GlyphDecision[];
}

/** Where the nine characters of the document number and its check digit sit, by format. */
const NUMBER_FIELDS: Partial<Record<MrzFormat, Omit<NumberField, 'allowed'>>> = {
  TD1: { line: 0, start: 5, check: 14 },
  TD2: { line: 1, start: 0, check: 9 },
  TD3: { line: 1, start: 0, check: 9 },
  MRV_A: { line: 1, start: 0, check: 9 },
  MRV_B: { line: 1, start: 0, check: 9 },
};

/**
 * The document number's characters that its issuing state's shape rules out, and its glyphs that
 * a check digit cannot settle (O/0, B/8, S/5…), decided by the document's own glyphs
 * (glyphs.ts). Whatever changes is a changed position: never confirmed.
 */
function settleNumber(
  image: GreyImage,
  flip: boolean,
  boxes: TextBox[],
  lines: LineRead[],
  read: MrzRead,
): { read: MrzRead; decisions: GlyphDecision[] } {
  const decisions: GlyphDecision[] = [];
  const { format } = read.parsed;
  const where = NUMBER_FIELDS[format];
  // A number longer than nine characters (TD1 overflow) is left as read.
  if (!where || read.parsed.lines[where.line]![where.check] === '<') return { read, decisions };
  const classes = CLASSES[format];
  const settled = settleNumberGlyphs(
    image,
    flip,
    read.parsed.lines.map((text, i) => ({
      box: boxes[i]!,
      chars: lines[i]!.chars,
      text,
      classes: classes[i]!,
    })),
    { ...where, allowed: documentNumberShape(read.parsed) },
    decisions,
  );
  if (!settled) return { read, decisions };
  const next = [...read.parsed.lines];
  next[where.line] = settled.text;
  const found = findMrz(next.join('\n'));
  if (!found || found.parsed.format !== format || better(read, found) || !parseMrz(next))
    return { read, decisions };
  const changed = found.changed.map((set, i) => new Set([...set, ...read.changed[i]!]));
  for (const k of settled.changed) changed[where.line]!.add(k);
  return {
    read: { ...found, fitted: read.fitted, accepted: found.accepted && !read.fitted, changed },
    decisions,
  };
}

/** Reads the lines of a candidate group; null when it is no MRZ. */
async function readGroup(
  engine: PaddleEngine,
  image: GreyImage,
  candidates: TextBox[],
): Promise<PaddleMrz | null> {
  // Unclipped boxes of lines close together overlap: a crop no taller than the line pitch keeps
  // the neighbours' strokes out of each line.
  let group = candidates;
  const pitch =
    group.length > 1
      ? Math.hypot(group[1]!.cx - group[0]!.cx, group[1]!.cy - group[0]!.cy)
      : group[0]!.height;
  group = group.map((b) => ({ ...b, height: Math.min(b.height, pitch * 1.05) }));
  const first = group[0]!;
  const [ahead, back] = [
    await engine.recognize(image, first, false),
    await engine.recognize(image, first, true),
  ];
  const weight = (l: LineRead) => l.confidence * Math.min(l.text.length, 44);
  const flip = weight(back) > weight(ahead);
  const reads = [flip ? back : ahead];
  for (const box of group.slice(1)) reads.push(await engine.recognize(image, box, flip));
  // Read backwards, the lines come bottom to top.
  const boxes = flip ? [...group].reverse() : group;
  const lines = flip ? reads.reverse() : reads;
  const format = likelyFormat(lines);
  if (!format) return null;
  const { length } = MRZ_SHAPES[format];
  // Each line read whole, and mixed with readings of its two overlapping pieces: the candidates.
  const classes = CLASSES[format];
  type Pick = {
    read: MrzRead;
    chosen: Array<{ text: string; changed: Set<number> }>;
    lines: LineRead[];
    p: number;
  };
  const choose = (options: LineRead[][]): Pick | null => {
    let pick: Pick | null = null;
    for (const combination of combine(options)) {
      const chosen = combination.map((line, i) =>
        line.text.length === length
          ? applyPositionClasses(line, classes[i]!)
          : { text: line.text, changed: new Set<number>() },
      );
      const found = findMrz(chosen.map((c) => c.text).join('\n'));
      if (!found || found.parsed.lines.length !== lines.length) continue;
      const p = combination.reduce((s, l) => s + l.confidence, 0);
      if (!pick || better(found, pick.read) || (!better(pick.read, found) && p > pick.p))
        pick = { read: found, chosen, lines: combination, p };
    }
    return pick;
  };
  const wholes: LineRead[] = [];
  for (const [i, line] of lines.entries())
    wholes.push(
      placeWhole(await rereadToLength(engine, image, boxes[i]!, flip, length, line), boxes[i]!),
    );
  // Read whole, every line of its length and sure of every character, and passing every check:
  // the pieces would add two recognitions a line and nothing else (most photos).
  let pick = choose(wholes.map((w) => [w]));
  const sure = (l: LineRead) =>
    l.text.length === length && l.chars.every((c) => c.p >= SURE_CHARACTER);
  if (!pick || pick.read.score < pick.read.total || pick.read.fitted || !wholes.every(sure)) {
    // Each line read whole, and mixed with readings of its two overlapping pieces: the candidates.
    const options: LineRead[][] = [];
    for (const [i, whole] of wholes.entries()) {
      const mixes = await readInPieces(
        engine,
        image,
        boxes[i]!,
        whole,
        flip,
        length,
        PIECES,
        classes[i]!.at(-1) !== 'N',
      );
      const all = [whole, ...mixes];
      const exact = all.filter((l) => l.text.length === length);
      options.push(exact.length ? exact : all);
    }
    pick = choose(options);
  }
  if (!pick) return null;
  const { read, chosen } = pick;
  // Positions changed here count as changed as much as those mrz-text repaired.
  const changed = read.changed.map((set, i) => {
    const out = new Set([...set, ...chosen[i]!.changed]);
    // Where the chosen reading mixes in pieces that read otherwise than the whole line did, those
    // positions rest on one reading against another: not confirmed.
    const whole = wholes[i]!;
    if (whole.text.length === length) {
      const text = applyPositionClasses(whole, classes[i]!).text;
      for (let k = 0; k < length; k++) if (text[k] !== chosen[i]!.text[k]) out.add(k);
    }
    return out;
  });
  const settled = settleNumber(image, flip, boxes, pick.lines, { ...read, changed });
  const angle = first.angle + (flip ? Math.PI : 0);
  const cx = group.reduce((s, b) => s + b.cx, 0) / group.length;
  const cy = group.reduce((s, b) => s + b.cy, 0) / group.length;
  const nx = -Math.sin(first.angle);
  const ny = Math.cos(first.angle);
  const across = group.map((b) => (b.cx - cx) * nx + (b.cy - cy) * ny);
  const height = Math.max(...across) - Math.min(...across) + 2 * first.height;
  const region: TextBox = {
    cx,
    cy,
    angle,
    length: Math.max(...group.map((b) => b.length)) * 1.04,
    height,
    score: first.score,
  };
  return {
    read: settled.read,
    glyphs: settled.decisions,
    raw: lines.map((l) => l.text),
    region,
    flip,
  };
}

/** Where the search is: the image as decoded, or turned. */
/** Degrees off the axes from which a photo is turned straight before a second search. */
const SLANT = 8;

/**
 * The direction most of the text runs in, in degrees (-90, 90], from the detected boxes that are
 * clearly lines (weighted by their length); null when there are none.
 */
export function dominantAngle(boxes: TextBox[]): number | null {
  const lines = boxes.filter((b) => b.length >= 2.5 * b.height);
  if (lines.length === 0) return null;
  const fold = (a: number) => {
    let d = ((a * 180) / Math.PI) % 180;
    if (d <= -90) d += 180;
    if (d > 90) d -= 180;
    return d;
  };
  const bins = new Float64Array(36);
  for (const b of lines) bins[Math.floor((fold(b.angle) + 90) / 5) % 36]! += b.length;
  let top = 0;
  for (let i = 1; i < 36; i++) if (bins[i]! > bins[top]!) top = i;
  const centre = top * 5 - 90 + 2.5;
  let sum = 0;
  let weight = 0;
  for (const b of lines) {
    let d = fold(b.angle) - centre;
    if (d > 90) d -= 180;
    if (d <= -90) d += 180;
    if (Math.abs(d) <= 5) {
      sum += (centre + d) * b.length;
      weight += b.length;
    }
  }
  return weight ? sum / weight : null;
}

export interface PaddleOutcome {
  best: PaddleMrz | null;
  /** The image in which `best.region` lies (the decoded one, or a turned copy). */
  image: GreyImage;
}

export interface PaddleSearchOptions {
  /** Longest side of the detector's input, first pass (default 960). */
  maxSide?: number;
  /** Longest side of the second, finer search when nothing was found (default 1600). */
  fineSide?: number;
  signal?: AbortSignal;
  passes?: PassTrace[];
}

export async function readMrzWithPaddle(
  engine: PaddleEngine,
  image: GreyImage,
  options: PaddleSearchOptions = {},
): Promise<PaddleOutcome> {
  const passes = options.passes ?? [];
  let best: PaddleMrz | null = null;
  let where = image;
  const search = async (source: GreyImage, side: number, name: string) => {
    options.signal?.throwIfAborted();
    const started = performance.now();
    const boxes = await engine.detect(source, side);
    const groups = mrzGroups(boxes);
    let found = 0;
    for (const group of groups) {
      options.signal?.throwIfAborted();
      const mrz = await readGroup(engine, source, group);
      if (!mrz) continue;
      found++;
      if (!best || better(mrz.read, best.read)) {
        best = mrz;
        where = source;
      }
      if (mrz.read.accepted) break;
    }
    passes.push({
      name: `paddle-${name}`,
      ms: Math.round(performance.now() - started),
      result: best ? `${best.read.score}/${best.read.total}` : found ? '?' : '-',
    });
    return boxes;
  };
  const done = () => best !== null && best.read.score === best.read.total;
  const boxes = await search(image, options.maxSide ?? 960, 'detect');
  // Lines found at a slant the detector joins or cuts badly: the photo turned so that they run
  // straight, and searched again.
  const slant = dominantAngle(boxes);
  if (
    !done() &&
    !best &&
    slant !== null &&
    Math.abs(slant) >= SLANT &&
    Math.abs(slant) <= 90 - SLANT
  )
    await search(
      await rotateGrey(image, -slant),
      options.maxSide ?? 960,
      `turn${(-slant).toFixed(0)}`,
    );
  if (!done() && !best) await search(await rotateGrey(image, 90), options.maxSide ?? 960, 'q90');
  if (!done() && !best) await search(image, options.fineSide ?? 1600, 'fine');
  return { best, image: where };
}
