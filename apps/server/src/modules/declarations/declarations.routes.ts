/** The declaración responsable of an establishment (decision 063): its state, signing, the PDFs. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LngQuerySchema } from '@hospes/shared/common';
import { DeclarationResponseSchema, SignDeclarationInputSchema } from '@hospes/shared/declarations';
import { z } from '@hospes/shared/zod';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { DeclarationsService } from './declarations.service';

const tags = ['establishments'];
const security = [{ bearerAuth: [] }];
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
const IdParams = z.object({ id: z.string().max(100) });
const VersionParams = z.object({ id: z.string().max(100), declarationId: z.string().max(100) });

export const declarationsRoutes: FastifyPluginAsyncZod<{
  declarations: DeclarationsService;
}> = async (app, { declarations }) => {
  app.get(
    '/establishments/:id/declaration',
    {
      config: { permission: 'establishment.manage' },
      schema: {
        tags,
        summary:
          'The declaración responsable: its state (never, valid, expiring within 30 days, expired), its signed versions, and the statement to sign, in the request’s language',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: DeclarationResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await declarations.get(actorOf(request), request.params.id, request.lng),
    }),
  );

  app.post(
    '/establishments/:id/declaration',
    {
      config: { permission: 'establishment.manage' },
      schema: {
        tags,
        summary:
          'Sign the declaración responsable on screen: a new version, valid one year, kept as a PDF (Spanish text, and its translation in `language`) beside the older ones',
        security,
        params: IdParams,
        body: SignDeclarationInputSchema,
        querystring: LngQuerySchema,
        response: { 201: DeclarationResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const data = await declarations.sign(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      );
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/establishments/:id/declarations/:declarationId/pdf',
    {
      config: { permission: 'establishment.manage' },
      schema: {
        tags,
        summary:
          'One signed version of the declaración responsable, as the PDF made when it was signed',
        security,
        params: VersionParams,
        querystring: LngQuerySchema,
        response: { 200: z.any().describe('application/pdf') },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { fileName, body } = await declarations.pdf(
        actorOf(request),
        request.params.id,
        request.params.declarationId,
        auditContext(request),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('access-control-expose-headers', 'content-disposition')
        .header('content-length', String(body.length))
        .send(body);
    },
  );
};
