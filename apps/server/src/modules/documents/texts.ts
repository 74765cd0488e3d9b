/**
 * Texts of the registration documents per language (locales/<lng>/documents.json): column labels
 * of the export, import and template, import problems, success messages. es is the fallback; the
 * translation issue adds the other languages (same keys; the type check fails on a missing one).
 */
import { TRAVELER_COLUMNS } from '@hospes/shared/documents';
import { DEFAULT_LANGUAGE, type Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import { normaliseSearchText } from '@hospes/shared/search';
import en from '../../locales/en/documents.json';
import es from '../../locales/es/documents.json';

export type DocumentTexts = typeof es;

export const DOCUMENT_TEXTS: Partial<Record<Language, DocumentTexts>> = { es, en };

export function documentTexts(lng: Language): DocumentTexts {
  return DOCUMENT_TEXTS[lng] ?? DOCUMENT_TEXTS[DEFAULT_LANGUAGE]!;
}

export function columnLabel(lng: Language, key: string): string {
  return (documentTexts(lng).columns as Record<string, string>)[key] ?? key;
}

export function text(template: string, params?: Record<string, unknown>): string {
  return interpolate(template, params);
}

/** A header as compared on import: letters and digits only, lower case, no accents. */
export function headerKey(value: string): string {
  return normaliseSearchText(value).replace(/[^a-z0-9]/g, '');
}

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
      if (label) map.set(headerKey(label), column.key);
    }
  }
  return map;
})();
