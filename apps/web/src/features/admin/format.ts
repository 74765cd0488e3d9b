import { alpha2FromAlpha3 } from '@hospes/shared/countries';
import { bcp47Of } from '@hospes/shared/languages';

export { formatDate, formatDateTime, fullName } from '@/lib/format-date-time';

/** "2025-03" → "March 2025", or "Mar 25" (short, for a chart's axis). */
export function formatMonth(month: string, lng: string, style: 'short' | 'long' = 'long'): string {
  const [year, index] = month.split('-').map(Number);
  if (!year || !index) return month;
  return new Intl.DateTimeFormat(bcp47Of(lng), {
    month: style,
    year: style === 'short' ? '2-digit' : 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, index - 1, 1)));
}

/** The country's name in the interface language for an ISO alpha-3 code; the code otherwise. */
export function countryName(code: string, lng: string): string {
  const alpha2 = alpha2FromAlpha3(code);
  if (!alpha2) return code;
  try {
    return new Intl.DisplayNames([bcp47Of(lng)], { type: 'region' }).of(alpha2) ?? code;
  } catch {
    return code;
  }
}
