import { alpha2FromAlpha3 } from '@hospes/shared/countries';
import { bcp47Of } from '@hospes/shared/languages';

/** A calendar date (YYYY-MM-DD) in the interface language, without a time-zone shift. */
export function formatDate(iso: string | null | undefined, lng: string): string {
  if (!iso) return '';
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(bcp47Of(lng), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    date,
  );
}

export { formatDateTime } from '@/lib/format-date-time';

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

/** First name, surname and second surname (spec §2: "name with second surname"). */
export function fullName(person: {
  firstName: string;
  lastName: string;
  secondLastName?: string | null;
}): string {
  return [person.firstName, person.lastName, person.secondLastName].filter(Boolean).join(' ');
}
