/**
 * The sessions this process has checked lately, so that an authenticated request does not always
 * cost a database round trip (docs/decisions/015-session-cache.md).
 *
 * An entry lives at most `ttlMs`, and never past its session's expiry. Any change that can end a
 * session or change what a request knows of its user (logout, password change or reset, role or
 * active state, name or e-mail) calls `invalidate()`, which drops every entry: the sessions
 * repository and the users repository do it right after their statement, and the services that
 * make such a change inside a transaction do it again once the transaction has committed, so a
 * request that read the row between the statement and the commit cannot keep it. A lookup whose
 * read started before an invalidation is never stored (the generation check).
 *
 * Several processes on one PostgreSQL: a change made by another process shows here within
 * `ttlMs`. One process (PGlite, or a single server): at once.
 */
/** Who makes a request: the user of a live session (plugins/auth.ts calls it the actor). */
import type { Role } from '@hospes/shared/auth';

export interface SessionActor {
  id: string;
  sessionId: string;
  role: Role;
  name: string;
  email: string;
}

export interface SessionCache {
  get(tokenHash: string, now?: number): SessionActor | undefined;
  /** The generation to pass to `set` for a read that starts now. */
  generation(): number;
  set(
    tokenHash: string,
    session: SessionActor,
    expiresAt: Date,
    generation: number,
    now?: number,
  ): void;
  invalidate(): void;
}

export function createSessionCache(options: { ttlMs: number; max?: number }): SessionCache {
  const { ttlMs } = options;
  const max = options.max ?? 10_000;
  const entries = new Map<string, { session: SessionActor; until: number }>();
  let generation = 0;
  return {
    get(tokenHash, now = Date.now()) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.session;
    },
    generation: () => generation,
    set(tokenHash, session, expiresAt, readGeneration, now = Date.now()) {
      if (ttlMs <= 0 || readGeneration !== generation) return;
      if (entries.size >= max) entries.clear();
      entries.set(tokenHash, { session, until: Math.min(now + ttlMs, expiresAt.getTime()) });
    },
    invalidate() {
      generation++;
      entries.clear();
    },
  };
}
