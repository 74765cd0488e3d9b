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
