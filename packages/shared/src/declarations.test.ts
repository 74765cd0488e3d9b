import { describe, expect, it } from 'vitest';
import { declarationState, declarationValidUntil } from './declarations';

describe('the year of a declaración responsable', () => {
  it('is valid through the day before the same date a year later', () => {
    expect(declarationValidUntil('2026-03-10')).toBe('2027-03-09');
    expect(declarationValidUntil('2026-01-01')).toBe('2026-12-31');
    // Signed on 29 February: through 28 February of the year after; signed on 1 March, through the
    // last day of February (29th in a leap year).
    expect(declarationValidUntil('2028-02-29')).toBe('2029-02-28');
    expect(declarationValidUntil('2027-03-01')).toBe('2028-02-29');
  });

  it('warns from 30 days before its end, its last day included, and expires the day after', () => {
    expect(declarationState(null, '2026-03-10')).toBe('never');
    expect(declarationState('2027-03-09', '2026-03-10')).toBe('valid');
    expect(declarationState('2027-03-09', '2027-02-07')).toBe('valid');
    expect(declarationState('2027-03-09', '2027-02-08')).toBe('expiring');
    expect(declarationState('2027-03-09', '2027-03-09')).toBe('expiring');
    expect(declarationState('2027-03-09', '2027-03-10')).toBe('expired');
  });
});
