import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { keepingPlan, type Db } from '../../db/client';
import { oneTimeTokens, sessions, users, type UserRow } from '../../db/schema';
import type { SessionCache } from './session-cache';

export type NewUser = typeof users.$inferInsert;
export type TokenPurpose = (typeof oneTimeTokens.$inferInsert)['purpose'];

/** What a request's actor carries of its user: a change to any of these drops cached sessions. */
const SESSION_FIELDS = ['role', 'isActive', 'name', 'email', 'passwordHash'] as const;

/**
 * `sessionCache`: the running app's (see session-cache.ts); only code that runs before the app
 * serves (bootstrap, test set-up) goes without.
 */
export function createUsersRepository(db: Db, sessionCache?: SessionCache) {
  return {
    async findByEmail(email: string, tx: Db = db): Promise<UserRow | null> {
      // An API key's principal (decision 068) has no e-mail anybody signs in or resets with.
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.email, email.toLowerCase()), eq(users.kind, 'person')));
      return row ?? null;
    },
    async findById(id: string, tx: Db = db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },
    /**
     * The account's login e-mail and password hash, its row locked to the end of `tx`: a change
     * of either (made with the row's own lock) then comes wholly before or after the caller's.
     */
    async lockCredentials(id: string, tx: Db) {
      const [row] = await tx
        .select({ email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row ?? null;
    },
    async insert(values: NewUser, tx: Db = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      return row!;
    },
    /** Inserts the user unless its e-mail is taken (by a concurrent insert too): null then. */
    async insertIfNew(values: NewUser, tx: Db = db): Promise<UserRow | null> {
      const [row] = await tx
        .insert(users)
        .values(values)
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row ?? null;
    },
    async update(id: string, values: Partial<NewUser>, tx: Db = db): Promise<UserRow | null> {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (SESSION_FIELDS.some((field) => values[field] !== undefined)) sessionCache?.invalidate();
      return row ?? null;
    },
    async countAdmins(tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
      return row?.n ?? 0;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function createSessionsRepository(db: Db, sessionCache: SessionCache) {
  const liveSession = keepingPlan(
    db,
    db
      .select({
        sessionId: sessions.id,
        userId: users.id,
        role: users.role,
        name: users.name,
        email: users.email,
        isActive: users.isActive,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .prepare('hospes_live_session'),
  );
  return {
    async insert(values: typeof sessions.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(sessions).values(values).returning();
      return row!;
    },
    /**
     * The live session for a token hash, with what a request needs of its user. Every
     * authenticated request runs it, so it is a prepared statement, built once.
     */
    async findLive(tokenHash: string) {
      const [row] = await liveSession.execute({ tokenHash });
      return row ?? null;
    },
    async revoke(id: string, tx: Db = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
      sessionCache.invalidate();
    },
    /** Ends every session of a user, except `keepId` when given. */
    async revokeAllForUser(userId: string, keepId?: string, tx: Db = db) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (keepId) conditions.push(ne(sessions.id, keepId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(...conditions));
      sessionCache.invalidate();
    },
    /**
     * Drops the cached sessions again: call it once a transaction that ended sessions or changed
     * a user has committed (a request between the statement and the commit read the old row).
     */
    forgetCached() {
      sessionCache.invalidate();
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

export function createTokensRepository(db: Db) {
  return {
    async insert(values: typeof oneTimeTokens.$inferInsert, tx: Db = db) {
      await tx.insert(oneTimeTokens).values(values);
    },
    async findByHash(tokenHash: string, purposes: TokenPurpose[], tx: Db = db) {
      const [row] = await tx
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.tokenHash, tokenHash));
      return row && purposes.includes(row.purpose) ? row : null;
    },
    /** Marks a token used; false when another request used it first. */
    async consume(id: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
        .returning({ id: oneTimeTokens.id });
      return rows.length === 1;
    },
    /** Retires the unused tokens of a purpose, so only the newest link works. */
    async retire(userId: string, purpose: TokenPurpose, tx: Db = db) {
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeTokens.userId, userId),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
          ),
        );
    },
  };
}
export type TokensRepository = ReturnType<typeof createTokensRepository>;

export function toUserDto(row: UserRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    language: row.language,
    lastLogin: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
