import { isIPv6 } from 'node:net';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import {
  delayLimiterOptions,
  libraryDelay,
  type Delay,
  type DelayOptions,
} from './progressive-delay';

export type { Delay, DelayOptions } from './progressive-delay';

/**
 * A limit as the services use it: a fixed window per key, counted in this process's memory or in
 * a store every server process shares (PostgreSQL or Redis: lib/shared-rate-limits.ts, decision
 * 046). Every call may go to the store, hence promises.
 */
export interface RateLimit {
  /** 0 while the key is under its limit; else the seconds until its window ends (at least 1). */
  retryAfter(key: string): Promise<number>;
  /** Counts one event for the key. */
  hit(key: string): Promise<void>;
  /**
   * Counts one event unless the key is at its limit: 0 when counted, else what `retryAfter`
   * answers. One step in the store, so calls made at once (by any process) never pass the limit
   * together.
   */
  take(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export interface RateLimitOptions {
  /** Names the limit in a shared store: two limits never count each other's keys. */
  name: string;
  /**
   * Events per key and window; a function for a limit an administrator changes while the server
   * runs (decision 062), asked at each call: counts already made are kept and meet the new limit.
   */
  max: number | (() => number | Promise<number>);
  windowMs: number;
  /** Maps what callers pass to the key counted: `clientKey` for a limit per client address. */
  keyOf?: (key: string) => string;
  /** The memory store's clock (tests); a shared store keeps time by the server's clock. */
  now?: () => number;
}

/** A limit's max as a function, whichever way it was given. */
export function limitMax(max: RateLimitOptions['max']): () => Promise<number> {
  return typeof max === 'function' ? async () => max() : async () => max;
}

/** Where the limits of one app are counted; `close` ends what the store holds open. */
export interface LimiterStore {
  kind: 'memory' | 'postgres' | 'redis';
  create(options: RateLimitOptions): RateLimit;
  /** Progressive waits after failures (lib/progressive-delay.ts, decision 049). */
  delay(options: DelayOptions): Delay;
  close(): Promise<void>;
}

/** Limits counted in this process (PGlite's single process, and tests): `createLimiter`. */
export function memoryLimiterStore(): LimiterStore {
  return {
    kind: 'memory',
    create(options) {
      const maxOf = limitMax(options.max);
      // The limit in force, read before each step (no other code runs between the read and it).
      let max = 1;
      const limiter = createLimiter({ ...options, max: () => max });
      const retryAfter = async (key: string) => {
        max = await maxOf();
        return limiter.isBlocked(key) ? limiter.retryAfterSeconds(key) : 0;
      };
      return {
        retryAfter,
        hit: async (key) => {
          max = await maxOf();
          limiter.hit(key);
        },
        async take(key) {
          const wait = await retryAfter(key);
          if (wait === 0) limiter.hit(key);
          return wait;
        },
        reset: async (key) => limiter.reset(key),
      };
    },
    delay(options) {
      // The library's memory store: a key leaves when its window (or its wait) ends.
      const { counter, blocker } = delayLimiterOptions(options);
      return libraryDelay(new RateLimiterMemory(counter), new RateLimiterMemory(blocker), options);
    },
    close: async () => undefined,
  };
}

/**
 * Counts events per key in a fixed window, in memory: the store of one process (see
 * `memoryLimiterStore`). Used for failed logins per account and per address, and for other
 * abuse-prone calls.
 */
export interface Limiter {
  /** true while the key is over its limit */
  isBlocked(key: string): boolean;
  hit(key: string): void;
  reset(key: string): void;
  retryAfterSeconds(key: string): number;
  /** How many keys are held (expired ones may linger until the next hit). */
  size(): number;
}

/** Keys a limiter holds at most, unless told otherwise: some MB of memory at worst. */
export const DEFAULT_MAX_ENTRIES = 50_000;

/** How many of the oldest keys a full limiter looks at for one that is not blocked. */
const EVICTION_SCAN = 64;

/**
 * Every key's window starts when it is first counted and is as long as every other's, so the
 * map's insertion order is the order in which windows end: expired keys are taken from its front,
 * each once, and a hit costs the same however many keys are held. Past `maxEntries` keys, the
 * oldest key that is not blocked goes (see evictOne). Only a flood of distinct keys fills a
 * limiter that far; give such calls a limit per address too, by `clientKey`. (A clock set back only delays the
 * removal of some expired keys: each is still checked, and dropped, when it is next asked for.)
 */
export function createLimiter(options: {
  /** A function: the limit in force at each call. */
  max: number | (() => number);
  windowMs: number;
  now?: () => number;
  maxEntries?: number;
  /** Maps what callers pass to the key counted: `clientKey` for a limit per client address. */
  keyOf?: (key: string) => string;
}): Limiter {
  const { windowMs } = options;
  const maxOf = typeof options.max === 'function' ? options.max : () => options.max as number;
  const keyOf = options.keyOf ?? ((key: string) => key);
  const maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
  const now = options.now ?? Date.now;
  const entries = new Map<string, { count: number; resetAt: number }>();

  function current(key: string) {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops expired keys from the front; stops at the first live one. */
  function sweep() {
    const t = now();
    for (const [key, entry] of entries) {
      if (entry.resetAt > t) break;
      entries.delete(key);
    }
  }

  /**
   * Makes room for one key: the oldest key that is not blocked, among the oldest
   * `EVICTION_SCAN` (a blocked key is what a limit is for: a flood of new keys must not free it);
   * the oldest of all when every one of those is blocked. Never the key just counted.
   */
  function evictOne(newcomer: string) {
    let scanned = 0;
    let oldest: string | undefined;
    for (const [key, entry] of entries) {
      if (key === newcomer) break;
      oldest ??= key;
      if (entry.count < maxOf()) {
        entries.delete(key);
        return;
      }
      if (++scanned >= EVICTION_SCAN) break;
    }
    if (oldest !== undefined) entries.delete(oldest);
  }

  return {
    isBlocked: (key) => (current(keyOf(key))?.count ?? 0) >= maxOf(),
    hit(given) {
      const key = keyOf(given);
      sweep();
      const entry = current(key);
      if (entry) {
        entry.count += 1;
        return;
      }
      entries.set(key, { count: 1, resetAt: now() + windowMs });
      if (entries.size > maxEntries) evictOne(key);
    },
    reset: (key) => void entries.delete(keyOf(key)),
    retryAfterSeconds(given) {
      const entry = current(keyOf(given));
      return entry ? Math.max(1, Math.ceil((entry.resetAt - now()) / 1000)) : 0;
    },
    size: () => entries.size,
  };
}

/**
 * The key of a client address for a limit per client: an IPv4 address as it is (an IPv4-mapped
 * IPv6 address as its IPv4 one); an IPv6 address by its /64 network, the block one subscriber
 * gets (RFC 6177), since a client picks any address within it at will.
 */
export function clientKey(ip: string): string {
  const address = (ip.split('%')[0] ?? '').toLowerCase();
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const expand = (part: string) =>
    part
      ? part.split(':').flatMap((g) => {
          // An IPv4 address written at the end stands for two groups.
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
          return [a * 256 + b, c * 256 + d];
        })
      : [];
  const left = expand(head);
  const right = tail === undefined ? [] : expand(tail);
  const groups = [
    ...left,
    ...Array<number>(Math.max(0, 8 - left.length - right.length)).fill(0),
    ...right,
  ];
  // An IPv4-mapped address (::ffff:0:0/96), however it is written, is its IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
