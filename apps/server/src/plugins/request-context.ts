import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickLanguage, type Language } from '@hospes/shared/languages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request: `?lng=`, then Accept-Language, then es. */
    lng: Language;
  }
}

/** Sets the request's language (`lng`, a query value, then Accept-Language) and its id header. */
export function enterRequest(request: FastifyRequest, reply: FastifyReply, lng: unknown): void {
  const explicit = typeof lng === 'string' ? lng : undefined;
  request.lng = pickLanguage(explicit, request.headers['accept-language']);
  reply.header('x-request-id', request.id);
}

export const requestContextPlugin = fp(async (app) => {
  app.decorateRequest('lng', 'es');
  app.addHook('onRequest', async (request, reply) => {
    enterRequest(request, reply, (request.query as Record<string, unknown> | undefined)?.lng);
  });
});
