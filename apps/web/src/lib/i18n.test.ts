import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AVAILABLE_LANGUAGES,
  currentLanguage,
  initI18n,
  LANGUAGE_NAMES,
  loadNamespaces,
} from './i18n';
import en from '@/locales/en';
import es from '@/locales/es';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    keysOf(inner, prefix ? `${prefix}.${key}` : key),
  );
}

function setNavigatorLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', {
    configurable: true,
    get: () => languages,
  });
  Object.defineProperty(window.navigator, 'language', {
    configurable: true,
    get: () => languages[0],
  });
}

describe('i18n (spec §9)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    setNavigatorLanguages(['en-US', 'en']);
    document.documentElement.lang = 'en';
    document.documentElement.removeAttribute('dir');
  });

  it('has the same keys in Spanish and English', () => {
    for (const ns of ['common', 'auth', 'profile', 'clients'] as const) {
      expect(keysOf(es[ns]).sort(), ns).toEqual(keysOf(en[ns]).sort());
    }
    expect(Object.keys(es.validation).sort()).toEqual(Object.keys(en.validation).sort());
  });

  it('names and offers all 16 languages', () => {
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual(
      [
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
      ].sort(),
    );
    expect([...AVAILABLE_LANGUAGES].sort()).toEqual(Object.keys(LANGUAGE_NAMES).sort());
  });

  it('takes ?lng= first, loads that language lazily, caches it and sets <html lang>', async () => {
    document.cookie = 'i18next=es; Path=/';
    window.history.replaceState(null, '', '/verify-email?token=x&lng=en');
    const instance = await initI18n(i18next.createInstance());

    expect(currentLanguage(instance)).toBe('en');
    expect(instance.t('notFound.title')).toBe('Page not found');
    // Only what every page shows is loaded at start; a page's namespaces come with it (073).
    expect(instance.hasLoadedNamespace('validation')).toBe(false);
    await loadNamespaces(['validation'], instance);
    expect(instance.t('required', { ns: 'validation' })).toBe('This field is required');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.cookie.split('; ')).toContain('i18next=en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('then the cookie, then localStorage, then the browser language', async () => {
    document.cookie = 'i18next=en; Path=/';
    localStorage.setItem('i18nextLng', 'es');
    expect(currentLanguage(await initI18n(i18next.createInstance()))).toBe('en');

    document.cookie = 'i18next=; Path=/; Max-Age=0';
    localStorage.setItem('i18nextLng', 'es');
    setNavigatorLanguages(['en-GB']);
    expect(currentLanguage(await initI18n(i18next.createInstance()))).toBe('es');

    localStorage.clear();
    document.cookie = 'i18next=; Path=/; Max-Age=0';
    expect(currentLanguage(await initI18n(i18next.createInstance()))).toBe('en');
  });

  it('falls back to Spanish for a language it does not have', async () => {
    setNavigatorLanguages(['sv-SE', 'sv']);
    document.documentElement.lang = 'sv'; // the last source of the order: <html lang>
    const instance = await initI18n(i18next.createInstance());
    expect(currentLanguage(instance)).toBe('es');
    expect(instance.t('notFound.title')).toBe('Página no encontrada');
    expect(instance.t('notFound.home')).toBe('Volver al inicio');
  });

  it('speaks Arabic right to left and tags Valencian as ca-valencia', async () => {
    setNavigatorLanguages(['ar']);
    const instance = await initI18n(i18next.createInstance());
    expect(currentLanguage(instance)).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await instance.changeLanguage('va');
    expect(document.documentElement.lang).toBe('ca-valencia');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
