/**
 * The clock the end-to-end tests move (TEST_CLOCK, decision 047): the real clock plus an offset,
 * so that it keeps running after a move. It replaces `AppDeps.now`, the clock of the SES sends,
 * the lote checks, the corrections, the automatic sends and the deadline guard; sessions, rate
 * limits, the job queue and the dates the database stamps keep the real one.
 */
export interface TestClock {
  now(): Date;
  /** From now on the clock reads `at`, and runs on from there. */
  set(at: Date): void;
  /** Moves the clock by `ms` (negative: back). */
  advance(ms: number): void;
  /** How far the clock is from the real one, in milliseconds. */
  offsetMs(): number;
}

export function createTestClock(base: () => Date = () => new Date()): TestClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    set(at) {
      offset = at.getTime() - base().getTime();
    },
    advance(ms) {
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
