import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, establishmentMembers, users } from '../../db/schema';
import { API_KEY_ROLE } from '@hospes/shared/team';
import { makerNow, type MakerNow } from './maker';

export type ApiKeyRow = typeof apiKeys.$inferSelect & {
  createdByName: string | null;
  /** What its maker holds now (listed keys); left out for a key just made, checked against it. */
  maker?: MakerNow | null;
};

/** How often a key's last use is written: at most once a minute per key. */
const LAST_USED_STEP_SECONDS = 60;

/** API keys (decision 068). Every query names the establishment, or finds a key by its hash. */
export function createApiKeysRepository(db: Db) {
  const creator = sql<
    string | null
  >`(select u.name from ${users} u where u.id = ${apiKeys.createdBy})`;
  return {
    /**
     * Makes the key's principal (a user of kind api_key, member of the establishment with role
     * api_key) and the key, in `tx`.
     */
    async insert(
      values: {
        establishmentId: string;
        name: string;
        prefix: string;
        tokenHash: string;
        permissions: string[];
        createdBy: string;
        expiresAt: Date | null;
        principalEmail: string;
        unusablePassword: string;
      },
      tx: Db,
    ): Promise<ApiKeyRow> {
      const [principal] = await tx
        .insert(users)
        .values({
          email: values.principalEmail,
          name: values.name,
          passwordHash: values.unusablePassword,
          kind: 'api_key',
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      await tx.insert(establishmentMembers).values({
        establishmentId: values.establishmentId,
        userId: principal!.id,
        role: API_KEY_ROLE,
      });
      const [row] = await tx
        .insert(apiKeys)
        .values({
          establishmentId: values.establishmentId,
          userId: principal!.id,
          name: values.name,
          prefix: values.prefix,
          tokenHash: values.tokenHash,
          permissions: values.permissions,
          createdBy: values.createdBy,
          expiresAt: values.expiresAt,
        })
        .returning();
      return { ...row!, createdByName: null };
    },

    /** The establishment's keys, newest first, revoked ones too. */
    async list(establishmentId: string, tx: Db = db): Promise<ApiKeyRow[]> {
      return tx
        .select({
          id: apiKeys.id,
          establishmentId: apiKeys.establishmentId,
          userId: apiKeys.userId,
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          tokenHash: apiKeys.tokenHash,
          permissions: apiKeys.permissions,
          createdBy: apiKeys.createdBy,
          createdAt: apiKeys.createdAt,
          expiresAt: apiKeys.expiresAt,
          lastUsedAt: apiKeys.lastUsedAt,
          revokedAt: apiKeys.revokedAt,
          createdByName: creator,
          maker: makerNow,
        })
        .from(apiKeys)
        .where(eq(apiKeys.establishmentId, establishmentId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    /**
     * The key with this hash when it may be used now (not revoked, not expired, its principal
     * active), read at every request: no cache outlives a revocation.
     */
    async findLive(tokenHash: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: apiKeys.id,
          establishmentId: apiKeys.establishmentId,
          userId: apiKeys.userId,
          name: apiKeys.name,
          email: users.email,
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(
          and(
            eq(apiKeys.tokenHash, tokenHash),
            isNull(apiKeys.revokedAt),
            or(isNull(apiKeys.expiresAt), sql`${apiKeys.expiresAt} > now()`),
            eq(users.isActive, true),
          ),
        );
      return row ?? null;
    },

    /** Notes a use: written when the last one noted is over a minute old (one write a minute). */
    async touch(id: string, tx: Db = db) {
      await tx
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(apiKeys.id, id),
            or(
              isNull(apiKeys.lastUsedAt),
              lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_STEP_SECONDS})`),
            ),
          ),
        );
    },

    /**
     * Revokes a live key of the establishment and ends its principal's membership, in `tx`;
     * null when there is no such key (unknown, another establishment's, revoked already).
     */
    async revoke(establishmentId: string, id: string, tx: Db) {
      const [row] = await tx
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(apiKeys.id, id),
            eq(apiKeys.establishmentId, establishmentId),
            isNull(apiKeys.revokedAt),
          ),
        )
        .returning();
      if (!row) return null;
      await tx
        .delete(establishmentMembers)
        .where(
          and(
            eq(establishmentMembers.establishmentId, establishmentId),
            eq(establishmentMembers.userId, row.userId),
          ),
        );
      return row;
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
