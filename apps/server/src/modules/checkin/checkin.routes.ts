import type { Permission } from '@hospes/shared/team';
import multipart from '@fastify/multipart';
import { LngQuerySchema } from '@hospes/shared/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckinLinkResponseSchema,
  ConfirmTravelerInputSchema,
  ConfirmTravelerResponseSchema,
  PublicCheckinInfoResponseSchema,
  PublicCheckinInputSchema,
  PublicCheckinResponseSchema,
} from '@hospes/shared/checkin';
import { ScanResponseSchema } from '@hospes/shared/mrz';
import { TravelerResponseSchema } from '@hospes/shared/travelers';
import { z } from '@hospes/shared/zod';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import { MAX_DOCUMENT_BYTES, readDocument } from '../ocr';
import { IdempotencyHeaders, REGISTRATION_BODY_LIMIT } from '../travelers';
import type { CheckinService } from './checkin.service';

const security = [{ bearerAuth: [] }];
const IdParams = z.object({ id: z.string().max(100) });
/** Tokens are checked by the service, so that a malformed one answers like an unknown one. */
const TokenParams = z.object({ token: z.string().max(200) });
const CodeParams = z.object({ code: z.string().max(40) });

/** Staff: the establishment's check-in link; finding and confirming self-registered travelers. */
export const checkinRoutes: FastifyPluginAsyncZod<{ checkin: CheckinService }> = async (
  app,
  { checkin },
) => {
  const tags = ['checkin'];
  const linkRoute = (permission: Permission, summary: string) => ({
    config: { permission },
    schema: {
      tags,
      summary,
      security,
      params: IdParams,
      querystring: LngQuerySchema,
      response: { 200: CheckinLinkResponseSchema },
    },
    onRequest: app.requireUser,
  });

  app.get(
    '/establishments/:id/checkin-link',
    linkRoute(
      'travelers.register',
      'The self check-in link of an establishment (created on first use)',
    ),
    async (request) => ({
      success: true as const,
      data: await checkin.getLink(actorOf(request), request.params.id, auditContext(request)),
    }),
  );
  app.post(
    '/establishments/:id/checkin-link/renew',
    linkRoute('establishment.manage', 'A new self check-in link: the previous one stops working'),
    async (request) => ({
      success: true as const,
      data: await checkin.renewLink(actorOf(request), request.params.id, auditContext(request)),
    }),
  );
  app.delete(
    '/establishments/:id/checkin-link',
    linkRoute('establishment.manage', 'Revoke the self check-in link'),
    async (request) => ({
      success: true as const,
      data: await checkin.revokeLink(actorOf(request), request.params.id, auditContext(request)),
    }),
  );

  app.get(
    '/pilgrims/by-code/:code',
    {
      config: { permission: 'travelers.view' },
      schema: {
        tags,
        summary: 'The self-registered traveler with this confirmation code (caller tenancy)',
        security,
        params: CodeParams,
        querystring: LngQuerySchema,
        response: { 200: TravelerResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await checkin.byCode(actorOf(request), request.params.code),
    }),
  );

  app.post(
    '/pilgrims/:id/confirm',
    {
      config: { permission: 'travelers.register' },
      schema: {
        tags,
        summary: 'Confirm a self-registered traveler after checking the document',
        description:
          'The confirmation is the arrival: a pending registration’s entry date becomes `entryDate`, ' +
          'or without one the day of the stay’s entry time when set, else the establishment’s ' +
          'today (400 VALIDATION_FAILED when the date breaks a rule of an update, or is not the ' +
          'day of the stay’s entry time). A report number of another year than the new entry ' +
          'date’s is replaced by one of that year’s series. Confirming again changes nothing.',
        security,
        params: IdParams,
        body: ConfirmTravelerInputSchema,
        querystring: LngQuerySchema,
        response: { 200: ConfirmTravelerResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await checkin.confirm(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      ),
    }),
  );
};

/** Public (no login): the self-registration page's calls, by link token. */
export const publicCheckinRoutes: FastifyPluginAsyncZod<{ checkin: CheckinService }> = async (
  app,
  { checkin },
) => {
  const tags = ['checkin (public)'];
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1 } });

  app.get(
    '/:token',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The establishment behind a check-in link (404 CHECKIN_LINK_INVALID when revoked)',
        params: TokenParams,
        querystring: LngQuerySchema,
        response: { 200: PublicCheckinInfoResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await checkin.publicInfo(request.params.token),
    }),
  );

  app.post(
    '/:token',
    {
      config: { permission: 'public' },
      bodyLimit: REGISTRATION_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Self-registration: the traveler fields of POST /api/pilgrims (signature required); ' +
          'the establishment is the link’s. Answers the confirmation code. 429 over 10 an hour per address.',
        params: TokenParams,
        body: PublicCheckinInputSchema,
        querystring: LngQuerySchema,
        headers: IdempotencyHeaders,
        response: { 201: PublicCheckinResponseSchema },
      },
      // Every attempt counts, valid or not: counted before the body is even read.
      onRequest: async (request) => {
        await checkin.limitRegistration(request.ip, (request.params as { token: string }).token);
      },
    },
    async (request, reply) => {
      const { confirmationCode, replayed } = await checkin.register(
        request.params.token,
        request.body,
        { ...auditContext(request), actorId: null },
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ success: true as const, data: { confirmationCode } });
    },
  );

  app.post(
    '/:token/ocr',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary:
          'Read a document photo for the self-registration form (see POST /api/ocr/process-document). ' +
          'At most CHECKIN_SCAN_MAX_MEGAPIXELS (default 12) megapixels: 413 IMAGE_TOO_MANY_PIXELS. 429 over 30 an ' +
          'hour per address, or over CHECKIN_SCANS_PER_MINUTE (default 10) a minute per establishment.',
        consumes: ['multipart/form-data'],
        params: TokenParams,
        querystring: LngQuerySchema,
        response: { 200: ScanResponseSchema },
      },
      // Counted before the upload is read (the multipart body is read by the handler), once the
      // token is validated: per address, and per establishment (the link's).
      preHandler: async (request) => {
        await checkin.limitScan(request.ip, request.params.token);
      },
    },
    async (request) => {
      const image = await readDocument(request);
      return {
        success: true as const,
        data: await checkin.publicScan(request.params.token, image),
      };
    },
  );
};
