/**
 * A list from the locale files (`t(key, { returnObjects: true })`). If the texts are not there
 * (a language still untranslated, a namespace that failed to load) the page shows nothing for
 * that list rather than crashing.
 */
export function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
