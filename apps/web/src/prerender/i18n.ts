import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@hospes/shared/languages';
import {
  AVAILABLE_LANGUAGES,
  baseOptions,
  fillPluralForms,
  i18n,
  type AvailableLanguage,
} from '@/lib/i18n';
import type { LocaleBundle } from '@/locales/types';

/**
 * i18next for a render to HTML outside the browser (decisions 073 and 079): every language's whole
 * bundle loaded at once (the app loads one namespace at a time, over the network), plus the
 * namespaces a page adds (the landing's `marketing`).
 */
const bundles = import.meta.glob<LocaleBundle>('../locales/*/index.ts', {
  import: 'default',
  eager: true,
});

function resourcesOf(lng: AvailableLanguage, extra: Record<string, Record<string, unknown>>) {
  const bundle = bundles[`../locales/${lng}/index.ts`];
  if (!bundle) throw new Error(`No locale bundle for ${lng}`);
  return fillPluralForms({ ...bundle, ...extra }, lng);
}

let ready: Promise<unknown> | null = null;

/** Starts the app's i18next with every language (once); `extra(lng)` adds a page's namespaces. */
export function initServerI18n(
  extra: (lng: AvailableLanguage) => Record<string, Record<string, unknown>> = () => ({}),
) {
  ready ??= i18n.use(initReactI18next).init({
    ...baseOptions,
    lng: DEFAULT_LANGUAGE,
    ns: [...(baseOptions.ns as string[]), ...Object.keys(extra(DEFAULT_LANGUAGE))],
    resources: Object.fromEntries(
      AVAILABLE_LANGUAGES.map((lng) => [lng, resourcesOf(lng, extra(lng))]),
    ),
  });
  return ready;
}

export { AVAILABLE_LANGUAGES, i18n };
