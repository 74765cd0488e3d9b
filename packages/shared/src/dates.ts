/**
 * Calendar dates as `YYYY-MM-DD` strings (no time zone), and "today" in Spain. Pure functions,
 * shared by the forms, the server and the stay rules.
 */
export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const SPAIN_TIME_ZONE = 'Europe/Madrid';

/** A real calendar date in YYYY-MM-DD between 1900 and 2199 (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function toUtc(iso: string): number {
  // YYYY-MM-DD read in place (every list row computes its stay from two dates).
  if (iso.length === 10 && iso[4] === '-' && iso[7] === '-')
    return Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `iso` moved by `days` (negative goes back). */
export function addDays(iso: string, days: number): string {
  return fromUtc(toUtc(iso) + days * 86_400_000);
}

/** `iso` moved by whole years (29 February → 28 February in a common year). */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, 1));
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return fromUtc(target.getTime());
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The last answer per time zone, for its UTC minute: `formatToParts` is slow (~0.1 ms a call). */
const lastDays = new Map<string, { minute: number; day: string }>();

/**
 * Today's date in a time zone (Spain by default). Kept for the current UTC minute: today's time
 * zones are offset from UTC by whole minutes, so every instant of one UTC minute has the same date.
 */
export function todayIso(now: Date = new Date(), timeZone: string = SPAIN_TIME_ZONE): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last && last.minute === minute) return last.day;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  lastDays.set(timeZone, { minute, day });
  return day;
}

/** Age in whole years on a date. */
export function ageOn(dateOfBirth: string, on: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export const ISO_DATE_TIME_PATTERN =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A local date and time `YYYY-MM-DDTHH:mm[:ss]` (as SES `xsd:dateTime` without offset). */
export function isIsoDateTime(value: string): boolean {
  const match = ISO_DATE_TIME_PATTERN.exec(value);
  return !!match && isIsoDate(match[1]!);
}

const localFormatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as the local date and time `YYYY-MM-DDTHH:mm:ss` of a time zone (Spain by default). */
export function localDateTimeOf(instant: Date, timeZone: string = SPAIN_TIME_ZONE): string {
  let format = localFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    localFormatters.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

/** `YYYY-MM-DDTHH:mm` → `YYYY-MM-DDTHH:mm:00`. */
export function normaliseDateTime(value: string): string {
  return value.length === 16 ? `${value}:00` : value;
}
