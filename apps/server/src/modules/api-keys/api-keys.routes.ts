import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiKeyListResponseSchema,
  ApiKeyResponseSchema,
  CreateApiKeyInputSchema,
  CreatedApiKeyResponseSchema,
} from '@hospes/shared/api-keys';
import { LngQuerySchema } from '@hospes/shared/common';
import { z } from '@hospes/shared/zod';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { ApiKeysService } from './api-keys.service';

const tags = ['api-keys'];
const security: Array<Record<string, string[]>> = [{ cookieAuth: [] }, { bearerAuth: [] }];
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
const IdParams = z.object({ id: z.string().max(100) });
const KeyParams = z.object({ id: z.string().max(100), keyId: z.string().max(100) });
const description =
  'A person’s session only: an API key never manages keys (403 API_KEY_NOT_ALLOWED).';

/**
 * The API keys of an establishment (decision 068), managed by whoever may manage its team. No key
 * reaches these routes: `team.manage` is a person's permission.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (
  app,
  { apiKeys },
) => {
  app.get(
    '/api-keys/current',
    {
      config: { permission: 'self', apiKey: true },
      schema: {
        tags,
        summary:
          'The API key making the call: its name, establishment, permissions and expiry (404 for a session)',
        security: [{ bearerAuth: [] }],
        querystring: LngQuerySchema,
        response: { 200: ApiKeyResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await apiKeys.current(actorOf(request)),
    }),
  );

  app.get(
    '/establishments/:id/api-keys',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary: 'The API keys of an establishment (never their secrets), newest first',
        description,
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: ApiKeyListResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await apiKeys.list(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/establishments/:id/api-keys',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary: 'Create an API key: its secret is in this answer only',
        description: `${description} The key gets some of the maker’s own permissions there (never team.manage); \`expiresInDays\` null or left out: no expiry.`,
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: CreateApiKeyInputSchema,
        response: { 201: CreatedApiKeyResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await apiKeys.create(
          actorOf(request),
          request.params.id,
          request.body,
          auditContext(request),
        ),
      }),
  );

  app.delete(
    '/establishments/:id/api-keys/:keyId',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags,
        summary: 'Revoke an API key: the next request that presents it answers 401',
        description,
        security,
        params: KeyParams,
        querystring: LngQuerySchema,
        response: { 200: ApiKeyResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await apiKeys.revoke(
        actorOf(request),
        request.params.id,
        request.params.keyId,
        auditContext(request),
      ),
    }),
  );
};
