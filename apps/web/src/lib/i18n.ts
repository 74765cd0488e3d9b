import i18n, { type BackendModule, type i18n as I18n, type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { bcp47Of, DEFAULT_LANGUAGE, type Language } from '@hospes/shared/languages';
import { LANGUAGE_COOKIE_DAYS, STORAGE_KEYS } from '@/config/constants';
import { loadNamespace } from '@/locales/namespaces';
import type { PublicNamespace } from '@/locales/public';

/**
 * Interface languages. The switcher is built for the 16 languages of spec §9; this one list
 * says which of them are translated today. To add one: create src/locales/<lng>/, the shared
 * validation/errors files, add its loader below and its code here.
 */
export const AVAILABLE_LANGUAGES = [
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
] as const satisfies readonly Language[];
export type AvailableLanguage = (typeof AVAILABLE_LANGUAGES)[number];

/** Native names of every language of spec §9, shown in the switcher (also in the traveler file). */
export { LANGUAGE_NAMES } from '@hospes/shared/languages';

export const NAMESPACES = [
  'common',
  'auth',
  'profile',
  'clients',
  'checkin',
  'establishments',
  'admin',
  'documents',
  'reservations',
  'validation',
  'errors',
  'ses',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

function isAvailable(lng: string): lng is AvailableLanguage {
  return (AVAILABLE_LANGUAGES as readonly string[]).includes(lng);
}

/**
 * The translations carry the `_one`/`_other` plural keys of the English source. Languages with
 * more plural categories (ar, ru, uk: zero, two, few, many) would miss `key_few` and fall back to
 * Spanish; their `_other` texts are written to read for any count, so they stand in for the
 * missing categories.
 */
export function fillPluralForms<T>(table: T, lng: string): T {
  let categories: string[];
  try {
    categories = new Intl.PluralRules(bcp47Of(lng)).resolvedOptions().pluralCategories;
  } catch {
    return table;
  }
  const walk = (node: unknown): unknown => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = walk(value);
    for (const [key, value] of Object.entries(out)) {
      if (!key.endsWith('_other')) continue;
      const base = key.slice(0, -'_other'.length);
      for (const category of categories) out[`${base}_${category}`] ??= value;
    }
    return out;
  };
  return walk(table) as T;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    if (!isAvailable(language)) {
      callback(null, {});
      return;
    }
    // One chunk per language and namespace (locales/namespaces.ts, decision 073).
    loadNamespace(language, namespace).then(
      (table) => callback(null, fillPluralForms(table ?? {}, language)),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Options shared by the app and the tests. */
export const baseOptions: InitOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...AVAILABLE_LANGUAGES],
  load: 'languageOnly',
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  react: { useSuspense: false },
};

/** Keeps <html lang> and dir in step with the interface language (dir="rtl" for Arabic). */
export function applyDocumentLanguage(lng: string, instance: I18n = i18n): void {
  if (typeof document === 'undefined') return;
  // Valencian is its own locale, tagged as the Valencian variant of Catalan.
  document.documentElement.lang = bcp47Of(lng);
  document.documentElement.dir = instance.dir(lng);
}

/** Spec §9: detection order, caches (localStorage `i18nextLng`, cookie `i18next` for 30 days). */
export const detection = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: STORAGE_KEYS.languageCookie,
  lookupLocalStorage: STORAGE_KEYS.language,
  lookupSessionStorage: STORAGE_KEYS.language,
  caches: ['localStorage', 'cookie'],
  cookieMinutes: LANGUAGE_COOKIE_DAYS * 24 * 60,
  cookieOptions: { path: '/', sameSite: 'strict' as const },
};

/**
 * What every page shows (the header, the footer, the API's generic messages): loaded at start;
 * a page's own namespaces come with its route (loadNamespaces, decision 073).
 */
export const START_NAMESPACES: Namespace[] = ['common'];

/** Starts i18next with spec §9's detection; resolves once the first language is loaded. */
export async function initI18n(instance: I18n = i18n): Promise<I18n> {
  instance.on('languageChanged', (lng: string) => applyDocumentLanguage(lng, instance));
  await instance
    .use(lazyBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({ ...baseOptions, ns: [...START_NAMESPACES], detection });
  applyDocumentLanguage(currentLanguage(instance), instance);
  return instance;
}

/** The language the interface shows now (one of AVAILABLE_LANGUAGES, else es). */
export function currentLanguage(instance: I18n = i18n): AvailableLanguage {
  const lng = instance.resolvedLanguage ?? instance.language;
  return lng && isAvailable(lng) ? lng : 'es';
}

/**
 * Loads the namespaces a page shows (each its own chunk, in the active language) before it
 * renders. The router starts loading the first page before i18next has finished starting, so wait
 * for that first. Once loaded, a namespace is loaded again with any language switched to.
 */
export async function loadNamespaces(
  namespaces: readonly (Namespace | PublicNamespace)[],
  instance: I18n = i18n,
): Promise<void> {
  if (!instance.isInitialized) {
    await new Promise<void>((resolve) => {
      const done = () => {
        instance.off('initialized', done);
        resolve();
      };
      instance.on('initialized', done);
    });
  }
  await instance.loadNamespaces([...namespaces]);
}

export { i18n };
