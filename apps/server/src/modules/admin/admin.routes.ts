import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminJobListResponseSchema,
  AdminJobsQuerySchema,
  AdminUserListResponseSchema,
  AdminUserResponseSchema,
  AdminUsersQuerySchema,
  ReportQuerySchema,
  ReportResponseSchema,
  UpdateAdminUserInputSchema,
} from '@hospes/shared/admin';
import { LngQuerySchema, MessageResponseSchema, paginationOf } from '@hospes/shared/common';
import { z } from '@hospes/shared/zod';
import { serverMessage } from '../../lib/i18n/server-texts';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { AdminService } from './admin.service';

const security = [{ bearerAuth: [] }];
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
const IdParams = z.object({ id: z.string().max(100) });

/** The admin area's own calls (users, reports, background jobs): administrators only. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (
  app,
  { admin },
) => {
  app.get(
    '/jobs',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'The server’s background jobs (retention purge, SES lote checks…) of one state, newest first: failed ones by default, those that used up their retries',
        security,
        querystring: AdminJobsQuerySchema,
        response: { 200: AdminJobListResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await admin.listJobs(request.query);
      return { success: true as const, data, pagination: paginationOf(total, page, limit) };
    },
  );

  app.get(
    '/users',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Every user, with role, state, last login and establishments; filtered and paginated',
        security,
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUserListResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await admin.listUsers(request.query);
      return {
        success: true as const,
        data,
        pagination: paginationOf(total, page, limit),
      };
    },
  );

  app.patch(
    '/users/:id',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Change a user’s role or deactivate/reactivate it (a deactivated user’s sessions end at once); the last active admin stays (409 LAST_ADMIN)',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: UpdateAdminUserInputSchema,
        response: { 200: AdminUserResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => ({
      success: true as const,
      message: serverMessage(request.lng, 'userUpdated'),
      data: await admin.updateUser(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      ),
    }),
  );

  app.post(
    '/users/:id/password-reset',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'E-mail the user a link to choose a new password',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: MessageResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { email } = await admin.sendPasswordReset(request.params.id, auditContext(request));
      return {
        success: true as const,
        message: serverMessage(request.lng, 'passwordResetSent', { email }),
      };
    },
  );

  app.get(
    '/reports',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Registrations (travelers by entry date) per month and per establishment, and travelers by nationality and document type, for a period',
        security,
        querystring: ReportQuerySchema,
        response: { 200: ReportResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => ({
      success: true as const,
      data: await admin.report(request.query, request.lng),
    }),
  );

  app.get(
    '/reports.csv',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'The same report as a CSV download: UTF-8 with BOM, “;” separated, CRLF, columns section;code;label;registrations',
        security,
        querystring: ReportQuerySchema,
        response: { 200: z.any().describe('text/csv; charset=utf-8') },
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const { filename, body } = await admin.reportCsv(request.query, request.lng);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
