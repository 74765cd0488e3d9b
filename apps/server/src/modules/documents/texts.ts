/**
 * Texts of the registration documents per language (locales/<lng>/documents.json): column labels
 * of the export, import and template, the words of some coded columns (code-words.ts), import
 * problems, success messages. es is the fallback; every language has the same keys (the type
 * check fails on a missing one).
 */
import { TRAVELER_COLUMNS } from '@hospes/shared/documents';
import { DEFAULT_LANGUAGE, type Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import { normaliseSearchText } from '@hospes/shared/search';
import ar from '../../locales/ar/documents.json';
import ca from '../../locales/ca/documents.json';
import de from '../../locales/de/documents.json';
import en from '../../locales/en/documents.json';
import es from '../../locales/es/documents.json';
import eu from '../../locales/eu/documents.json';
import fr from '../../locales/fr/documents.json';
import gl from '../../locales/gl/documents.json';
import it from '../../locales/it/documents.json';
import ja from '../../locales/ja/documents.json';
import ko from '../../locales/ko/documents.json';
import pt from '../../locales/pt/documents.json';
import ru from '../../locales/ru/documents.json';
import uk from '../../locales/uk/documents.json';
import va from '../../locales/va/documents.json';
import zh from '../../locales/zh/documents.json';

export type DocumentTexts = typeof es;

export const DOCUMENT_TEXTS: Partial<Record<Language, DocumentTexts>> = {
  ar,
  ca,
  de,
  en,
  es,
  eu,
  fr,
  gl,
  it,
  ja,
  ko,
  pt,
  ru,
  uk,
  va,
  zh,
};

export function documentTexts(lng: Language): DocumentTexts {
  return DOCUMENT_TEXTS[lng] ?? DOCUMENT_TEXTS[DEFAULT_LANGUAGE]!;
}

export function columnLabel(lng: Language, key: string): string {
  return (documentTexts(lng).columns as Record<string, string>)[key] ?? key;
}

export function text(template: string, params?: Record<string, unknown>): string {
  return interpolate(template, params);
}

/** A header as compared on import: letters and digits of any script, lower case, no accents. */
export function headerKey(value: string): string {
  return normaliseSearchText(value).replace(/[^\p{L}\p{N}]/gu, '');
}

/** Headers of earlier exports whose label has since changed, so that their files still import. */
const EARLIER_HEADERS: readonly (readonly [string, string])[] = [
  // The support number (número de soporte) was called "support" as in a help desk (2026-11-23).
  ['رقم الدعامة', 'documentSupportNumber'],
  ['Trägernummer', 'documentSupportNumber'],
  ['Numéro de support', 'documentSupportNumber'],
  ['Numero di supporto', 'documentSupportNumber'],
  ['Número de suporte', 'documentSupportNumber'],
  ['サポート番号', 'documentSupportNumber'],
  ['支持号码', 'documentSupportNumber'],
];

/**
 * Every header an import recognises, to the column key: the key itself (`contactInfo.email`) and
 * its label in every language we have texts for.
 */
export const HEADER_TO_COLUMN: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const column of TRAVELER_COLUMNS) {
    map.set(headerKey(column.key), column.key);
    for (const texts of Object.values(DOCUMENT_TEXTS)) {
      const label = (texts.columns as Record<string, string>)[column.key];
      const key = label ? headerKey(label) : '';
      // The first language to claim a header keeps it (es, en first), so no label can steal
      // another column's header.
      if (key && !map.has(key)) map.set(key, column.key);
    }
  }
  for (const [label, key] of EARLIER_HEADERS) {
    if (!map.has(headerKey(label))) map.set(headerKey(label), key);
  }
  return map;
})();
