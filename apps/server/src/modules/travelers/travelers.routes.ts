import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LngQuerySchema, paginationOf } from '@hospes/shared/common';
import {
  DocumentQuerySchema,
  TravelerHistoryQuerySchema,
  TravelerHistoryResponseSchema,
  BulkDeleteTravelersInputSchema,
  BulkDeleteTravelersResponseSchema,
  BulkUpdateTravelersInputSchema,
  BulkUpdateTravelersResponseSchema,
  DeskCreateTravelerInputSchema,
  DeleteTravelerResponseSchema,
  ListTravelersQuerySchema,
  TravelerCursorPageSchema,
  TravelerListResponseSchema,
  TravelerResponseSchema,
  UpdateTravelerInputSchema,
} from '@hospes/shared/travelers';
import { z } from '@hospes/shared/zod';
import { serverMessage } from '../../lib/i18n/server-texts';
import { jsonListPage, sendJsonText } from '../../lib/serializer';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import { IdempotencyHeaders, REGISTRATION_BODY_LIMIT } from './registration-body';
import type { TravelersService } from './travelers.service';

const tags = ['pilgrims'];
const security = [{ bearerAuth: [] }];
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
const IdParams = z.object({ id: z.string().max(100) });
const DocumentParams = z.object({ id: z.string().max(100), docId: z.string().max(100) });

export const travelersRoutes: FastifyPluginAsyncZod<{ pilgrims: TravelersService }> = async (
  app,
  { pilgrims },
) => {
  app.post(
    '/',
    {
      config: { permission: 'travelers.register' },
      bodyLimit: REGISTRATION_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Register a traveler (images as data URLs; the signature is required; the emergency contact too unless the establishment makes it optional)',
        security,
        body: DeskCreateTravelerInputSchema,
        querystring: LngQuerySchema,
        headers: IdempotencyHeaders,
        response: { 201: TravelerResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { pilgrim, replayed } = await pilgrims.create(
        actorOf(request),
        request.body,
        auditContext(request),
        request.headers['idempotency-key'],
      );
      // A repeated key answers as the first time did, and says so.
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({
        success: true,
        message: serverMessage(request.lng, 'pilgrimCreated'),
        data: pilgrim,
      });
    },
  );

  app.get(
    '/',
    {
      config: { permission: 'travelers.view' },
      schema: {
        tags,
        summary: 'The travelers the caller may see, filtered, sorted and paginated',
        description:
          'Pages by number (`page`, `limit`: `pagination.total`…), or, for a sync, by cursor: ' +
          '`cursor=start` begins, each answer’s `pagination.nextCursor` continues (null: the ' +
          'end). A cursor walk lists the travelers in the order they were registered, of ' +
          '`establishmentId` when given; travelers registered during the walk come on its later ' +
          'pages, none twice.',
        security,
        querystring: ListTravelersQuerySchema,
        response: { 200: z.union([TravelerListResponseSchema, TravelerCursorPageSchema]) },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { page, limit, cursor, establishmentId } = request.query;
      if (cursor !== undefined) {
        const walk = await pilgrims.listByCursor(actorOf(request), {
          establishmentId,
          cursor,
          limit,
        });
        return sendJsonText(reply, jsonListPage(walk.data, { limit, nextCursor: walk.nextCursor }));
      }
      const { data, total } = await pilgrims.list(actorOf(request), request.query);
      // The travelers are JSON the database wrote: sent as they are (lib/serializer.ts JsonText).
      return sendJsonText(reply, jsonListPage(data, paginationOf(total, page, limit)));
    },
  );

  app.post(
    '/bulk-delete',
    {
      config: { permission: 'travelers.delete' },
      schema: {
        tags,
        summary: 'Delete several travelers at once (only those the caller may delete)',
        security,
        body: BulkDeleteTravelersInputSchema,
        querystring: LngQuerySchema,
        response: { 200: BulkDeleteTravelersResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const data = await pilgrims.bulkRemove(
        actorOf(request),
        request.body.pilgrimIds,
        auditContext(request),
      );
      return {
        success: true as const,
        message: serverMessage(request.lng, 'pilgrimsDeleted', { count: data.deleted }),
        data,
      };
    },
  );

  app.patch(
    '/bulk',
    {
      config: { permission: 'travelers.edit' },
      schema: {
        tags,
        summary:
          'Check out several travelers on a date and/or set their payment type (all or nothing)',
        security,
        body: BulkUpdateTravelersInputSchema,
        querystring: LngQuerySchema,
        response: { 200: BulkUpdateTravelersResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const data = await pilgrims.bulkUpdate(actorOf(request), request.body, auditContext(request));
      return {
        success: true as const,
        message: serverMessage(request.lng, 'pilgrimsUpdated', { count: data.updated }),
        data,
      };
    },
  );

  app.get(
    '/:id',
    {
      config: { permission: 'travelers.view' },
      schema: {
        tags,
        summary: 'One traveler',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: TravelerResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await pilgrims.get(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/:id',
    {
      config: { permission: 'travelers.edit' },
      bodyLimit: REGISTRATION_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Update a traveler: the fields sent change, the others stay; an image replaces the one of its kind',
        security,
        params: IdParams,
        body: UpdateTravelerInputSchema,
        querystring: LngQuerySchema,
        response: { 200: TravelerResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      message: serverMessage(request.lng, 'pilgrimUpdated'),
      data: await pilgrims.update(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      ),
    }),
  );

  app.delete(
    '/:id',
    {
      config: { permission: 'travelers.delete' },
      schema: {
        tags,
        summary: 'Delete a traveler',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: DeleteTravelerResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      message: serverMessage(request.lng, 'pilgrimDeleted'),
      data: await pilgrims.remove(actorOf(request), request.params.id, auditContext(request)),
    }),
  );

  app.get(
    '/:id/history',
    {
      config: { permission: 'audit.view' },
      schema: {
        tags,
        summary:
          'Who registered, changed, viewed the images of, printed or e-mailed a traveler, and when (newest first)',
        security,
        params: IdParams,
        querystring: TravelerHistoryQuerySchema,
        response: { 200: TravelerHistoryResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { page, limit } = request.query;
      const { entries, total } = await pilgrims.history(actorOf(request), request.params.id, {
        page,
        limit,
      });
      return {
        success: true as const,
        data: entries,
        pagination: paginationOf(total, page, limit),
      };
    },
  );

  app.get(
    '/:id/documents/:docId',
    {
      config: { permission: 'travelers.documentImages' },
      schema: {
        tags,
        summary: 'The image of an uploaded document, decrypted (the view is audited)',
        security,
        params: DocumentParams,
        querystring: DocumentQuerySchema,
        response: {
          200: z
            .any()
            .describe(
              'The image bytes as stored (decoded and written anew at upload, no metadata): image/jpeg, image/png or image/webp, ' +
                'as an attachment; with size=preview a WebP copy of at most 640 px a side, inline, when smaller',
            ),
        },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { id, docId } = request.params;
      const file = await pilgrims.document(
        actorOf(request),
        id,
        docId,
        auditContext(request),
        request.query.size,
      );
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.bytes.length))
        .header('content-disposition', `${file.disposition}; filename="${file.originalName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
};
