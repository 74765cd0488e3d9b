/**
 * The totals of list filters, kept a few seconds. Counting every match of a broad filter over
 * 100,000 rows costs more than the page itself, so a count is kept for `ttlMs` per filter, and
 * requests that need the same count while it is running wait for that one query instead of each
 * starting their own.
 *
 * Every write that adds, removes or changes travelers (a registration, an edit, a delete, an
 * import, a confirmation, an establishment's deletion, the retention purge) calls `changed()`,
 * which makes the kept counts exact for this process; writes by another process (several servers
 * on one PostgreSQL) show within `ttlMs`. One instance is shared by every service that writes
 * travelers (app.ts).
 */
export interface TravelerCounts {
  /** The kept count for `key`, or `load()`'s (kept, unless it fails). */
  get(key: string, load: () => Promise<number>): Promise<number>;
  /** Travelers were written: every kept count is stale. */
  changed(): void;
}

export function createTravelerCounts(
  options: { ttlMs?: number; max?: number } = {},
): TravelerCounts {
  const ttlMs = options.ttlMs ?? 5000;
  const max = options.max ?? 1000;
  const counts = new Map<string, { total: Promise<number>; at: number }>();
  return {
    get(key, load) {
      const at = Date.now();
      const kept = counts.get(key);
      if (kept && at - kept.at < ttlMs) return kept.total;
      const total = load();
      if (counts.size >= max) counts.clear();
      const entry = { total, at };
      counts.set(key, entry);
      // A failed count is not kept: the next request tries again.
      total.catch(() => {
        if (counts.get(key) === entry) counts.delete(key);
      });
      return total;
    },
    changed() {
      counts.clear();
    },
  };
}
