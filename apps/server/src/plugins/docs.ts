import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the route schemas, with its UI at /api/docs. */
export const docsPlugin = fp<{ version: string }>(async (app, { version }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hospes API',
        description:
          'Guest registration for lodgings in Spain. Errors: { success: false, code, message, details?, requestId }.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          // The browser's session; its unsafe calls also need X-CSRF-Token (decision 050).
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'hospes_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
