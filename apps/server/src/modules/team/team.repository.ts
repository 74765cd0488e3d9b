import { and, asc, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { API_KEY_ROLE, permissionsOf, type MemberRole, type Permission } from '@hospes/shared/team';
import type { Db } from '../../db/client';
import {
  apiKeys,
  establishmentMembers,
  establishmentRoles,
  establishments,
  invitations,
  sessions,
  users,
} from '../../db/schema';
import { makerNow, permissionsInForce } from '../api-keys';

export type InvitationRow = typeof invitations.$inferSelect;

/**
 * The members of establishments, their custom roles and the invitations to join (decision 058).
 * Every query names the establishment it reads; the service checks the caller may reach it.
 */
/**
 * The row of one member of one establishment. Never an API key's principal (decision 068): the
 * team's calls cannot give a key a role, nor remove it (the keys' screen revokes it).
 */
const memberRow = (establishmentId: string, userId: string) =>
  and(
    eq(establishmentMembers.establishmentId, establishmentId),
    eq(establishmentMembers.userId, userId),
    ne(establishmentMembers.role, API_KEY_ROLE),
  );

/** The members of one establishment. */
const memberOf = (establishmentId: string) =>
  eq(establishmentMembers.establishmentId, establishmentId);

/** An API key's permissions while it lives (decision 068): none once revoked or expired. */
const liveKeyPermissions = sql<
  string[] | null
>`case when ${apiKeys.revokedAt} is null and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now()) then ${apiKeys.permissions} else '{}'::text[] end`;

/** One custom role, only within its establishment. */
const roleRow = (establishmentId: string, id: string) =>
  and(eq(establishmentRoles.id, id), eq(establishmentRoles.establishmentId, establishmentId));

export function createTeamRepository(db: Db) {
  return {
    /** Every membership of a user, with the establishment's name and what the role permits. */
    async membershipsOf(
      userId: string,
      tx: Db = db,
    ): Promise<
      Array<{
        establishmentId: string;
        establishmentName: string;
        role: MemberRole;
        roleName: string | null;
        permissions: Permission[];
      }>
    > {
      const rows = await tx
        .select({
          establishmentId: establishmentMembers.establishmentId,
          establishmentName: establishments.name,
          role: establishmentMembers.role,
          roleName: establishmentRoles.name,
          customPermissions: establishmentRoles.permissions,
          keyPermissions: liveKeyPermissions,
          keyMaker: makerNow,
        })
        .from(establishmentMembers)
        .innerJoin(establishments, eq(establishments.id, establishmentMembers.establishmentId))
        .leftJoin(establishmentRoles, eq(establishmentRoles.id, establishmentMembers.customRoleId))
        .leftJoin(
          apiKeys,
          and(
            eq(apiKeys.userId, establishmentMembers.userId),
            eq(establishmentMembers.role, API_KEY_ROLE),
          ),
        )
        .where(eq(establishmentMembers.userId, userId))
        .orderBy(asc(establishments.name), asc(establishments.id));
      return rows.map(({ customPermissions, keyPermissions, keyMaker, ...row }) => ({
        ...row,
        permissions:
          (row.role as string) === API_KEY_ROLE
            ? permissionsInForce(keyPermissions ?? [], keyMaker)
            : permissionsOf(row.role, customPermissions),
      }));
    },

    /** The people of the team: API keys' principals are listed on the keys' screen instead. */
    async members(establishmentId: string, tx: Db = db) {
      return tx
        .select({
          userId: users.id,
          name: users.name,
          email: users.email,
          role: establishmentMembers.role,
          customRoleId: establishmentMembers.customRoleId,
          roleName: establishmentRoles.name,
          joinedAt: establishmentMembers.createdAt,
        })
        .from(establishmentMembers)
        .innerJoin(users, eq(users.id, establishmentMembers.userId))
        .leftJoin(establishmentRoles, eq(establishmentRoles.id, establishmentMembers.customRoleId))
        .where(and(memberOf(establishmentId), ne(establishmentMembers.role, API_KEY_ROLE)))
        .orderBy(asc(establishmentMembers.createdAt), asc(users.id));
    },

    async findMember(establishmentId: string, userId: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(establishmentMembers)
        .where(memberRow(establishmentId, userId));
      return row ?? null;
    },

    /** The establishment's owners, their rows locked to the end of `tx` (the last-owner rule). */
    async lockOwners(establishmentId: string, tx: Db) {
      const rows = await tx
        .select({ userId: establishmentMembers.userId })
        .from(establishmentMembers)
        .where(
          and(
            eq(establishmentMembers.establishmentId, establishmentId),
            eq(establishmentMembers.role, 'owner'),
          ),
        )
        .for('update');
      return rows.map((r) => r.userId);
    },

    async addMember(
      values: {
        establishmentId: string;
        userId: string;
        role: MemberRole;
        customRoleId: string | null;
      },
      tx: Db = db,
    ) {
      await tx.insert(establishmentMembers).values(values).onConflictDoNothing();
    },

    async setRole(
      establishmentId: string,
      userId: string,
      role: MemberRole,
      customRoleId: string | null,
      tx: Db = db,
    ) {
      const rows = await tx
        .update(establishmentMembers)
        .set({ role, customRoleId })
        .where(memberRow(establishmentId, userId))
        .returning({ userId: establishmentMembers.userId });
      return rows.length > 0;
    },

    async removeMember(establishmentId: string, userId: string, tx: Db = db) {
      const rows = await tx
        .delete(establishmentMembers)
        .where(memberRow(establishmentId, userId))
        .returning({ userId: establishmentMembers.userId });
      return rows.length > 0;
    },

    async roles(establishmentId: string, tx: Db = db) {
      return tx
        .select({
          id: establishmentRoles.id,
          name: establishmentRoles.name,
          permissions: establishmentRoles.permissions,
          members: sql<number>`(select count(*)::int from ${establishmentMembers} where ${establishmentMembers.customRoleId} = ${establishmentRoles.id})`,
        })
        .from(establishmentRoles)
        .where(eq(establishmentRoles.establishmentId, establishmentId))
        .orderBy(asc(establishmentRoles.name));
    },

    async findRole(establishmentId: string, id: string, tx: Db = db) {
      const [row] = await tx.select().from(establishmentRoles).where(roleRow(establishmentId, id));
      return row ?? null;
    },

    async insertRole(
      values: { establishmentId: string; name: string; permissions: string[] },
      tx: Db = db,
    ) {
      const [row] = await tx.insert(establishmentRoles).values(values).returning();
      return row!;
    },

    async updateRole(
      establishmentId: string,
      id: string,
      values: { name: string; permissions: string[] },
      tx: Db = db,
    ) {
      const [row] = await tx
        .update(establishmentRoles)
        .set(values)
        .where(roleRow(establishmentId, id))
        .returning();
      return row ?? null;
    },

    async roleMembers(id: string, tx: Db = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(establishmentMembers)
        .where(eq(establishmentMembers.customRoleId, id));
      return row?.n ?? 0;
    },

    async deleteRole(establishmentId: string, id: string, tx: Db = db) {
      const rows = await tx
        .delete(establishmentRoles)
        .where(roleRow(establishmentId, id))
        .returning({ id: establishmentRoles.id });
      return rows.length > 0;
    },

    async invitations(establishmentId: string, tx: Db = db) {
      return tx
        .select({ invitation: invitations, roleName: establishmentRoles.name })
        .from(invitations)
        .leftJoin(establishmentRoles, eq(establishmentRoles.id, invitations.customRoleId))
        .where(
          and(eq(invitations.establishmentId, establishmentId), isNull(invitations.acceptedAt)),
        )
        .orderBy(desc(invitations.createdAt))
        .limit(100);
    },

    async findInvitation(establishmentId: string, id: string, tx: Db = db) {
      const [row] = await tx
        .select({ invitation: invitations, roleName: establishmentRoles.name })
        .from(invitations)
        .leftJoin(establishmentRoles, eq(establishmentRoles.id, invitations.customRoleId))
        .where(and(eq(invitations.id, id), eq(invitations.establishmentId, establishmentId)));
      return row ?? null;
    },

    /** The live invitation (pending, not expired) a link's token hash opens, with its establishment. */
    async findLiveInvitation(tokenHash: string, now: Date, tx: Db = db) {
      const [row] = await tx
        .select({
          invitation: invitations,
          roleName: establishmentRoles.name,
          establishmentName: establishments.name,
        })
        .from(invitations)
        .innerJoin(establishments, eq(establishments.id, invitations.establishmentId))
        .leftJoin(establishmentRoles, eq(establishmentRoles.id, invitations.customRoleId))
        .where(
          and(
            eq(invitations.tokenHash, tokenHash),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    async insertInvitation(values: typeof invitations.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(invitations).values(values).returning();
      return row!;
    },

    /** Closes the pending invitations of an e-mail to an establishment (a new one replaces them). */
    async revokePendingFor(establishmentId: string, email: string, tx: Db = db) {
      await tx
        .update(invitations)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(invitations.establishmentId, establishmentId),
            eq(invitations.email, email),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        );
    },

    async updateInvitation(
      id: string,
      values: Partial<typeof invitations.$inferInsert>,
      tx: Db = db,
    ) {
      const [row] = await tx
        .update(invitations)
        .set(values)
        .where(eq(invitations.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Marks the invitation accepted, once: false when another request accepted, revoked or
     * replaced it first (the link is then of no more use).
     */
    async consumeInvitation(id: string, tokenHash: string, userId: string, at: Date, tx: Db) {
      const rows = await tx
        .update(invitations)
        .set({ acceptedAt: at, acceptedBy: userId })
        .where(
          and(
            eq(invitations.id, id),
            eq(invitations.tokenHash, tokenHash),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, at),
          ),
        )
        .returning({ id: invitations.id });
      return rows.length > 0;
    },

    /** The live sessions of a user (their devices), newest first. */
    async liveSessions(userId: string, tx: Db = db) {
      return tx
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(sessions.createdAt))
        .limit(100);
    },

    /** Ends one session of the user; false when it is not theirs or already ended. */
    async endSession(userId: string, id: string, tx: Db = db) {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
  };
}
export type TeamRepository = ReturnType<typeof createTeamRepository>;
