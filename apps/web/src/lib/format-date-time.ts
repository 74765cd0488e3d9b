import { bcp47Of } from '@hospes/shared/languages';

/** A calendar date `YYYY-MM-DD` shown in the interface language (never shifted by time zone). */
export function formatDate(iso: string | null | undefined, lng: string): string {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(bcp47Of(lng), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    date,
  );
}

/** A moment (ISO date-time) in the interface language, in the browser's time zone. */
export function formatDateTime(iso: string | null | undefined, lng: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(bcp47Of(lng), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** First name, surname and second surname (spec §2: "name with second surname"). */
export { fullName } from '@hospes/shared/travelers';
