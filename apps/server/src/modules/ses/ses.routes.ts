import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LngQuerySchema, paginationOf, PaginationSchema } from '@hospes/shared/common';
import {
  SesConnectionCheckSchema,
  SesConnectionInputSchema,
  SesConnectionSchema,
  SesSendInputSchema,
  SesSubmissionListQuerySchema,
  SesSubmissionResponseSchema,
  SesSubmissionSchema,
  SesTravelerCommunicationSchema,
} from '@hospes/shared/ses';
import { z } from '@hospes/shared/zod';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { SesService } from './ses.service';

const tags = ['ses'];
const security = [{ bearerAuth: [] }];
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
const IdParams = z.object({ id: z.string().max(100) });

const ConnectionResponse = z.object({ success: z.literal(true), data: SesConnectionSchema });

/**
 * Sending to SES.HOSPEDAJES (decision 035): an establishment's web-service connection, its
 * requests, and a traveler's communications.
 */
export const sesRoutes: FastifyPluginAsyncZod<{ ses: SesService }> = async (app, { ses }) => {
  app.get(
    '/establishments/:id/ses-connection',
    {
      schema: {
        tags,
        summary:
          'The SES.HOSPEDAJES web-service connection of an establishment (never its password)',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: ConnectionResponse },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.connection(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/establishments/:id/ses-connection',
    {
      schema: {
        tags,
        summary: 'Set the web-service user, its password and its environment',
        description:
          'The password is stored encrypted and never shown again; leave it out to keep the stored ' +
          'one (same user only: 400 SES_PASSWORD_REQUIRED otherwise). The lessor code ' +
          '(codigoArrendador) is the establishment’s `landlordCode`.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: SesConnectionInputSchema,
        response: { 200: ConnectionResponse },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.setConnection(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      ),
    }),
  );

  app.delete(
    '/establishments/:id/ses-connection',
    {
      schema: {
        tags,
        summary: 'Remove the web-service credentials (files are then uploaded by hand)',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: ConnectionResponse },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.removeConnection(actorOf(request), request.params.id, auditContext(request)),
    }),
  );

  app.post(
    '/establishments/:id/ses-connection/check',
    {
      schema: {
        tags,
        summary: 'Ask the service whether it takes the stored credentials (sends nothing)',
        description:
          '`outcome`: ok, refused (the service’s `code` and `text`), unauthorized, tls, network, ' +
          'timeout, http, fault, malformed. 409 SES_NOT_CONNECTED without credentials or lessor code.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: {
          200: z.object({ success: z.literal(true), data: SesConnectionCheckSchema }),
        },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.checkConnection(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/establishments/:id/ses-submissions',
    {
      schema: {
        tags,
        summary: 'Send partes (PV) or reservas (RH) to SES.HOSPEDAJES',
        description:
          'The travelers chosen (`pilgrimIds`) or the arrivals of a date range (today by default), ' +
          'checked as for the file (422 SES_PREFLIGHT_FAILED, SES_NO_TRAVELERS, ' +
          'SES_TOO_MANY_COMMUNICATIONS; 409 SES_OTHER_AUTHORITY). Travelers already reported are ' +
          'left out (`skipped`) unless `resend`; 409 SES_ALREADY_SENT when none is left. 409 ' +
          'SES_NOT_CONNECTED without credentials. 201 with the request as recorded, whatever the ' +
          'service answered: `state` queued (a lote), refused, failed (never reached it) or ' +
          'uncertain (sent, no answer).',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: SesSendInputSchema,
        response: { 201: SesSubmissionResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const data = await ses.send(actorOf(request), request.params.id, request.body, {
        ...auditContext(request),
        lng: request.lng,
      });
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/establishments/:id/ses-submissions',
    {
      schema: {
        tags,
        summary: 'The requests sent to SES.HOSPEDAJES for an establishment, newest first',
        security,
        params: IdParams,
        querystring: SesSubmissionListQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(SesSubmissionSchema),
            pagination: PaginationSchema,
          }),
        },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await ses.list(actorOf(request), request.params.id, page, limit);
      return { success: true as const, data, pagination: paginationOf(total, page, limit) };
    },
  );

  app.get(
    '/ses-submissions/:id',
    {
      schema: {
        tags,
        summary: 'A request sent to SES.HOSPEDAJES and the outcome of each of its travelers',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: SesSubmissionResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.get(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/ses-submissions/:id/check',
    {
      schema: {
        tags,
        summary: 'Ask the service about a queued request now',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: SesSubmissionResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.check(actorOf(request), request.params.id),
    }),
  );

  app.get(
    '/pilgrims/:id/ses-communications',
    {
      schema: {
        tags,
        summary: 'What was sent of a traveler to SES.HOSPEDAJES, newest first',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(SesTravelerCommunicationSchema),
          }),
        },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.ofTraveler(actorOf(request), request.params.id),
    }),
  );
};
