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

/** A local date-time `YYYY-MM-DDTHH:mm[:ss]` shown in the interface language. */
export function formatDateTime(value: string | null | undefined, lng: string): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return value;
  const [, y, m, d, hh, mm] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d, hh, mm));
  return new Intl.DateTimeFormat(bcp47Of(lng), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
}

export function fullName(p: {
  firstName: string;
  lastName: string;
  secondLastName?: string | null;
}) {
  return [p.firstName, p.lastName, p.secondLastName].filter(Boolean).join(' ');
}
