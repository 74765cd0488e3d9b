import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiKeyAccess, type RouteAccess } from './permissions';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Examples of the calls a partner makes first (docs/integration-guide.md): a request body for
 * each, as the OpenAPI document shows it.
 */
const REQUEST_EXAMPLES: Record<string, unknown> = {
  'POST /api/pilgrims': {
    establishmentId: '0195f3a0-8d6e-7c1a-9b2e-3f4a5b6c7d8e',
    firstName: 'Hans',
    lastName: 'Müller',
    nationality: 'DEU',
    documentType: 'P',
    passportNumber: 'C01X00T47',
    documentExpeditionDate: '2020-01-10',
    dateOfBirth: '1980-05-17',
    gender: 'M',
    entryDate: '2026-07-01',
    checkOutDate: '2026-07-04',
    language: 'de',
    contactInfo: { email: 'hans.mueller@example.de', phone: '+49 30 1234567' },
    emergencyContact: { name: 'Greta Müller', phone: '+49 30 7654321', relationship: 'spouse' },
    signatureImage: 'data:image/png;base64,iVBORw0KGgo…',
  },
  'POST /api/establishments/{id}/reservations': {
    holderName: 'Hans Müller',
    holderEmail: 'hans.mueller@example.de',
    arrival: '2026-07-01',
    departure: '2026-07-04',
    guests: 2,
    unit: 'Room 12',
    channel: 'Our PMS',
  },
};

/** Query examples of the lists a partner syncs by cursor. */
const QUERY_EXAMPLES: Record<string, Record<string, string>> = {
  'GET /api/pilgrims': { cursor: 'start', limit: '50' },
  'GET /api/establishments/{id}/reservations': { cursor: 'start', limit: '50' },
};

const API_KEY_NOTE =
  'API keys may call this operation (`x-api-key-allowed`): `Authorization: Bearer hsp_live_…`, ' +
  'within the key’s establishment and permissions.';

/**
 * The zod transform, plus what a partner needs to read the document (decision 068): each
 * operation under /api says whether an API key may call it (`x-api-key-allowed`), and those that
 * may name the `bearerAuth` scheme; the first calls of the guide carry examples.
 */
export function transformForPartners(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const { url, route } = input;
  if (!url.startsWith('/api/') || !route) return result;
  const config = (route.config ?? {}) as { permission?: RouteAccess; apiKey?: boolean };
  if (config.permission === undefined || config.permission === 'public') return result;
  const allowed = apiKeyAccess(config);
  const schema = { ...(result.schema as Record<string, unknown>) };
  schema['x-api-key-allowed'] = allowed;
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const key = `${method} ${url.replace(/:([A-Za-z]+)/g, '{$1}')}`;
  if (allowed) {
    schema.security = [{ bearerAuth: [] }, { cookieAuth: [] }];
    schema.description = schema.description
      ? `${String(schema.description)}\n\n${API_KEY_NOTE}`
      : API_KEY_NOTE;
  }
  const body = REQUEST_EXAMPLES[key];
  if (body && schema.body && typeof schema.body === 'object')
    schema.body = { ...(schema.body as object), examples: [body] };
  const query = QUERY_EXAMPLES[key];
  if (query && schema.querystring && typeof schema.querystring === 'object') {
    const qs = schema.querystring as { properties?: Record<string, object> };
    schema.querystring = {
      ...qs,
      properties: Object.fromEntries(
        Object.entries(qs.properties ?? {}).map(([name, property]) => [
          name,
          name in query ? { ...property, examples: [query[name]] } : property,
        ]),
      ),
    };
  }
  return { ...result, schema };
}

/** The OpenAPI document, generated from the route schemas, with its UI at /api/docs. */
export const docsPlugin = fp<{ version: string }>(async (app, { version }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hospes API',
        description:
          'Guest registration for lodgings in Spain. Errors: { success: false, code, message, details?, requestId }. ' +
          'Partners’ programs call it with an API key (`Authorization: Bearer hsp_live_…`): the operations ' +
          'marked `x-api-key-allowed: true`. Creates take an `Idempotency-Key` header; the lists a partner ' +
          'syncs page by cursor (`cursor=start`, then `pagination.nextCursor`). Guide: docs/integration-guide.md.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key (`hsp_live_…`, made by the establishment’s owner under Settings → API keys) or a session token from POST /api/auth/login.',
          },
          // The browser's session; its unsafe calls also need X-CSRF-Token (decision 050).
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'hospes_session' },
        },
      },
    },
    transform: transformForPartners,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
