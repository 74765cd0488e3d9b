/** The 16 interface languages of spec §9; `es` is the fallback. */
export const LANGUAGES = [
  'ar',
  'ca',
  'de',
  'en',
  'es',
  'eu',
  'fr',
  'gl',
  'it',
  'ja',
  'ko',
  'pt',
  'ru',
  'uk',
  'va',
  'zh',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/**
 * Native names of the 16 languages, as the language switcher and the traveler's language field
 * show them, and as the traveler file writes the traveler's language in every language.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  ar: 'العربية',
  ca: 'Català',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  eu: 'Euskara',
  fr: 'Français',
  gl: 'Galego',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  pt: 'Português',
  ru: 'Русский',
  uk: 'Українська',
  va: 'Valencià',
  zh: '中文',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The BCP 47 tag of an interface language, for `Intl`, `lang` and `hreflang`: our code `va` is not
 * a language any of them knows (`Intl` silently falls back to the default locale: English dates
 * and country names for Valencian users), so Valencian is `ca-valencia`.
 */
export function bcp47Of(lng: string): string {
  return lng === 'va' ? 'ca-valencia' : lng;
}

/** Maps a BCP 47 tag (`en-GB`, `ca-valencia`, `zh-Hans`) onto one of our languages, or null. */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  if (lower === 'ca-valencia' || lower === 'ca-es-valencia') return 'va';
  const base = lower.split(/[-_]/)[0] ?? '';
  return isLanguage(base) ? base : null;
}

/** Picks the language of a request: an explicit choice first, then Accept-Language, then es. */
export function pickLanguage(
  explicit: string | null | undefined,
  acceptLanguage?: string | null,
): Language {
  const direct = matchLanguage(explicit);
  if (direct) return direct;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
      })
      .filter((entry) => entry.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    for (const entry of ranked) {
      const match = matchLanguage(entry.tag);
      if (match) return match;
    }
  }
  return DEFAULT_LANGUAGE;
}
