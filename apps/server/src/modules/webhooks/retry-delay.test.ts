import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './deliveries';

describe('retryDelaySeconds', () => {
  it('waits the setting before the second attempt, doubling, at most 6 hours', () => {
    expect([2, 3, 4, 5, 8].map((n) => retryDelaySeconds(60, n))).toEqual([60, 120, 240, 480, 3840]);
    expect(retryDelaySeconds(60, 20)).toBe(6 * 3600);
    expect(retryDelaySeconds(1, 2)).toBe(1);
  });
});
