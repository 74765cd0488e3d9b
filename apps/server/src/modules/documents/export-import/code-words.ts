/**
 * The coded columns of the traveler file (type `code` in TRAVELER_COLUMNS) as words. The export
 * writes the word of the file's language: the sex, document type, kinship and payment type as
 * the registration sheet (PDF) prints them, the emergency contact's relationship as the form
 * shows it, the traveler's language by its own name (Deutsch, Français) as the form lists it.
 * The import reads the code, as before, or a word of any of the 16 languages, case and accents
 * aside: the exact words of every export first, then their parts (`hermano` for Hermano/a,
 * `padre` for Padre o madre, `DNI` for Spanish ID card (DNI)) where no other code claims them.
 */
import {
  bcp47Of,
  DEFAULT_LANGUAGE,
  LANGUAGE_NAMES,
  LANGUAGES,
  matchLanguage,
  type Language,
} from '@hospes/shared/languages';
import { normaliseSearchText } from '@hospes/shared/search';
import { PDF_TEXTS, type PdfTexts } from '../../../lib/pdf/pdf-texts';
import { documentTexts } from '../texts';

/** Code → word, in one language. */
type Words = Readonly<Record<string, string>>;

const pdf = (lng: Language): PdfTexts => PDF_TEXTS[lng] ?? PDF_TEXTS[DEFAULT_LANGUAGE]!;

/** The words of each coded column in a language. */
const WORDS: Readonly<Record<string, (lng: Language) => Words>> = {
  // Never the bare code: in Spanish M is *mujer* (SES writes H and M), the opposite of ours.
  gender: (lng) => pdf(lng).genders,
  documentType: (lng) => pdf(lng).documentTypes,
  language: () => LANGUAGE_NAMES,
  kinship: (lng) => pdf(lng).kinship,
  'emergencyContact.relationship': (lng) => documentTexts(lng).relationships,
  'stay.paymentType': (lng) => pdf(lng).paymentTypes,
  source: (lng) => documentTexts(lng).sources,
};

/** The columns written as words (the keys of the columns of type `code`). */
export const CODED_COLUMNS: readonly string[] = Object.keys(WORDS);

/** A code as the file of `lng` writes it (Hermano/a, Efectivo, Pasaporte); else the code. */
export function codeWord(lng: Language, key: string, code: string): string {
  return WORDS[key]?.(lng)[code] ?? code;
}

/** The words a file of `lng` writes in a coded column, for a message that lists them. */
export function wordsOf(lng: Language, key: string): string[] {
  return Object.values(WORDS[key]?.(lng) ?? {});
}

/** Other tools' codes: SES.HOSPEDAJES writes NIF, NIE or PAS (its OTRO may be any of three). */
const OTHER_CODES: Readonly<Record<string, Words>> = {
  documentType: { NIF: 'D', NIE: 'N', PAS: 'P' },
};

/** How a text is compared: lower case, no accents, single spaces. */
const norm = normaliseSearchText;

/** "or" between two words in the 16 languages, and the marks that list alternatives. */
const ALTERNATIVES =
  /\s+(?:o|or|ou|oder|edo|или|либо|або|أو|또는)\s+|\s*(?:または|或|[/,、・·])\s*/u;

/** A word with its feminine ending (hermano/a, amigo(a), tutor/a, супруг(а)): both words. */
function withEndings(token: string): string[] {
  const ending = /^(\p{L}+)\(([\p{sc=Latin}\p{sc=Cyrillic}]{1,2})\)$/u.exec(token);
  if (!ending) return [token];
  const [, stem, suffix] = ending as unknown as [string, string, string];
  return [stem, stem.endsWith('o') && suffix === 'a' ? `${stem.slice(0, -1)}a` : stem + suffix];
}

/**
 * The parts a host may write instead of a whole word: `hermano` and `hermana` for Hermano/a,
 * `padre` and `madre` for Padre o madre, `dni` and `spanish id card` for Spanish ID card (DNI).
 * A word is split only into single words (so "Брат или сестра супруга…" gives none), and never
 * into a prefix such as the `son-` of Son- or daughter-in-law.
 */
export function partsOf(word: string): string[] {
  const whole = norm(word);
  const parts = new Set<string>();
  let text = whole
    .replace(/\uff08/g, '(')
    .replace(/\uff09/g, ')')
    .replace(/(\p{L})\/([\p{sc=Latin}\p{sc=Cyrillic}]{1,2})(?=$|\s)/gu, '$1($2)');
  // A gloss in brackets: the abbreviation (DNI, NIE) and the words around it.
  const gloss = /^(.*?)\s*\(([^)]{3,})\)\s*(.*)$/u.exec(text);
  if (gloss) {
    const [, before, inside, after] = gloss as unknown as [string, string, string, string];
    parts.add(inside.trim());
    text = `${before} ${after}`.trim();
  }
  const alternatives = text.split(ALTERNATIVES).map((p) => p.trim());
  if (alternatives.every((p) => p && !/\s|-$/.test(p)))
    for (const p of alternatives) for (const w of withEndings(p)) parts.add(w);
  else if (gloss && text) parts.add(text);
  parts.delete(whole);
  return [...parts];
}

/**
 * Every text of a column to its code: the codes, the words of every language, then the parts of
 * the words. A text that two codes share at the same level is left out (a row problem is better
 * than a wrong relative), and an earlier level is never overridden by a later one.
 */
function readingsOf(key: string): Map<string, string> {
  const words = LANGUAGES.flatMap((lng) =>
    Object.entries(WORDS[key]!(lng)).map(([code, word]): [string, string] => [word, code]),
  );
  // The traveler's language also by its name in the 16 languages (alemán, German, allemand).
  if (key === 'language') words.push(...languageNames());
  const levels: [string, string][][] = [
    Object.keys(WORDS[key]!(DEFAULT_LANGUAGE)).map((code) => [code, code]),
    Object.entries(OTHER_CODES[key] ?? {}),
    words,
    words.flatMap(([word, code]) => partsOf(word).map((part): [string, string] => [part, code])),
  ];
  const map = new Map<string, string>();
  for (const level of levels) {
    const found = new Map<string, string>();
    const shared = new Set<string>();
    for (const [text, code] of level) {
      const k = norm(text);
      if (!k || map.has(k)) continue;
      if (found.has(k) && found.get(k) !== code) shared.add(k);
      else found.set(k, code);
    }
    for (const [k, code] of found) if (!shared.has(k)) map.set(k, code);
  }
  return map;
}

/** Each language's name in the 16 languages, as Intl names them: [name, code]. */
function languageNames(): [string, string][] {
  const names: [string, string][] = [];
  for (const lng of LANGUAGES) {
    const display = new Intl.DisplayNames([bcp47Of(lng)], { type: 'language', fallback: 'none' });
    for (const code of LANGUAGES) {
      const name = display.of(bcp47Of(code));
      if (name) names.push([name, code]);
    }
  }
  return names;
}

const readings = new Map<string, Map<string, string>>();

/**
 * The code of a cell of a coded column: the code itself (any case) or a word of any of the 16
 * languages; undefined when it is neither. A language may also be a tag such as `en-GB`.
 */
export function codeOfWord(key: string, value: string): string | undefined {
  if (!WORDS[key]) return undefined;
  let map = readings.get(key);
  if (!map) {
    map = readingsOf(key);
    readings.set(key, map);
  }
  const found = map.get(norm(value));
  if (found) return found;
  if (key === 'language') return matchLanguage(value) ?? undefined;
  return undefined;
}
