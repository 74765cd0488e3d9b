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
import { MRZ_SHAPES, type MrzFormat } from '@hospes/shared/mrz';
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
    if (c.char === 'C' && c.filler >= FILLER_SHARE * c.p) {
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

export interface PaddleMrz {
  read: MrzRead;
  /** The text as the recognizer read it, line by line (before any class choice). */
  raw: string[];
  /** A box around the whole MRZ, oriented so that reading along it reads the MRZ upright. */
  region: TextBox;
  flip: boolean;
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
  for (const [i, line] of lines.entries())
    lines[i] = await rereadToLength(engine, image, boxes[i]!, flip, length, line);
  const classes = CLASSES[format];
  const chosen = lines.map((line, i) =>
    line.text.length === length
      ? applyPositionClasses(line, classes[i]!)
      : { text: line.text, changed: new Set<number>() },
  );
  const read = findMrz(chosen.map((c) => c.text).join('\n'));
  if (!read || read.parsed.lines.length !== lines.length) return null;
  // Positions changed here count as changed as much as those mrz-text repaired.
  const changed = read.changed.map((set, i) => new Set([...set, ...chosen[i]!.changed]));
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
    read: { ...read, changed },
    raw: lines.map((l) => l.text),
    region,
    flip,
  };
}

/** Where the search is: the image as decoded, or turned. */
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
  };
  const done = () => best !== null && best.read.score === best.read.total;
  await search(image, options.maxSide ?? 960, 'detect');
  if (!done() && !best) await search(await rotateGrey(image, 90), options.maxSide ?? 960, 'q90');
  if (!done() && !best) await search(image, options.fineSide ?? 1600, 'fine');
  return { best, image: where };
}
