import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeTokens, sessions, users, type UserRow } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;
export type TokenPurpose = (typeof oneTimeTokens.$inferInsert)['purpose'];

export function createUsersRepository(db: Db) {
  return {
    async findByEmail(email: string, tx: Db = db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row ?? null;
    },
    async findById(id: string, tx: Db = db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },
    async insert(values: NewUser, tx: Db = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      return row!;
    },
    async update(id: string, values: Partial<NewUser>, tx: Db = db): Promise<UserRow | null> {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
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

export function createSessionsRepository(db: Db) {
  return {
    async insert(values: typeof sessions.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(sessions).values(values).returning();
      return row!;
    },
    /** The live session for a token hash, with its user. */
    async findLive(tokenHash: string, now: Date, tx: Db = db) {
      const [row] = await tx
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        );
      return row ?? null;
    },
    async revoke(id: string, tx: Db = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    /** Ends every session of a user, except `keepId` when given. */
    async revokeAllForUser(userId: string, keepId?: string, tx: Db = db) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (keepId) conditions.push(ne(sessions.id, keepId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(...conditions));
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
