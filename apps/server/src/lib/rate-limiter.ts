/**
 * Counts events per key in a fixed window, in memory (the server runs as one process).
 * Used for failed logins per account and per address, and for other abuse-prone calls.
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

/**
 * Every key's window starts when it is first counted and is as long as every other's, so the
 * map's insertion order is the order in which windows end: expired keys are taken from its front,
 * each once, and a hit costs the same however many keys are held. Past `maxEntries` keys, the
 * oldest go first: those whose windows end soonest. Only a flood of distinct keys fills a
 * limiter that far; give such calls a limit per address too. (A clock set back only delays the
 * removal of some expired keys: each is still checked, and dropped, when it is next asked for.)
 */
export function createLimiter(options: {
  max: number;
  windowMs: number;
  now?: () => number;
  maxEntries?: number;
}): Limiter {
  const { max, windowMs } = options;
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

  return {
    isBlocked: (key) => (current(key)?.count ?? 0) >= max,
    hit(key) {
      sweep();
      const entry = current(key);
      if (entry) {
        entry.count += 1;
        return;
      }
      entries.set(key, { count: 1, resetAt: now() + windowMs });
      if (entries.size > maxEntries) {
        for (const oldest of entries.keys()) {
          entries.delete(oldest);
          if (entries.size <= maxEntries) break;
        }
      }
    },
    reset: (key) => void entries.delete(key),
    retryAfterSeconds(key) {
      const entry = current(key);
      return entry ? Math.max(1, Math.ceil((entry.resetAt - now()) / 1000)) : 0;
    },
    size: () => entries.size,
  };
}
