import fp from 'fastify-plugin';
import { pickLanguage, type Language } from '@hospes/shared/languages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request: `?lng=`, then Accept-Language, then es. */
    lng: Language;
  }
}

export const requestContextPlugin = fp(async (app) => {
  app.decorateRequest('lng', 'es');
  app.addHook('onRequest', async (request, reply) => {
    const query = request.query as Record<string, unknown> | undefined;
    const explicit = typeof query?.lng === 'string' ? query.lng : undefined;
    request.lng = pickLanguage(explicit, request.headers['accept-language']);
    reply.header('x-request-id', request.id);
  });
});
