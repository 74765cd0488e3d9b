/**
 * Progressive delays (decision 049): after `free` failures for a key, each further failure makes
 * the next attempt wait, 1 s, 2 s, 4 s… up to `maxWaitSeconds`; a success clears the key. Nothing
 * sleeps: `wait` answers the seconds left, and the caller refuses (429 with Retry-After) meanwhile.
 *
 * Two of rate-limiter-flexible's limiters make one delay, as in its login-protection examples: a
 * counter of failures (a fixed window from the first, `windowMs`) and a limiter whose `block` holds
 * the wait. Either may be in memory, PostgreSQL or Redis (lib/shared-rate-limits.ts): the same code
 * serves every store, and in a shared store every process sees the same wait.
 */
import { createHash } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

export interface DelayOptions {
  /** Names the delay in a shared store. */
  name: string;
  /** Failures allowed before the first wait. */
  free: number;
  /** The first wait; each further failure doubles it. */
  firstWaitSeconds: number;
  maxWaitSeconds: number;
  /** How long failures are remembered, from the first of a key's window. */
  windowMs: number;
  /** Maps what callers pass to the key counted (`clientKey` for an address). */
  keyOf?: (key: string) => string;
}

export interface Delay {
  /** 0 while the key may try; else the seconds until it may (at least 1). */
  wait(key: string): Promise<number>;
  /** Counts a failure: how many the key has in its window, and the wait this one set (0: none). */
  fail(key: string): Promise<{ failures: number; wait: number }>;
  /** The failures counted in the key's window (0 when none). */
  failures(key: string): Promise<number>;
  /** A success: the key starts again from nothing. */
  reset(key: string): Promise<void>;
}

/** The wait set by the `failures`-th failure (0 while within the free ones). */
export function waitAfter(
  failures: number,
  options: Pick<DelayOptions, 'free' | 'firstWaitSeconds' | 'maxWaitSeconds'>,
): number {
  const over = failures - options.free;
  if (over <= 0) return 0;
  // 2^30 is past any cap; the exponent is bounded so the number stays finite.
  return Math.min(options.maxWaitSeconds, options.firstWaitSeconds * 2 ** Math.min(over - 1, 30));
}

const BLOCKER_POINTS = 1;

/** So many points that the counter never refuses: it only counts. */
export const COUNTER_POINTS = 1_000_000_000;

/**
 * A delay over two of the library's limiters of one store: `counter` (points COUNTER_POINTS,
 * duration the window) and `blocker` (any points; its `block` holds the wait).
 */
export function libraryDelay(
  counter: RateLimiterAbstract,
  blocker: RateLimiterAbstract,
  options: DelayOptions,
): Delay {
  const keyOf = options.keyOf ?? ((key: string) => key);
  const digest = (key: string) => createHash('sha256').update(keyOf(key)).digest('base64url');
  return {
    async wait(key) {
      const res = await blocker.get(digest(key));
      // A blocked key holds more points than the blocker allows (it is never consumed otherwise).
      if (!res || res.consumedPoints <= BLOCKER_POINTS || res.msBeforeNext <= 0) return 0;
      return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    },
    async fail(key) {
      const id = digest(key);
      const res = await counter.penalty(id, 1);
      const failures = res.consumedPoints;
      const wait = waitAfter(failures, options);
      if (wait > 0) await blocker.block(id, wait);
      return { failures, wait };
    },
    async failures(key) {
      return (await counter.get(digest(key)))?.consumedPoints ?? 0;
    },
    async reset(key) {
      const id = digest(key);
      await Promise.all([counter.delete(id), blocker.delete(id)]);
    },
  };
}

/** The library's options of a delay's two limiters. */
export function delayLimiterOptions(options: DelayOptions) {
  return {
    counter: {
      points: COUNTER_POINTS,
      duration: Math.max(1, Math.ceil(options.windowMs / 1000)),
      keyPrefix: `hospes:${options.name}`,
    },
    blocker: {
      points: BLOCKER_POINTS,
      duration: Math.max(1, options.maxWaitSeconds),
      keyPrefix: `hospes:${options.name}:wait`,
    },
  };
}
