import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LngQuerySchema, paginationOf, PaginationSchema } from '@hospes/shared/common';
import {
  SesCommunicationCodeSchema,
  SesCorrectInputSchema,
  SesCorrectionSchema,
  SesHeldCommunicationSchema,
  SesConnectionCheckSchema,
  SesConnectionInputSchema,
  SesConnectionSchema,
  SesSendInputSchema,
  SesSubmissionListQuerySchema,
  SesSubmissionResponseSchema,
  SesSubmissionSchema,
  SesTravelerCommunicationSchema,
} from '@hospes/shared/ses';
import {
  ReservationReportListResponseSchema,
  ReservationReportResponseSchema,
} from '@hospes/shared/reservation-report';
import { IsoDateSchema } from '@hospes/shared/fields';
import { A19CertificateInputSchema, A19CertificateSchema } from '@hospes/shared/a19';
import { z } from '@hospes/shared/zod';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { SesService } from './ses.service';

const tags = ['ses'];
const security = [{ bearerAuth: [] }];
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
const IdParams = z.object({ id: z.string().max(100) });

const ConnectionResponse = z.object({ success: z.literal(true), data: SesConnectionSchema });
const A19Response = z.object({ success: z.literal(true), data: A19CertificateSchema });
const CodeParams = z.object({ id: z.string().max(100), code: SesCommunicationCodeSchema });

/**
 * Sending to SES.HOSPEDAJES (decision 035): an establishment's web-service connection, its
 * requests, and a traveler's communications.
 */
export const sesRoutes: FastifyPluginAsyncZod<{ ses: SesService }> = async (app, { ses }) => {
  app.get(
    '/establishments/:id/ses-connection',
    {
      config: { permission: 'ses.connection' },
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
      config: { permission: 'ses.connection' },
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
      config: { permission: 'ses.connection' },
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

  // The Ertzaintza's A19 certificate of a Basque establishment (decision 056).
  app.get(
    '/establishments/:id/a19-certificate',
    {
      config: { permission: 'ses.connection' },
      schema: {
        tags,
        summary: 'The A19 (Ertzaintza) certificate of a Basque establishment: subject and expiry',
        description:
          'Never the file nor its password. `expiresSoon`: within 30 days of its expiry. 409 ' +
          'A19_OTHER_AUTHORITY for an establishment that does not report to the Ertzaintza.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: A19Response },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.a19Certificate(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/establishments/:id/a19-certificate',
    {
      config: { permission: 'ses.connection' },
      schema: {
        tags,
        summary:
          'Upload the A19 certificate (PKCS#12 in Base64, with its password), or change the service',
        description:
          'The file and its password are stored encrypted and never shown again. Without ' +
          '`certificate`, the stored one is kept and only `environment` changes (400 ' +
          'A19_CERTIFICATE_REQUIRED without one). 400 A19_CERTIFICATE_INVALID or ' +
          'A19_CERTIFICATE_PASSWORD_WRONG; 409 A19_CERTIFICATE_EXPIRED.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: A19CertificateInputSchema,
        response: { 200: A19Response },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.setA19Certificate(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      ),
    }),
  );

  app.delete(
    '/establishments/:id/a19-certificate',
    {
      config: { permission: 'ses.connection' },
      schema: {
        tags,
        summary: 'Remove the A19 certificate (nothing is sent to the Ertzaintza from Hospes after)',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: A19Response },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.removeA19Certificate(
        actorOf(request),
        request.params.id,
        auditContext(request),
      ),
    }),
  );

  app.post(
    '/establishments/:id/ses-connection/check',
    {
      config: { permission: 'ses.connection' },
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
      config: { permission: 'ses.send' },
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
      config: { permission: 'ses.send' },
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
      config: { permission: 'ses.send' },
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
      config: { permission: 'ses.send' },
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
      config: { permission: 'travelers.view' },
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

  app.post(
    '/establishments/:id/ses/communications/:code/cancel',
    {
      config: { permission: 'ses.send' },
      schema: {
        tags,
        summary: 'Cancel a communication SES.HOSPEDAJES stored (by its code)',
        description:
          'Operation B of `comunicacion` (manual §3.1.1.6), on the service it was stored on; ' +
          'recorded before it leaves, queued as a lote like an alta (decision 045). It cancels ' +
          'the communication for every traveler of its stay. 404 SES_COMMUNICATION_NOT_FOUND for ' +
          'a code this establishment does not have; 409 SES_ALREADY_CANCELLED, ' +
          'SES_CANCELLATION_PENDING, SES_NOT_CONNECTED. 201 with the cancellation as recorded, ' +
          'whatever the service answered.',
        security,
        params: CodeParams,
        querystring: LngQuerySchema,
        response: { 201: SesSubmissionResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const data = await ses.cancel(
        actorOf(request),
        request.params.id,
        request.params.code,
        auditContext(request),
      );
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/establishments/:id/ses/communications/:code',
    {
      config: { permission: 'ses.send' },
      schema: {
        tags,
        summary: 'What SES.HOSPEDAJES holds under a communication code (consultaComunicacion)',
        description:
          '`data` null when the Ministry holds nothing under it for this web-service user. 404 ' +
          'SES_COMMUNICATION_NOT_FOUND for a code this establishment does not have.',
        security,
        params: CodeParams,
        querystring: LngQuerySchema,
        response: {
          200: z.object({ success: z.literal(true), data: SesHeldCommunicationSchema.nullable() }),
        },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.held(actorOf(request), request.params.id, request.params.code),
    }),
  );

  app.post(
    '/pilgrims/:id/ses/correct',
    {
      config: { permission: 'ses.send' },
      schema: {
        tags,
        summary: 'Correct a traveler’s stored communication: cancel it and send it again',
        description:
          'SES has no "modify" (decision 045): the stored communication of `kind` on the service ' +
          'the establishment sends to is cancelled, then the stay is sent again as the records ' +
          'are now (same pre-flight as a send: 422 before anything leaves). 409 ' +
          'SES_NOTHING_TO_CORRECT, SES_CANCELLATION_PENDING, SES_NOT_CONNECTED. 201 with both ' +
          'requests; `alta` null when the cancellation did not go (its state says why).',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: SesCorrectInputSchema,
        response: {
          201: z.object({ success: z.literal(true), data: SesCorrectionSchema }),
        },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const data = await ses.correct(actorOf(request), request.params.id, request.body.kind, {
        ...auditContext(request),
        lng: request.lng,
      });
      return reply.code(201).send({ success: true as const, data });
    },
  );

  // The reservation reports (RH) of reservations (decision 071).
  app.get(
    '/establishments/:id/reservation-reports',
    {
      config: { permission: 'travelers.view' },
      schema: {
        tags,
        summary: 'Where the reservation report (RH) of each reservation stands',
        description:
          'For the reservations still running after `from` (all when absent): the state of their ' +
          'RH at SES.HOSPEDAJES, why one cannot be reported, the code stored or the error.',
        security,
        params: IdParams,
        querystring: LngQuerySchema.extend({ from: IsoDateSchema.optional() }),
        response: { 200: ReservationReportListResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.reservationReports(actorOf(request), request.params.id, request.query.from),
    }),
  );

  app.get(
    '/reservations/:id/ses-report',
    {
      config: { permission: 'travelers.view' },
      schema: {
        tags,
        summary: 'Where the reservation report (RH) of a reservation stands',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: ReservationReportResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.reservationReport(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/reservations/:id/ses-report/send',
    {
      config: { permission: 'ses.send' },
      schema: {
        tags,
        summary: 'Send what the reservation report (RH) calls for now',
        description:
          'The alta of a reservation not reported (or refused, or unanswered: once the portal says ' +
          'it was not stored), the cancellation of a stored one whose dates or guests changed (the ' +
          'new one goes once the Ministry processed it), or of a cancelled booking. 422 ' +
          'RESERVATION_UNREPORTABLE when a required field is missing, 409 ' +
          'RESERVATION_REPORT_NOTHING_TO_SEND, 409 SES_NOT_CONNECTED.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: ReservationReportResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await ses.sendReservationReport(
        actorOf(request),
        request.params.id,
        auditContext(request),
      ),
    }),
  );
};
