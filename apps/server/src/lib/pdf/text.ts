/**
 * Text in any script on a pdfkit page (feasibility §3, "drawRuns"): pdfkit has no font fallback
 * and no bidi, so a string is cut into runs by the font that has its glyphs (Noto Sans → Arabic →
 * Hebrew → CJK), ordered visually with the Unicode bidi algorithm (bidi-js), right-to-left runs
 * drawn word by word (pdfkit would glue the words of an Arabic run in the wrong order), and every
 * run placed on the same alphabetic baseline. Also measures, shrinks to fit and wraps.
 */
import bidiFactory from 'bidi-js';
import type { CjkVariant, FontKey, FontSet } from './fonts';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  /** CJK glyph forms for Han characters when the text itself does not tell (kana → jp, hangul → kr). */
  cjk?: CjkVariant;
}

interface Piece {
  text: string;
  font: FontKey;
}

const bidi = bidiFactory();
const RTL_CHARS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const KANA = /[\u3040-\u30FF\u31F0-\u31FF]/;
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/;
/** Characters that take the font of their neighbour: spaces, combining marks, joiners, selectors. */
function inheritsFont(ch: string, cp: number): boolean {
  return (
    /^[\s\p{M}]$/u.test(ch) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    cp === 0x2060 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}
/** Where a line may break besides spaces: before and after each CJK character. */
const CJK_CHAR = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/;
const RTL_FONTS: ReadonlySet<FontKey> = new Set(['arabic', 'hebrew']);
/** User-perceived characters: a long word is never cut inside one (a letter and its marks). */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * pdfkit keeps the shaped runs of each font in a per-document cache. The fonts are shared across
 * documents, so the cache is too: a word laid out once is not shaped again (bounded).
 */
const layoutCaches = new Map<FontKey, Record<string, unknown>>();
const LAYOUT_CACHE_LIMIT = 20_000;
const layoutCacheUses = new Map<FontKey, number>();

/** Wrapped paragraphs (the legal texts repeat on every sheet), bounded. */
const wrapCache = new Map<string, string[]>();
const WRAP_CACHE_LIMIT = 500;

interface EmbeddedFontInternals {
  layoutCache?: Record<string, unknown>;
}

export class TextEngine {
  private currentFont: FontKey | undefined;
  private currentSize = 0;

  private readonly registered = new Set<FontKey>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly fonts: FontSet,
  ) {}

  /** Width of a single line in points. */
  measure(text: string, style: TextStyle): number {
    let width = 0;
    for (const piece of this.pieces(text, style)) width += this.pieceWidth(piece, style.size);
    return width;
  }

  /**
   * Draws one line with its baseline at `y`. Too wide for `maxWidth`, the text shrinks down to
   * `minSize`, then is cut with an ellipsis: for the sheet's own labels only. A value that must
   * print whole (a name, an address, anything of the register) goes through `fit` and `lines`.
   * Returns the width drawn.
   */
  line(
    text: string,
    x: number,
    y: number,
    style: TextStyle,
    options: { maxWidth?: number; minSize?: number; align?: 'left' | 'right' } = {},
  ): number {
    let value = text.replace(/\s+/g, ' ').trim();
    if (!value) return 0;
    let size = style.size;
    let width = this.measure(value, style);
    const { maxWidth } = options;
    if (maxWidth !== undefined && width > maxWidth) {
      const minSize = options.minSize ?? style.size;
      size = Math.max(minSize, (style.size * maxWidth) / width);
      width = (width * size) / style.size;
      if (width > maxWidth + 0.01) {
        const chars = Array.from(value);
        while (
          chars.length > 1 &&
          this.measure(`${chars.join('')}…`, { ...style, size }) > maxWidth
        )
          chars.pop();
        value = `${chars.join('').trimEnd()}…`;
        width = this.measure(value, { ...style, size });
      }
    }
    let cx = options.align === 'right' && maxWidth !== undefined ? x + maxWidth - width : x;
    this.color(style.color ?? '#000000');
    for (const piece of this.pieces(value, style)) {
      this.use(piece.font, size);
      this.doc.text(piece.text, cx, y, { lineBreak: false, baseline: 'alphabetic' });
      cx += this.doc.widthOfString(piece.text);
    }
    return width;
  }

  /**
   * Lays out a value that must print whole, never cut: on one line at `style.size` if it fits,
   * else on one line shrunk down to `minSize`, else wrapped (at spaces, between CJK characters,
   * inside a word only when the word alone is wider than the line) at the largest size from
   * `style.size` down to `minSize` that keeps it to two lines, else at `minSize` on as many lines
   * as it takes.
   */
  fit(
    text: string,
    width: number,
    style: TextStyle,
    options: { minSize?: number } = {},
  ): { lines: string[]; size: number } {
    const value = text.replace(/\s+/g, ' ').trim();
    if (!value) return { lines: [], size: style.size };
    const full = this.measure(value, style);
    if (full <= width) return { lines: [value], size: style.size };
    const minSize = Math.min(options.minSize ?? style.size, style.size);
    const shrunk = (style.size * width) / full;
    if (shrunk >= minSize) return { lines: [value], size: shrunk };
    // Two lines need at least twice the width: start at the size where that could be.
    const start = Math.min(style.size, Math.floor(((2 * style.size * width) / full) * 4) / 4);
    for (let size = start; size > minSize; size -= 0.25) {
      const lines = this.wrapLines(value, width, { ...style, size });
      if (lines.length <= 2) return { lines, size };
    }
    return { lines: this.wrapLines(value, width, { ...style, size: minSize }), size: minSize };
  }

  /** Draws lines laid out by `fit`: the first baseline at `y`; returns the last baseline. */
  lines(
    laid: { lines: readonly string[]; size: number },
    x: number,
    y: number,
    style: TextStyle,
    lineHeight = laid.size * 1.2,
  ): number {
    let baseline = y;
    laid.lines.forEach((text, i) => {
      baseline = y + i * lineHeight;
      this.line(text, x, baseline, { ...style, size: laid.size });
    });
    return baseline;
  }

  /** Draws a paragraph wrapped to `width`, first baseline at `y`; returns the baseline after it. */
  paragraph(
    text: string,
    x: number,
    y: number,
    width: number,
    style: TextStyle,
    lineHeight = style.size * 1.3,
  ): number {
    let baseline = y;
    for (const line of this.wrap(text, width, style)) {
      this.line(line, x, baseline, style);
      baseline += lineHeight;
    }
    return baseline;
  }

  /** The lines of a paragraph wrapped at spaces (and between CJK characters) to `width`. */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const key = `${style.size}|${style.bold ? 1 : 0}|${style.cjk ?? ''}|${width.toFixed(2)}|${text}`;
    const cached = wrapCache.get(key);
    if (cached) return cached;
    const lines = this.wrapLines(text, width, style);
    if (wrapCache.size >= WRAP_CACHE_LIMIT) wrapCache.clear();
    wrapCache.set(key, lines);
    return lines;
  }

  /**
   * Wraps without the cache. Every character of the text is on one of the lines: a word wider
   * than the line is cut between its characters (grapheme clusters), wherever it stands.
   */
  private wrapLines(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    const space = this.measure('a a', style) - this.measure('aa', style);
    for (const paragraph of text.split('\n')) {
      let current = '';
      let currentWidth = 0;
      const push = () => {
        if (current.trim()) lines.push(current.trimEnd());
        current = '';
        currentWidth = 0;
      };
      for (const unit of breakUnits(paragraph.replace(/\s+/g, ' ').trim())) {
        const unitWidth = this.measure(unit, style);
        // A trailing space may hang past the end of the line.
        const inkWidth = unit.endsWith(' ') ? unitWidth - space : unitWidth;
        if (currentWidth + inkWidth <= width) {
          current += unit;
          currentWidth += unitWidth;
          continue;
        }
        push();
        if (inkWidth <= width) {
          current = unit;
          currentWidth = unitWidth;
          continue;
        }
        // A single word wider than the line: cut it between its characters.
        for (const { segment } of graphemes.segment(unit)) {
          const w = this.measure(segment, style);
          if (currentWidth + w > width && current.trim() && segment !== ' ') push();
          current += segment;
          currentWidth += w;
        }
      }
      push();
    }
    return lines;
  }

  private pieceWidth(piece: Piece, size: number): number {
    this.use(piece.font, size);
    return this.doc.widthOfString(piece.text);
  }

  private use(font: FontKey, size: number): void {
    if (font !== this.currentFont) {
      if (!this.registered.has(font)) {
        // pdfkit 0.20 takes a parsed fontkit font as a source; its types only list files and buffers.
        this.doc.registerFont(font, this.fonts.get(font) as unknown as Buffer);
        this.registered.add(font);
      }
      this.doc.font(font);
      this.currentFont = font;
      this.shareLayoutCache(font);
    }
    if (size !== this.currentSize) {
      this.doc.fontSize(size);
      this.currentSize = size;
    }
  }

  /** Always set: shapes drawn between texts change pdfkit's fill colour too. */
  private color(color: string): void {
    this.doc.fillColor(color);
  }

  private shareLayoutCache(key: FontKey): void {
    const embedded = (this.doc as unknown as { _font?: EmbeddedFontInternals })._font;
    if (!embedded?.layoutCache) return;
    let cache = layoutCaches.get(key);
    if (!cache) {
      cache = Object.create(null) as Record<string, unknown>;
      layoutCaches.set(key, cache);
    }
    if (embedded.layoutCache === cache) return;
    embedded.layoutCache = cache;
    // Every 50 documents, check the size; past the limit start afresh (a cheap bound on growth).
    const uses = (layoutCacheUses.get(key) ?? 0) + 1;
    layoutCacheUses.set(key, uses);
    if (uses % 50 === 0 && Object.keys(cache).length > LAYOUT_CACHE_LIMIT) layoutCaches.delete(key);
  }

  /** The runs of a line in visual (left-to-right) order, each with the font to draw it in. */
  private pieces(text: string, style: TextStyle): Piece[] {
    const cjk: FontKey = KANA.test(text)
      ? 'cjk-jp'
      : HANGUL.test(text)
        ? 'cjk-kr'
        : `cjk-${style.cjk ?? 'sc'}`;
    const chain: FontKey[] = [style.bold ? 'latinBold' : 'latin', 'arabic', 'hebrew', cjk];

    // Code points with their UTF-16 index, font and bidi level.
    const chars: { ch: string; index: number; font: FontKey | null }[] = [];
    for (let index = 0; index < text.length;) {
      const cp = text.codePointAt(index)!;
      const ch = String.fromCodePoint(cp);
      let font: FontKey | null = null;
      if (!inheritsFont(ch, cp)) font = chain.find((key) => this.fonts.has(key, cp)) ?? chain[0]!;
      chars.push({ ch, index, font });
      index += ch.length;
    }
    // Inheriting characters take the previous font, or the next one at the start.
    let last: FontKey | null = null;
    for (const c of chars) {
      if (c.font) last = c.font;
      else if (last) c.font = last;
    }
    const firstFont = chars.find((c) => c.font)?.font ?? chain[0]!;
    for (const c of chars) c.font ??= firstFont;

    let levels: Uint8Array | null = null;
    let mirrored: Map<number, string> | null = null;
    if (RTL_CHARS.test(text)) {
      const embedding = bidi.getEmbeddingLevels(text, 'auto');
      levels = embedding.levels;
      mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
    }
    const levelOf = (c: { index: number }) => (levels ? levels[c.index]! : 0);

    // Runs of the same font and level; right-to-left runs cut into words and spaces.
    interface Token extends Piece {
      level: number;
    }
    const tokens: Token[] = [];
    for (const c of chars) {
      const level = levelOf(c);
      const ch = mirrored?.get(c.index) ?? c.ch;
      const prev = tokens[tokens.length - 1];
      const space = ch === ' ';
      const splitHere = level % 2 === 1 && prev !== undefined && prev.text.endsWith(' ') !== space;
      if (prev && prev.font === c.font && prev.level === level && !splitHere) prev.text += ch;
      else tokens.push({ text: ch, font: c.font!, level });
    }
    if (!levels) return tokens;

    // Rule L2: from the highest level down to the lowest odd level, reverse every run of tokens
    // at that level or higher.
    const max = Math.max(...tokens.map((t) => t.level));
    const minOdd = Math.min(...tokens.map((t) => (t.level % 2 === 1 ? t.level : Infinity)));
    for (let level = max; level >= minOdd; level--) {
      for (let i = 0; i < tokens.length;) {
        if (tokens[i]!.level < level) {
          i++;
          continue;
        }
        let j = i;
        while (j < tokens.length && tokens[j]!.level >= level) j++;
        tokens.splice(i, j - i, ...tokens.slice(i, j).reverse());
        i = j;
      }
    }
    // fontkit reverses the glyphs of Arabic and Hebrew itself; other right-to-left pieces
    // (neutral punctuation) are reversed here.
    for (const t of tokens) {
      if (t.level % 2 === 1 && !RTL_FONTS.has(t.font) && t.text.length > 1)
        t.text = Array.from(t.text).reverse().join('');
    }
    return tokens;
  }
}

/** Words with their trailing space, and single CJK characters, in order. */
function breakUnits(text: string): string[] {
  const units: string[] = [];
  let current = '';
  for (const ch of text) {
    if (CJK_CHAR.test(ch)) {
      if (current) units.push(current);
      units.push(ch);
      current = '';
    } else if (ch === ' ') {
      units.push(`${current} `);
      current = '';
    } else current += ch;
  }
  if (current) units.push(current);
  return units;
}
