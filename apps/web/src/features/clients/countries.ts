import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { alpha2FromAlpha3, COUNTRIES } from '@hospes/shared/countries';
import type { ComboboxOption } from '@/components/ui/combobox';
import { bcp47Of } from '@hospes/shared/languages';

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
 * Every country as a type-ahead option: the name in the interface language, the value the alpha-3
 * code that SES wants; the codes and the English name also find it.
 */
export function useCountryOptions(): ComboboxOption[] {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'es';
  return useMemo(() => {
    const collator = new Intl.Collator(bcp47Of(lng));
    return COUNTRIES.map(([alpha3, alpha2]) => ({
      value: alpha3,
      label: countryName(alpha3, lng),
      keywords: [alpha3, alpha2, countryName(alpha3, 'en')],
    })).sort((a, b) => collator.compare(a.label, b.label));
  }, [lng]);
}
