import { describe, expect, it } from 'vitest';
import { addDays, addYears, ageOn, daysBetween, isIsoDate, isIsoDateTime, todayIso } from './dates';
import { daysOfStay, STAY_THRESHOLDS, stayStatus, stayStatusBounds, type StayStatus } from './stay';

const today = '2026-05-20';

describe('dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('1899-12-31')).toBe(false);
    expect(isIsoDate('20260101')).toBe(false);
    expect(isIsoDateTime('2026-05-20T14:30')).toBe(true);
    expect(isIsoDateTime('2026-05-20T24:00')).toBe(false);
    expect(isIsoDateTime('2026-02-30T10:00:00')).toBe(false);
  });

  it('counts and moves days across months, leap years and daylight saving', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addYears('2024-02-29', -3)).toBe('2021-02-28');
    expect(ageOn('2008-05-21', '2026-05-20')).toBe(17);
    expect(ageOn('2008-05-20', '2026-05-20')).toBe(18);
  });

  it('gives today in Spain, not in UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    expect(todayIso(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(todayIso(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(todayIso(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    // Asked again within the same minute, and across midnight in Madrid, one second apart.
    expect(todayIso(new Date('2026-07-01T22:00:59Z'))).toBe('2026-07-02');
    expect(todayIso(new Date('2026-07-01T21:59:59Z'))).toBe('2026-07-01');
    expect(todayIso(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(todayIso(new Date('2026-07-01T22:00:00Z'), 'America/New_York')).toBe('2026-07-01');
  });
});

describe('stay rules', () => {
  it('counts nights to the check-out, or so far', () => {
    expect(daysOfStay('2026-05-18', '2026-05-19', today)).toBe(1);
    expect(daysOfStay('2026-05-10', null, today)).toBe(10);
    expect(daysOfStay(today, null, today)).toBe(0);
    expect(daysOfStay('2026-06-01', null, today)).toBe(0);
  });

  it.each<[string, string | null, StayStatus | null]>([
    [today, null, 'recent'],
    ['2026-05-19', null, 'recent'],
    ['2026-05-19', '2026-05-21', 'recent'],
    ['2026-05-18', null, null],
    ['2026-05-17', null, 'long'],
    ['2026-05-14', null, 'long'],
    ['2026-05-13', null, 'tooLong'],
    ['2026-04-01', null, 'tooLong'],
    ['2026-05-01', '2026-05-30', 'long'],
    ['2026-05-01', today, null],
    ['2026-05-19', today, null],
    ['2026-05-21', null, null],
  ])('entry %s, check-out %s → %s', (entry, checkOut, expected) => {
    expect(stayStatus(entry, checkOut, today)).toBe(expected);
  });

  it('matches its database bounds for every entry and check-out around today', () => {
    const b = stayStatusBounds(today);
    const viaBounds = (entry: string, checkOut: string | null): StayStatus | null => {
      if (entry > b.today || (checkOut !== null && checkOut <= b.today)) return null;
      if (entry >= b.recentFrom) return 'recent';
      if (entry <= b.tooLongTo && checkOut === null) return 'tooLong';
      if (entry <= b.longTo && (checkOut !== null || entry > b.tooLongTo)) return 'long';
      return null;
    };
    for (let e = -20; e <= 3; e++) {
      for (const c of [null, -21, -5, -1, 0, 1, 10]) {
        const entry = addDays(today, e);
        const checkOut = c === null ? null : addDays(today, c);
        expect(viaBounds(entry, checkOut), `${entry} ${checkOut}`).toBe(
          stayStatus(entry, checkOut, today),
        );
      }
    }
    expect(STAY_THRESHOLDS).toEqual({ recentMaxNights: 1, longMinNights: 3, tooLongMinNights: 7 });
  });
});
