import { bcp47Of } from '@hospes/shared/languages';

/** A moment (ISO date-time) in the interface language, in the browser's time zone. */
export function formatDateTime(iso: string | null | undefined, lng: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(bcp47Of(lng), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}
