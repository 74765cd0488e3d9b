/**
 * The date rules of a registration go by the establishment's clock where it is known (the Canary
 * Islands are an hour behind the mainland), and before it is known refuse only what is wrong by
 * every Spanish clock (decision 028).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CreateTravelerInputSchema,
  recordIssuesByClock,
  registrationSchemasFor,
  type TravelerRecordLike,
} from './travelers';
import { CANARY_TIME_ZONE } from './provinces';
import { SPAIN_TIME_ZONE } from './dates';

/** 23:30 in Las Palmas in winter (UTC+0): 00:30 of the next day in Madrid. */
const LATE_EVENING = new Date('2026-01-15T23:30:00Z');
const ISLAND_DAY = '2026-01-15';
const MAINLAND_DAY = '2026-01-16';

const traveler = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ana',
  lastName: 'Pérez',
  nationality: 'FRA',
  documentType: 'P',
  passportNumber: 'AB1234567',
  dateOfBirth: '1990-05-01',
  gender: 'F',
  contactInfo: { email: 'ana@example.fr', phone: '+33 6 12 34 56 78' },
  emergencyContact: { name: 'Luc Pérez', phone: '+33 6 98 76 54 32', relationship: 'other' },
  ...overrides,
});

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

afterEach(() => vi.useRealTimers());

describe('the date rules of a registration, by the clock of its establishment', () => {
  it('on an island at 23:30, the island’s today is a birth date of the past, its tomorrow is not', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: LATE_EVENING });
    const island = registrationSchemasFor(CANARY_TIME_ZONE).create;
    expect(messages(island.safeParse(traveler({ dateOfBirth: ISLAND_DAY })))).toEqual([]);
    expect(messages(island.safeParse(traveler({ dateOfBirth: MAINLAND_DAY })))).toEqual([
      'validation.birthInFuture',
    ]);
    // On the mainland it is already the 16th.
    const mainland = registrationSchemasFor(SPAIN_TIME_ZONE).create;
    expect(messages(mainland.safeParse(traveler({ dateOfBirth: MAINLAND_DAY })))).toEqual([]);
  });

  it('counts a minor on arrival (no entry date: today) by the establishment’s day', () => {
    // 18 on the mainland's 16th, still 17 on the island's 15th: no document needed there.
    const turning18 = { dateOfBirth: '2008-01-16', passportNumber: null, documentType: null };
    const record = turning18 as TravelerRecordLike;
    expect(recordIssuesByClock(record, { complete: true }, CANARY_TIME_ZONE, LATE_EVENING)).toEqual(
      [],
    );
    expect(
      recordIssuesByClock(record, { complete: true }, SPAIN_TIME_ZONE, LATE_EVENING).map(
        (issue) => issue.message,
      ),
    ).toEqual(['validation.documentRequiredForAdult']);
  });

  it('before the establishment is known, refuses only what is wrong by every Spanish clock', () => {
    const check = (record: TravelerRecordLike) =>
      recordIssuesByClock(record, { complete: true }, undefined, LATE_EVENING).map(
        (issue) => issue.message,
      );
    // Wrong on the island (its tomorrow), right on the mainland: left to the server.
    expect(check({ dateOfBirth: MAINLAND_DAY, passportNumber: 'AB1234567' })).toEqual([]);
    // Wrong on the mainland (an adult without a document), right on the island: the same.
    expect(check({ dateOfBirth: '2008-01-16', passportNumber: null })).toEqual([]);
    // Wrong by both.
    expect(check({ dateOfBirth: '2026-01-17', passportNumber: 'AB1234567' })).toEqual([
      'validation.birthInFuture',
    ]);
    vi.useFakeTimers({ toFake: ['Date'], now: LATE_EVENING });
    expect(
      messages(CreateTravelerInputSchema.safeParse(traveler({ dateOfBirth: MAINLAND_DAY }))),
    ).toEqual([]);
  });

  it('is one day by both clocks outside the hour after the mainland’s midnight', () => {
    const noon = new Date('2026-01-15T12:00:00Z');
    const tomorrow = { dateOfBirth: '2026-01-16', passportNumber: 'AB1234567' };
    for (const zone of [undefined, CANARY_TIME_ZONE, SPAIN_TIME_ZONE])
      expect(
        recordIssuesByClock(tomorrow, { complete: true }, zone, noon).map((i) => i.message),
      ).toEqual(['validation.birthInFuture']);
  });
});
