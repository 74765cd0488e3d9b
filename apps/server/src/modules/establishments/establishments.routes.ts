import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { LngQuerySchema, paginationOf } from '@hospes/shared/common';
import {
  CreateEstablishmentInputSchema,
  DeleteDocumentPhotosResponseSchema,
  DeleteEstablishmentResponseSchema,
  EstablishmentListResponseSchema,
  EstablishmentResponseSchema,
  ListEstablishmentsQuerySchema,
  UpdateEstablishmentInputSchema,
  UserEstablishmentsResponseSchema,
} from '@hospes/shared/establishments';
import {
  EstablishmentTravelersQuerySchema,
  TravelerListResponseSchema,
} from '@hospes/shared/travelers';
import { z } from '@hospes/shared/zod';
import { AppError } from '../../lib/app-error';
import { serverMessage } from '../../lib/i18n/server-texts';
import { jsonListPage, sendJsonText } from '../../lib/serializer';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { TravelersService } from '../travelers';
import type { EstablishmentsService } from './establishments.service';

const tags = ['establishments'];
const security = [{ bearerAuth: [] }];
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
const IdParams = z.object({ id: z.string().max(100) });

export const establishmentsRoutes: FastifyPluginAsyncZod<{
  establishments: EstablishmentsService;
  pilgrims: TravelersService;
}> = async (app, { establishments, pilgrims }) => {
  /** Spec §8: a create without a session says 'You need to log in to create an establishment.' */
  async function requireUserToCreate(
    request: FastifyRequest,
    reply: Parameters<typeof app.requireUser>[1],
  ) {
    try {
      await app.requireUser(request, reply);
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHENTICATED')
        throw new AppError('ESTABLISHMENT_CREATE_UNAUTHENTICATED');
      throw err;
    }
  }

  app.post(
    '/',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary:
          'Create an establishment; the caller (or, for an admin with createUserWithEstablishment, the contact) becomes its owner',
        security,
        body: CreateEstablishmentInputSchema,
        querystring: LngQuerySchema,
        response: { 201: EstablishmentResponseSchema },
      },
      onRequest: requireUserToCreate,
    },
    async (request, reply) => {
      const data = await establishments.create(
        actorOf(request),
        request.body,
        auditContext(request),
      );
      return reply
        .code(201)
        .send({ success: true, message: serverMessage(request.lng, 'establishmentCreated'), data });
    },
  );

  app.get(
    '/',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Every establishment (admins only), filtered and paginated',
        security,
        querystring: ListEstablishmentsQuerySchema,
        response: { 200: EstablishmentListResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await establishments.list(actorOf(request), request.query);
      return {
        success: true as const,
        data,
        pagination: paginationOf(total, page, limit),
      };
    },
  );

  app.get(
    '/user',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'The establishments of the signed-in user, with the user’s role in each',
        security,
        querystring: LngQuerySchema,
        response: { 200: UserEstablishmentsResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await establishments.listMine(actorOf(request)),
    }),
  );

  app.get(
    '/:id',
    {
      // An API key reads its own establishment (decision 068).
      config: { permission: 'self', apiKey: true },
      schema: {
        tags,
        summary: 'One establishment (a member’s or any, for an admin)',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: EstablishmentResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await establishments.get(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/:id',
    {
      config: { permission: 'establishment.manage' },
      schema: {
        tags,
        summary: 'Update an establishment',
        security,
        params: IdParams,
        body: UpdateEstablishmentInputSchema,
        querystring: LngQuerySchema,
        response: { 200: EstablishmentResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      message: serverMessage(request.lng, 'establishmentUpdated'),
      data: await establishments.update(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      ),
    }),
  );

  app.delete(
    '/:id/document-photos',
    {
      config: { permission: 'establishment.manage' },
      schema: {
        tags,
        summary:
          'Delete the photos of identity documents still held for the travelers of an establishment that keeps none (keepDocumentImages off; 409 otherwise)',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: DeleteDocumentPhotosResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await establishments.deleteDocumentPhotos(
        actorOf(request),
        request.params.id,
        auditContext(request),
      ),
    }),
  );

  app.delete(
    '/:id',
    {
      // Deleting the establishment stays a person's act, whatever a key was given (decision 068).
      config: { permission: 'establishment.manage', apiKey: false },
      schema: {
        tags,
        summary:
          'Delete an establishment; refused (409) while it keeps traveler records within the 3-year retention',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: DeleteEstablishmentResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      message: serverMessage(request.lng, 'establishmentDeleted'),
      data: await establishments.remove(actorOf(request), request.params.id, auditContext(request)),
    }),
  );

  app.get(
    '/:id/pilgrims',
    {
      config: { permission: 'travelers.view' },
      schema: {
        tags,
        summary: 'The travelers of an establishment, newest entry first',
        security,
        params: IdParams,
        querystring: EstablishmentTravelersQuerySchema,
        response: { 200: TravelerListResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const { data, total } = await pilgrims.listForEstablishment(
        actorOf(request),
        request.params.id,
        { page, limit },
      );
      return sendJsonText(reply, jsonListPage(data, paginationOf(total, page, limit)));
    },
  );
};
