/**
 * Reading and writing iCalendar (RFC 5545) with ical.js (decision 060): a channel's calendar as
 * the stays it holds, and the establishment's reservations as a calendar for the channels.
 */
import ICAL from 'ical.js';

export interface CalendarStay {
  uid: string;
  /** The first night (YYYY-MM-DD) and the day of departure (DTEND, exclusive). */
  arrival: string;
  departure: string;
  cancelled: boolean;
  summary: string | null;
}

export class InvalidCalendar extends Error {}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** The calendar day of a DATE or DATE-TIME value, as written in the feed (its own zone). */
const dayOf = (time: ICAL.Time) => `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The stays of a calendar, one per UID (a recurrence's exceptions, which repeat a UID with a
 * RECURRENCE-ID, are left out: channels do not write them). Throws InvalidCalendar for a text
 * that is not a VCALENDAR, or an event without UID or start.
 */
export function readCalendar(text: string): CalendarStay[] {
  let root: ICAL.Component;
  try {
    const parsed: unknown = ICAL.parse(text);
    if (!Array.isArray(parsed) || parsed.length === 0) throw new InvalidCalendar('empty');
    root = new ICAL.Component(Array.isArray(parsed[0]) ? (parsed[0] as never) : (parsed as never));
  } catch (err) {
    throw err instanceof InvalidCalendar ? err : new InvalidCalendar('unparsable');
  }
  if (root.name !== 'vcalendar') throw new InvalidCalendar('not a calendar');
  const stays = new Map<string, CalendarStay>();
  for (const vevent of root.getAllSubcomponents('vevent')) {
    if (vevent.hasProperty('recurrence-id')) continue;
    const uid = vevent.getFirstPropertyValue('uid');
    const start = vevent.getFirstPropertyValue('dtstart');
    if (typeof uid !== 'string' || uid.trim() === '' || !(start instanceof ICAL.Time))
      throw new InvalidCalendar('event without UID or DTSTART');
    let end: ICAL.Time | null;
    try {
      end = new ICAL.Event(vevent).endDate;
    } catch {
      end = null;
    }
    const arrival = dayOf(start);
    let departure = end ? dayOf(end) : nextDay(arrival);
    if (departure <= arrival) departure = nextDay(arrival);
    const status = vevent.getFirstPropertyValue('status');
    const summary = vevent.getFirstPropertyValue('summary');
    const key = uid.trim();
    if (key.length > 500) throw new InvalidCalendar('UID too long');
    if (!stays.has(key))
      stays.set(key, {
        uid: key,
        arrival,
        departure,
        cancelled: typeof status === 'string' && status.toUpperCase() === 'CANCELLED',
        summary: typeof summary === 'string' && summary.trim() ? summary.trim() : null,
      });
  }
  return [...stays.values()];
}

export interface ExportedStay {
  id: string;
  arrival: string;
  departure: string;
  summary: string;
  updatedAt: Date;
}

/** A calendar of stays, as channels import it: all-day events from arrival to departure. */
export function writeCalendar(name: string, stays: readonly ExportedStay[], now: Date): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', '-//Hospes//Reservations//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('x-wr-calname', name);
  const stamp = ICAL.Time.fromJSDate(now, true);
  for (const stay of stays) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', `${stay.id}@hospes`);
    event.addPropertyWithValue('dtstamp', stamp);
    event.addPropertyWithValue('last-modified', ICAL.Time.fromJSDate(stay.updatedAt, true));
    event.addPropertyWithValue('dtstart', ICAL.Time.fromDateString(stay.arrival));
    event.addPropertyWithValue('dtend', ICAL.Time.fromDateString(stay.departure));
    event.addPropertyWithValue('summary', stay.summary);
    event.addPropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(event);
  }
  return calendar.toString().replace(/\r?\n/g, '\r\n') + '\r\n';
}
