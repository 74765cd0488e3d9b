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
}

export function createLimiter(options: {
  max: number;
  windowMs: number;
  now?: () => number;
}): Limiter {
  const { max, windowMs } = options;
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

  function sweep() {
    if (entries.size < 10_000) return;
    const t = now();
    for (const [key, entry] of entries) if (entry.resetAt <= t) entries.delete(key);
  }

  return {
    isBlocked: (key) => (current(key)?.count ?? 0) >= max,
    hit(key) {
      sweep();
      const entry = current(key);
      if (entry) entry.count += 1;
      else entries.set(key, { count: 1, resetAt: now() + windowMs });
    },
    reset: (key) => void entries.delete(key),
    retryAfterSeconds(key) {
      const entry = current(key);
      return entry ? Math.max(1, Math.ceil((entry.resetAt - now()) / 1000)) : 0;
    },
  };
}
