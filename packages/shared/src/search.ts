/** Text normalisation for searching: case- and accent-insensitive. */

/** "María  NÚÑEZ-Ortiz" → "maria nunez-ortiz": no accents, lower case, single spaces. */
export function normaliseSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æ]/gi, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a search query, normalised, at most `max` of them. */
export function searchTerms(query: string | null | undefined, max = 5): string[] {
  if (!query) return [];
  return normaliseSearchText(query).split(' ').filter(Boolean).slice(0, max);
}

/** Escapes LIKE wildcards so a term matches literally (with `escape '\'`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
