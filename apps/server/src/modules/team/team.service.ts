import type { User } from '@hospes/shared/auth';
import type { Language } from '@hospes/shared/languages';
import type {
  AcceptInvitationInput,
  ChangeRoleInput,
  CustomRoleInput,
  Invitation,
  InviteInput,
  Member,
  MemberRole,
  RoleChoice,
} from '@hospes/shared/team';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { hashPassword, hashToken, newToken } from '../../lib/crypto';
import { actionMail } from '../../lib/mail/templates';
import type { Mailer } from '../../lib/mail/mailer';
import { checkNewPassword } from '../../lib/password-policy';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import type { RequestMeta } from '../auth';
import type { SessionsRepository, UsersRepository } from '../users';
import type { InvitationRow, TeamRepository } from './team.repository';

/** An invitation's link lasts 7 days; a resend gives a new link and 7 days more. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface TeamServiceDeps {
  db: Db;
  team: TeamRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
  audit: AuditRepository;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  /** Whether the establishment is in the actor's scope (with the route's permission). */
  establishmentInScope: (id: string, actor: Actor) => Promise<{ name: string } | null>;
  /**
   * The plan's limit of users (decision 070): before an e-mail is invited, and before an invited
   * person joins (another may have joined since).
   */
  plan?: {
    checkNewMember: (establishmentId: string, email: string | null, tx: Db) => Promise<void>;
  };
  /** Opens a session for an account the invitation has just proved (auth's). */
  openSession: (
    userId: string,
    meta: Omit<RequestMeta, 'lng'>,
    tx: Db,
  ) => Promise<{ token: string; user: User; expiresAt: Date }>;
  now?: () => Date;
}

function invitationStatus(row: InvitationRow, at: Date): Invitation['status'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= at ? 'expired' : 'pending';
}

/**
 * The team of an establishment (decision 058): members and their roles, the establishment's own
 * roles, invitations by e-mail, and a member's own devices. The routes declare `team.manage`; the
 * establishment is then reached only when the caller's role grants it.
 */
export function createTeamService(deps: TeamServiceDeps) {
  const { db, team, users, sessions, audit, mailer, appUrl, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function reach(actor: Actor, establishmentId: string) {
    const found = isUuid(establishmentId)
      ? await deps.establishmentInScope(establishmentId, actor)
      : null;
    if (!found) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    return found;
  }

  /** The role a choice names, checked against the establishment's own roles. */
  async function checkedRole(
    establishmentId: string,
    choice: RoleChoice,
    tx: Db = db,
  ): Promise<{ role: MemberRole; customRoleId: string | null; roleName: string | null }> {
    if (choice.role !== 'custom') return { role: choice.role, customRoleId: null, roleName: null };
    const found = await team.findRole(establishmentId, choice.customRoleId, tx);
    if (!found)
      throw new AppError('VALIDATION_FAILED', {
        details: [{ field: 'customRoleId', message: '', code: 'validation.invalid' }],
      });
    return { role: 'custom', customRoleId: found.id, roleName: found.name };
  }

  function invitationDto(row: InvitationRow, roleName: string | null): Invitation {
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      customRoleId: row.customRoleId,
      roleName,
      status: invitationStatus(row, now()),
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function sendInvitation(
    to: string,
    token: string,
    establishment: string,
    inviter: string,
    lng: Language,
  ) {
    const url = `${appUrl}/join?token=${encodeURIComponent(token)}`;
    await mailer.send(actionMail(lng, 'invite', to, { name: to, url, establishment, inviter }));
  }

  /** The member rows of the establishment, as the team page shows them. */
  async function membersOf(establishmentId: string): Promise<Member[]> {
    const rows = await team.members(establishmentId);
    return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
  }

  /**
   * Refuses leaving the establishment without an owner: `userId` stops being an owner (removed,
   * or given another role) while the owners' rows are locked to the end of `tx`.
   */
  async function keepAnOwner(establishmentId: string, userId: string, tx: Db) {
    const owners = await team.lockOwners(establishmentId, tx);
    if (owners.includes(userId) && owners.length === 1) throw new AppError('LAST_OWNER');
  }

  return {
    /** GET /auth/me's memberships. */
    membershipsOf: (userId: string) => team.membershipsOf(userId),

    async team(actor: Actor, establishmentId: string) {
      await reach(actor, establishmentId);
      const [members, invitations, roles] = await Promise.all([
        membersOf(establishmentId),
        team.invitations(establishmentId),
        team.roles(establishmentId),
      ]);
      return {
        members,
        invitations: invitations.map((row) => invitationDto(row.invitation, row.roleName)),
        roles: roles.map((role) => ({
          ...role,
          permissions: role.permissions as CustomRoleInput['permissions'],
        })),
      };
    },

    async invite(
      actor: Actor,
      establishmentId: string,
      input: InviteInput,
      context: AuditContext & { lng: Language },
    ) {
      const establishment = await reach(actor, establishmentId);
      const email = input.email.toLowerCase();
      const existing = await users.findByEmail(email);
      if (existing && (await team.findMember(establishmentId, existing.id)))
        throw new AppError('ALREADY_MEMBER');
      const { token, hash } = newToken();
      const { row, roleName } = await db.transaction(async (tx) => {
        await deps.plan?.checkNewMember(establishmentId, email, tx);
        const role = await checkedRole(establishmentId, input, tx);
        // A new invitation of the same e-mail replaces the pending one: one live link at a time.
        await team.revokePendingFor(establishmentId, email, tx);
        const inserted = await team.insertInvitation(
          {
            establishmentId,
            email,
            role: role.role,
            customRoleId: role.customRoleId,
            tokenHash: hash,
            invitedBy: actor.id,
            expiresAt: new Date(now().getTime() + INVITATION_TTL_MS),
          },
          tx,
        );
        await audit.record(
          context,
          {
            action: 'member.invited',
            entityType: 'establishment',
            entityId: establishmentId,
            establishmentId,
            details: { invitationId: inserted.id, role: role.role },
          },
          tx,
        );
        return { row: inserted, roleName: role.roleName };
      });
      try {
        await sendInvitation(email, token, establishment.name, actor.name, context.lng);
      } catch (err) {
        log.error({ err }, 'the invitation could not be e-mailed');
        throw new AppError('MAIL_NOT_SENT', { cause: err });
      }
      return invitationDto(row, roleName);
    },

    /** A new link (the old one stops working) and 7 more days; only while pending or expired. */
    async resend(
      actor: Actor,
      establishmentId: string,
      invitationId: string,
      context: AuditContext & { lng: Language },
    ) {
      const establishment = await reach(actor, establishmentId);
      const found = isUuid(invitationId)
        ? await team.findInvitation(establishmentId, invitationId)
        : null;
      if (!found || found.invitation.acceptedAt || found.invitation.revokedAt)
        throw new AppError('INVITATION_NOT_FOUND');
      const { token, hash } = newToken();
      const updated = await team.updateInvitation(found.invitation.id, {
        tokenHash: hash,
        expiresAt: new Date(now().getTime() + INVITATION_TTL_MS),
      });
      await audit.record(context, {
        action: 'member.invitation_resent',
        entityType: 'establishment',
        entityId: establishmentId,
        establishmentId,
        details: { invitationId },
      });
      try {
        await sendInvitation(updated!.email, token, establishment.name, actor.name, context.lng);
      } catch (err) {
        log.error({ err }, 'the invitation could not be e-mailed');
        throw new AppError('MAIL_NOT_SENT', { cause: err });
      }
      return invitationDto(updated!, found.roleName);
    },

    async revoke(
      actor: Actor,
      establishmentId: string,
      invitationId: string,
      context: AuditContext,
    ) {
      await reach(actor, establishmentId);
      const found = isUuid(invitationId)
        ? await team.findInvitation(establishmentId, invitationId)
        : null;
      if (!found || found.invitation.acceptedAt || found.invitation.revokedAt)
        throw new AppError('INVITATION_NOT_FOUND');
      const updated = await db.transaction(async (tx) => {
        const row = await team.updateInvitation(found.invitation.id, { revokedAt: now() }, tx);
        await audit.record(
          context,
          {
            action: 'member.invitation_revoked',
            entityType: 'establishment',
            entityId: establishmentId,
            establishmentId,
            details: { invitationId },
          },
          tx,
        );
        return row!;
      });
      return invitationDto(updated, found.roleName);
    },

    /** What the link's page shows; an unknown, used, revoked or expired link: 400. */
    async preview(token: string) {
      const found = await team.findLiveInvitation(hashToken(token), now());
      if (!found) throw new AppError('INVITATION_INVALID');
      const account = await users.findByEmail(found.invitation.email);
      return {
        establishmentName: found.establishmentName,
        email: found.invitation.email,
        role: found.invitation.role,
        roleName: found.roleName,
        hasAccount: account !== null,
      };
    },

    /**
     * A new account for the invited e-mail (the link proves it: the account is verified), a
     * member from now on, signed in. An e-mail that has an account joins with `join` instead.
     */
    async accept(input: AcceptInvitationInput, meta: RequestMeta) {
      const tokenHash = hashToken(input.token);
      const found = await team.findLiveInvitation(tokenHash, now());
      if (!found) throw new AppError('INVITATION_INVALID');
      if (await users.findByEmail(found.invitation.email))
        throw new AppError('INVITATION_SIGN_IN_REQUIRED');
      await checkNewPassword(input.password, 'password');
      const passwordHash = await hashPassword(input.password);
      const { invitation } = found;
      return db.transaction(async (tx) => {
        const user = await users.insertIfNew(
          {
            email: invitation.email,
            name: input.name,
            passwordHash,
            role: 'user',
            language: meta.lng,
            emailVerifiedAt: now(),
          },
          tx,
        );
        if (!user) throw new AppError('INVITATION_SIGN_IN_REQUIRED');
        await join(invitation, tokenHash, user.id, tx, meta);
        return deps.openSession(user.id, meta, tx);
      });
    },

    /** The signed-in account joins, when it is the invited e-mail's. */
    async join(actor: Actor, token: string, context: AuditContext) {
      const tokenHash = hashToken(token);
      const found = await team.findLiveInvitation(tokenHash, now());
      if (!found) throw new AppError('INVITATION_INVALID');
      if (found.invitation.email.toLowerCase() !== actor.email.toLowerCase())
        throw new AppError('INVITATION_OTHER_ACCOUNT');
      if (await team.findMember(found.invitation.establishmentId, actor.id))
        throw new AppError('ALREADY_MEMBER');
      await db.transaction((tx) =>
        join(found.invitation, tokenHash, actor.id, tx, { ip: context.ip ?? '' }),
      );
      return { establishmentId: found.invitation.establishmentId };
    },

    async changeRole(
      actor: Actor,
      establishmentId: string,
      userId: string,
      input: ChangeRoleInput,
      context: AuditContext,
    ) {
      await reach(actor, establishmentId);
      if (!isUuid(userId)) throw new AppError('MEMBER_NOT_FOUND');
      await db.transaction(async (tx) => {
        const current = await team.findMember(establishmentId, userId, tx);
        if (!current) throw new AppError('MEMBER_NOT_FOUND');
        const role = await checkedRole(establishmentId, input, tx);
        if (role.role !== 'owner') await keepAnOwner(establishmentId, userId, tx);
        await team.setRole(establishmentId, userId, role.role, role.customRoleId, tx);
        await audit.record(
          context,
          {
            action: 'member.role_changed',
            entityType: 'user',
            entityId: userId,
            establishmentId,
            details: { from: current.role, to: role.role },
          },
          tx,
        );
      });
      sessions.forgetCached();
      return membersOf(establishmentId);
    },

    /**
     * Removes a member: every session of theirs ends (they may have opened the establishment's
     * data on a shared device). The last owner cannot be removed, nor leave.
     */
    async remove(actor: Actor, establishmentId: string, userId: string, context: AuditContext) {
      await reach(actor, establishmentId);
      if (!isUuid(userId)) throw new AppError('MEMBER_NOT_FOUND');
      await db.transaction(async (tx) => {
        await keepAnOwner(establishmentId, userId, tx);
        if (!(await team.removeMember(establishmentId, userId, tx)))
          throw new AppError('MEMBER_NOT_FOUND');
        if (userId !== actor.id) await sessions.revokeAllForUser(userId, undefined, tx);
        await audit.record(
          context,
          {
            action: userId === actor.id ? 'member.left' : 'member.removed',
            entityType: 'user',
            entityId: userId,
            establishmentId,
          },
          tx,
        );
      });
      sessions.forgetCached();
    },

    /** The signed-in member leaves an establishment (not its last owner). */
    async leave(actor: Actor, establishmentId: string, context: AuditContext) {
      if (!isUuid(establishmentId) || !(await team.findMember(establishmentId, actor.id)))
        throw new AppError('ESTABLISHMENT_NOT_FOUND');
      await db.transaction(async (tx) => {
        await keepAnOwner(establishmentId, actor.id, tx);
        await team.removeMember(establishmentId, actor.id, tx);
        await audit.record(
          context,
          { action: 'member.left', entityType: 'user', entityId: actor.id, establishmentId },
          tx,
        );
      });
    },

    async createRole(
      actor: Actor,
      establishmentId: string,
      input: CustomRoleInput,
      context: AuditContext,
    ) {
      await reach(actor, establishmentId);
      const existing = await team.roles(establishmentId);
      if (existing.some((r) => r.name.toLowerCase() === input.name.toLowerCase()))
        throw new AppError('ROLE_NAME_TAKEN');
      const row = await db.transaction(async (tx) => {
        const inserted = await team.insertRole({ establishmentId, ...input }, tx);
        await audit.record(
          context,
          {
            action: 'member.role_created',
            entityType: 'establishment',
            entityId: establishmentId,
            establishmentId,
            details: { roleId: inserted.id, permissions: input.permissions },
          },
          tx,
        );
        return inserted;
      });
      return { id: row.id, name: row.name, permissions: input.permissions, members: 0 };
    },

    async updateRole(
      actor: Actor,
      establishmentId: string,
      roleId: string,
      input: CustomRoleInput,
      context: AuditContext,
    ) {
      await reach(actor, establishmentId);
      if (!isUuid(roleId)) throw new AppError('ROLE_NOT_FOUND');
      const others = await team.roles(establishmentId);
      if (others.some((r) => r.id !== roleId && r.name.toLowerCase() === input.name.toLowerCase()))
        throw new AppError('ROLE_NAME_TAKEN');
      const row = await db.transaction(async (tx) => {
        const updated = await team.updateRole(establishmentId, roleId, input, tx);
        if (!updated) throw new AppError('ROLE_NOT_FOUND');
        await audit.record(
          context,
          {
            action: 'member.role_updated',
            entityType: 'establishment',
            entityId: establishmentId,
            establishmentId,
            details: { roleId, permissions: input.permissions },
          },
          tx,
        );
        return updated;
      });
      sessions.forgetCached();
      return {
        id: row.id,
        name: row.name,
        permissions: input.permissions,
        members: await team.roleMembers(row.id),
      };
    },

    /** A role some member holds cannot be deleted (409 ROLE_IN_USE): give them another first. */
    async deleteRole(actor: Actor, establishmentId: string, roleId: string, context: AuditContext) {
      await reach(actor, establishmentId);
      if (!isUuid(roleId)) throw new AppError('ROLE_NOT_FOUND');
      await db.transaction(async (tx) => {
        if (!(await team.findRole(establishmentId, roleId, tx)))
          throw new AppError('ROLE_NOT_FOUND');
        if ((await team.roleMembers(roleId, tx)) > 0) throw new AppError('ROLE_IN_USE');
        await team.deleteRole(establishmentId, roleId, tx);
        await audit.record(
          context,
          {
            action: 'member.role_deleted',
            entityType: 'establishment',
            entityId: establishmentId,
            establishmentId,
            details: { roleId },
          },
          tx,
        );
      });
    },

    /** The signed-in user's live sessions: the devices they are signed in on. */
    async devices(actor: Actor) {
      const rows = await team.liveSessions(actor.id);
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        ip: row.ip,
        userAgent: row.userAgent,
        current: row.id === actor.sessionId,
      }));
    },

    /** Signs one of the user's own devices out (their current one too, like a logout). */
    async endDevice(actor: Actor, sessionId: string) {
      if (!isUuid(sessionId) || !(await team.endSession(actor.id, sessionId)))
        throw new AppError('SESSION_NOT_FOUND');
      sessions.forgetCached();
    },
  };

  async function join(
    invitation: InvitationRow,
    tokenHash: string,
    userId: string,
    tx: Db,
    meta: { ip: string },
  ) {
    await deps.plan?.checkNewMember(invitation.establishmentId, invitation.email, tx);
    if (!(await team.consumeInvitation(invitation.id, tokenHash, userId, now(), tx)))
      throw new AppError('INVITATION_INVALID');
    await team.addMember(
      {
        establishmentId: invitation.establishmentId,
        userId,
        role: invitation.role,
        customRoleId: invitation.customRoleId,
      },
      tx,
    );
    await audit.record(
      { actorId: userId, requestId: null, ip: meta.ip },
      {
        action: 'member.joined',
        entityType: 'user',
        entityId: userId,
        establishmentId: invitation.establishmentId,
        details: { invitationId: invitation.id, role: invitation.role },
      },
      tx,
    );
  }
}
export type TeamService = ReturnType<typeof createTeamService>;
