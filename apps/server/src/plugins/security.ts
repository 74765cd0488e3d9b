import cors from '@fastify/cors';
import helmet from 'helmet';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict Content-Security-Policy (no inline or foreign scripts, no
 * third-party origins at all), and CORS closed unless origins are configured.
 */
export const securityPlugin = fp<{ corsOrigins: string[]; https: boolean }>(async (app, opts) => {
  // helmet's middleware, built once (@fastify/helmet builds it again on every request, parsing
  // the whole policy each time), then run on every response's raw headers.
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React style attributes and the toast library's runtime styles need inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    hsts: opts.https ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=()');
  });
  if (opts.corsOrigins.length > 0) {
    await app.register(cors, { origin: opts.corsOrigins, credentials: true });
  }
});
