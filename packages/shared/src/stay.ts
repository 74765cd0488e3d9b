/**
 * Length of stay and the stay indicator of the client list (spec §2, §4: recent arrival, long
 * stay, stay too long). Thresholds chosen for pilgrim hostels: see
 * docs/decisions/007-stay-indicator-thresholds.md.
 */
import { addDays, daysBetween } from './dates';

export const STAY_STATUSES = ['recent', 'long', 'tooLong'] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

export const STAY_THRESHOLDS = {
  /** Entered today or yesterday (0 or 1 nights so far). */
  recentMaxNights: 1,
  /** 3 or more nights so far. */
  longMinNights: 3,
  /** 7 or more nights so far and no check-out date. */
  tooLongMinNights: 7,
} as const;

/**
 * Nights of the stay: to the check-out date when there is one, else to today (nights so far).
 * Never negative (a future arrival has 0).
 */
export function daysOfStay(entryDate: string, checkOutDate: string | null, today: string): number {
  const end = checkOutDate ?? today;
  return Math.max(0, daysBetween(entryDate, end));
}

/**
 * The indicator of a stay in progress, or null: not arrived yet, checked out (check-out today or
 * earlier), or a stay of 2 nights so far, which needs no attention.
 */
export function stayStatus(
  entryDate: string,
  checkOutDate: string | null,
  today: string,
): StayStatus | null {
  if (entryDate > today) return null;
  if (checkOutDate !== null && checkOutDate <= today) return null;
  const nights = daysBetween(entryDate, today);
  if (nights <= STAY_THRESHOLDS.recentMaxNights) return 'recent';
  if (nights >= STAY_THRESHOLDS.tooLongMinNights && checkOutDate === null) return 'tooLong';
  if (nights >= STAY_THRESHOLDS.longMinNights) return 'long';
  return null;
}

/**
 * The same rule as date bounds, for a database filter. A traveler has status `s` exactly when
 * `entryDate` ≤ today, not checked out (`checkOutDate` null or after today), and:
 * - recent: entryDate ≥ `recentFrom`;
 * - long: entryDate ≤ `longTo` and (checkOutDate set, or entryDate > `tooLongTo`);
 * - tooLong: entryDate ≤ `tooLongTo` and checkOutDate null.
 */
export function stayStatusBounds(today: string) {
  return {
    today,
    recentFrom: addDays(today, -STAY_THRESHOLDS.recentMaxNights),
    longTo: addDays(today, -STAY_THRESHOLDS.longMinNights),
    tooLongTo: addDays(today, -STAY_THRESHOLDS.tooLongMinNights),
  };
}
