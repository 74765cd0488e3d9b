/**
 * The fonts of the PDFs, vendored in apps/server/assets/fonts (Noto, SIL OFL 1.1; see the README
 * there). They are parsed once per process with fontkit and the parsed objects are handed to
 * every document (pdfkit 0.20 accepts a fontkit font as a source), so a document costs no font
 * parsing, only the subsetting of the glyphs it uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

export type CjkVariant = 'sc' | 'tc' | 'jp' | 'kr';

/** Font keys as registered in every document. */
export type FontKey = 'latin' | 'latinBold' | 'arabic' | 'hebrew' | `cjk-${CjkVariant}`;

export const FONT_FILES = {
  latin: 'NotoSans-Regular.ttf',
  latinBold: 'NotoSans-Bold.ttf',
  arabic: 'NotoSansArabic-Regular.ttf',
  hebrew: 'NotoSansHebrew-Regular.ttf',
  cjk: 'NotoSansCJK-Regular.ttc',
} as const;

const CJK_POSTSCRIPT_NAMES: Record<CjkVariant, string> = {
  sc: 'NotoSansCJKsc-Regular',
  tc: 'NotoSansCJKtc-Regular',
  jp: 'NotoSansCJKjp-Regular',
  kr: 'NotoSansCJKkr-Regular',
};

export type LoadedFont = fontkit.Font;

/**
 * The folder of the font files, found from src/ (tsx, tests) or from the bundle in dist/ by
 * walking up from this module, like db/client.ts finds the migrations.
 */
export function fontsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'assets', 'fonts');
    if (fs.existsSync(path.join(candidate, FONT_FILES.latin))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Font folder assets/fonts not found');
}

export class FontSet {
  private readonly fonts = new Map<FontKey, LoadedFont>();
  private cjkCollection: fontkit.FontCollection | undefined;
  /** Per font key, the code points it has a glyph for (a cache of fontkit's cmap lookups). */
  private readonly coverage = new Map<FontKey, Map<number, boolean>>();

  constructor(private readonly folder: string = fontsFolder()) {}

  get(key: FontKey): LoadedFont {
    let font = this.fonts.get(key);
    if (!font) {
      font = this.load(key);
      this.fonts.set(key, font);
    }
    return font;
  }

  has(key: FontKey, codePoint: number): boolean {
    let map = this.coverage.get(key);
    if (!map) this.coverage.set(key, (map = new Map()));
    let covered = map.get(codePoint);
    if (covered === undefined) {
      covered = this.get(key).hasGlyphForCodePoint(codePoint);
      map.set(codePoint, covered);
    }
    return covered;
  }

  /** Loads every font now (at start-up, so that the first document is not slower). */
  warmUp(): void {
    for (const key of [
      'latin',
      'latinBold',
      'arabic',
      'hebrew',
      'cjk-sc',
      'cjk-tc',
      'cjk-jp',
      'cjk-kr',
    ] as const)
      this.get(key);
  }

  private load(key: FontKey): LoadedFont {
    if (key.startsWith('cjk-')) {
      if (!this.cjkCollection) {
        const collection = fontkit.create(fs.readFileSync(path.join(this.folder, FONT_FILES.cjk)));
        if (!isCollection(collection))
          throw new Error(`${FONT_FILES.cjk} is not a font collection`);
        this.cjkCollection = collection;
      }
      const name = CJK_POSTSCRIPT_NAMES[key.slice(4) as CjkVariant];
      const font = this.cjkCollection.getFont(name);
      if (!font) throw new Error(`${name} not found in ${FONT_FILES.cjk}`);
      return withLayoutCodePoints(font);
    }
    const font = fontkit.create(
      fs.readFileSync(path.join(this.folder, FONT_FILES[key as keyof typeof FONT_FILES])),
    );
    if (isCollection(font)) throw new Error(`${key}: expected a single font, not a collection`);
    return withLayoutCodePoints(font);
  }
}

/**
 * pdfkit writes each glyph's text (the PDF's ToUnicode map, what copying and searching read) from
 * `glyph.codePoints`. fontkit caches one glyph object per glyph id and keeps the code points of
 * whatever first created it: a subset that reached the glyph as a component of a composite glyph
 * (no code points), or another text's ligature. Our fonts are parsed once per process and shared by
 * every document, so a later document's "الله" could lose its last letter in the text layer while
 * drawing it right. The glyphs a layout returns therefore carry the code points of that layout:
 * when the cached glyph's differ, a view of it with the layout's own is returned (same outline and
 * metrics, through the prototype).
 */
export function withLayoutCodePoints(font: LoadedFont): LoadedFont {
  const patched = font as LoadedFont & { [layoutCodePoints]?: true };
  if (patched[layoutCodePoints]) return font;
  const getGlyph = font.getGlyph.bind(font);
  patched.getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph || !codePoints?.length || sameCodePoints(glyph.codePoints, codePoints)) return glyph;
    return Object.create(glyph, {
      codePoints: { value: [...codePoints], enumerable: true },
    }) as fontkit.Glyph;
  };
  patched[layoutCodePoints] = true;
  return font;
}

const layoutCodePoints = Symbol('hospes.layoutCodePoints');

function sameCodePoints(a: readonly number[] | undefined, b: readonly number[]): boolean {
  return !!a && a.length === b.length && a.every((point, i) => point === b[i]);
}

function isCollection(font: fontkit.Font | fontkit.FontCollection): font is fontkit.FontCollection {
  return font.type === 'TTC' || font.type === 'DFont';
}

let shared: FontSet | undefined;

/** The process-wide font set. */
export function sharedFontSet(): FontSet {
  shared ??= new FontSet();
  return shared;
}
