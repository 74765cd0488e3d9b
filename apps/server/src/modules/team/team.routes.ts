import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthResponseSchema } from '@hospes/shared/auth';
import { LngQuerySchema, MessageResponseSchema } from '@hospes/shared/common';
import {
  AcceptInvitationInputSchema,
  ChangeRoleInputSchema,
  CustomRoleInputSchema,
  CustomRoleResponseSchema,
  DeviceSessionsResponseSchema,
  InvitationPreviewResponseSchema,
  InvitationResponseSchema,
  InviteInputSchema,
  JoinInvitationInputSchema,
  JoinInvitationResponseSchema,
  MemberSchema,
  TeamResponseSchema,
} from '@hospes/shared/team';
import { z } from '@hospes/shared/zod';
import { serverMessage } from '../../lib/i18n/server-texts';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { TeamService } from './team.service';

const tags = ['team'];
const security = [{ bearerAuth: [] }];
const EstablishmentParams = z.object({ id: z.string().max(100) });
const InvitationParams = EstablishmentParams.extend({ invitationId: z.string().max(100) });
const MemberParams = EstablishmentParams.extend({ userId: z.string().max(100) });
const RoleParams = EstablishmentParams.extend({ roleId: z.string().max(100) });
const MembersResponseSchema = z.object({ success: z.literal(true), data: z.array(MemberSchema) });

/**
 * The team of an establishment (decision 058): members, roles, invitations (`team.manage`), the
 * invitation link's calls (public, or the signed-in invitee), leaving, and one's own devices.
 */
export const teamRoutes: FastifyPluginAsyncZod<{ team: TeamService }> = async (app, { team }) => {
  app.get(
    '/establishments/:id/team',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary: 'The members, pending invitations and custom roles of an establishment',
        security,
        params: EstablishmentParams,
        querystring: LngQuerySchema,
        response: { 200: TeamResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await team.team(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/establishments/:id/invitations',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary: 'Invite someone by e-mail to join the establishment with a role',
        description:
          'E-mails a one-time link (7 days) in the caller’s language; a new invitation of the same ' +
          'e-mail replaces the pending one. 409 ALREADY_MEMBER when the account is a member; 503 ' +
          'MAIL_NOT_SENT when the mail could not be sent (the invitation is kept: resend it).',
        security,
        params: EstablishmentParams,
        querystring: LngQuerySchema,
        body: InviteInputSchema,
        response: { 201: InvitationResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const data = await team.invite(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      );
      return reply
        .code(201)
        .send({ success: true, data, message: serverMessage(request.lng, 'invitationSent') });
    },
  );

  app.post(
    '/establishments/:id/invitations/:invitationId/resend',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary: 'E-mail a pending or expired invitation again, with a new link and 7 more days',
        security,
        params: InvitationParams,
        querystring: LngQuerySchema,
        response: { 200: InvitationResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      message: serverMessage(request.lng, 'invitationSent'),
      data: await team.resend(
        actorOf(request),
        request.params.id,
        request.params.invitationId,
        auditContext(request),
      ),
    }),
  );

  app.delete(
    '/establishments/:id/invitations/:invitationId',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary: 'Withdraw a pending invitation: its link stops working',
        security,
        params: InvitationParams,
        querystring: LngQuerySchema,
        response: { 200: InvitationResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await team.revoke(
        actorOf(request),
        request.params.id,
        request.params.invitationId,
        auditContext(request),
      ),
    }),
  );

  app.put(
    '/establishments/:id/members/:userId',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary: 'Give a member another role (409 LAST_OWNER for the only owner)',
        security,
        params: MemberParams,
        querystring: LngQuerySchema,
        body: ChangeRoleInputSchema,
        response: { 200: MembersResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await team.changeRole(
        actorOf(request),
        request.params.id,
        request.params.userId,
        request.body,
        auditContext(request),
      ),
    }),
  );

  app.delete(
    '/establishments/:id/members/:userId',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary:
          'Remove a member: every session of theirs ends (409 LAST_OWNER for the only owner)',
        security,
        params: MemberParams,
        querystring: LngQuerySchema,
        response: { 200: MessageResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await team.remove(
        actorOf(request),
        request.params.id,
        request.params.userId,
        auditContext(request),
      );
      return { success: true as const, message: serverMessage(request.lng, 'memberRemoved') };
    },
  );

  app.post(
    '/establishments/:id/leave',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Leave an establishment (409 LAST_OWNER for its only owner)',
        security,
        params: EstablishmentParams,
        querystring: LngQuerySchema,
        response: { 200: MessageResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await team.leave(actorOf(request), request.params.id, auditContext(request));
      return { success: true as const, message: serverMessage(request.lng, 'memberRemoved') };
    },
  );

  app.post(
    '/establishments/:id/roles',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary: 'Create a role of the establishment from a list of permissions',
        security,
        params: EstablishmentParams,
        querystring: LngQuerySchema,
        body: CustomRoleInputSchema,
        response: { 201: CustomRoleResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const data = await team.createRole(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      );
      return reply.code(201).send({ success: true, data });
    },
  );

  app.put(
    '/establishments/:id/roles/:roleId',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary: 'Rename a custom role or change its permissions (its members’ change at once)',
        security,
        params: RoleParams,
        querystring: LngQuerySchema,
        body: CustomRoleInputSchema,
        response: { 200: CustomRoleResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await team.updateRole(
        actorOf(request),
        request.params.id,
        request.params.roleId,
        request.body,
        auditContext(request),
      ),
    }),
  );

  app.delete(
    '/establishments/:id/roles/:roleId',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary: 'Delete a custom role nobody holds (409 ROLE_IN_USE otherwise)',
        security,
        params: RoleParams,
        querystring: LngQuerySchema,
        response: { 200: MessageResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await team.deleteRole(
        actorOf(request),
        request.params.id,
        request.params.roleId,
        auditContext(request),
      );
      return { success: true as const, message: serverMessage(request.lng, 'roleDeleted') };
    },
  );

  app.get(
    '/team/invitation',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'What an invitation link offers (400 INVITATION_INVALID when used or expired)',
        querystring: LngQuerySchema.extend({ token: z.string().trim().min(1).max(200) }),
        response: { 200: InvitationPreviewResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await team.preview(request.query.token) }),
  );

  app.post(
    '/team/invitations/accept',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Accept an invitation with a new account (name and password); signs it in',
        description:
          'The link proves the e-mail: the account is verified. 409 INVITATION_SIGN_IN_REQUIRED ' +
          'when the e-mail already has an account (log in, then POST /team/invitations/join).',
        querystring: LngQuerySchema,
        body: AcceptInvitationInputSchema,
        response: { 200: AuthResponseSchema },
      },
    },
    async (request, reply) => {
      const { expiresAt, ...session } = await team.accept(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        lng: request.lng,
      });
      reply.setSessionCookie(session.token, {
        expiresAt,
        persistent: true,
      });
      return { success: true as const, ...session };
    },
  );

  app.post(
    '/team/invitations/join',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'The signed-in account (the invited e-mail’s) joins the establishment',
        security,
        querystring: LngQuerySchema,
        body: JoinInvitationInputSchema,
        response: { 200: JoinInvitationResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await team.join(actorOf(request), request.body.token, auditContext(request)),
    }),
  );

  app.get(
    '/auth/sessions',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'The devices the signed-in user is signed in on (their live sessions)',
        security,
        querystring: LngQuerySchema,
        response: { 200: DeviceSessionsResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({ success: true as const, data: await team.devices(actorOf(request)) }),
  );

  app.delete(
    '/auth/sessions/:sessionId',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Sign one of the user’s own devices out',
        security,
        params: z.object({ sessionId: z.string().max(100) }),
        querystring: LngQuerySchema,
        response: { 200: MessageResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await team.endDevice(actorOf(request), request.params.sessionId);
      return { success: true as const, message: serverMessage(request.lng, 'deviceSignedOut') };
    },
  );
};
