import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { alpha2FromAlpha3, COUNTRIES } from '@hospes/shared/countries';
import type { ComboboxOption } from '@/components/ui/combobox';
import { bcp47Of, LANGUAGES } from '@hospes/shared/languages';
import { COUNTRY_ALIASES, FREQUENT_COUNTRIES } from './country-aliases';

const namers = new Map<string, Intl.DisplayNames | null>();

function namer(lng: string): Intl.DisplayNames | null {
  if (!namers.has(lng)) {
    let value: Intl.DisplayNames | null;
    try {
      value = new Intl.DisplayNames([bcp47Of(lng)], { type: 'region', fallback: 'code' });
    } catch {
      value = null;
    }
    namers.set(lng, value);
  }
  return namers.get(lng) ?? null;
}

/** A country's name in the interface language, from its ISO alpha-3 code (the code if unknown). */
export function countryName(alpha3: string, lng: string): string {
  const alpha2 = alpha2FromAlpha3(alpha3);
  if (!alpha2) return alpha3;
  return namer(lng)?.of(alpha2) ?? alpha3;
}

/**
 * The words that find a country besides its name in the interface language: its ISO alpha-3 code,
 * its name in every interface language (a pilgrim's own word for their country, whatever the
 * desk's language), and the common names and abbreviations of COUNTRY_ALIASES. Made once. The
 * alpha-2 code is the option's `code`, no better a match than a name that starts with it.
 */
let searchWords: Map<string, readonly string[]> | undefined;

function wordsFor(alpha3: string): readonly string[] {
  searchWords ??= new Map(
    COUNTRIES.map(([code]) => [
      code,
      [
        ...new Set([
          code,
          ...LANGUAGES.map((lng) => countryName(code, lng)),
          ...(COUNTRY_ALIASES[code] ?? []),
        ]),
      ],
    ]),
  );
  return searchWords.get(alpha3) ?? [alpha3];
}

/** Countries pilgrims often come from first among equal matches (see FREQUENT_COUNTRIES). */
const PRIORITY = new Map(
  FREQUENT_COUNTRIES.map((code, i) => [code, FREQUENT_COUNTRIES.length - i]),
);

/**
 * Every country as a type-ahead option: the name in the interface language, the value the alpha-3
 * code that SES wants; the codes, the names in the other interface languages and the common names
 * ("UK", "Holland", "EEUU", "Corea") also find it, and a country pilgrims often come from comes
 * first among equal matches.
 */
const optionsByLanguage = new Map<string, ComboboxOption[]>();

export function countryOptions(lng: string): ComboboxOption[] {
  // Made once per language: the names, their search words and the sort are the costly part.
  let options = optionsByLanguage.get(lng);
  if (!options) {
    const collator = new Intl.Collator(bcp47Of(lng));
    options = COUNTRIES.map(([alpha3, alpha2]) => ({
      value: alpha3,
      label: countryName(alpha3, lng),
      keywords: wordsFor(alpha3),
      // The two-letter code, no better a match than a name that starts so (see matchRank).
      code: alpha2,
      priority: PRIORITY.get(alpha3) ?? 0,
    })).sort((a, b) => collator.compare(a.label, b.label));
    optionsByLanguage.set(lng, options);
  }
  return options;
}

/** countryOptions in the interface language, made again when it changes. */
export function useCountryOptions(): ComboboxOption[] {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'es';
  return useMemo(() => countryOptions(lng), [lng]);
}
