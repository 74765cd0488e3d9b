import cors from '@fastify/cors';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import type { onSendHookHandler } from 'fastify';

type Middleware = (req: never, res: never, next: (err?: unknown) => void) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every response gets (for the few answers sent before any hook runs). */
    securityHeaders: Readonly<Record<string, string>>;
    /**
     * The CORS headers @fastify/cors gives a request from `origin`, for the answers sent before
     * any hook runs (a URL the router cannot read): none unless CORS_ORIGINS lists it.
     */
    corsHeadersFor(origin: string | undefined): Record<string, string>;
  }
}

/** The headers a helmet middleware sets, run once against a recording response. */
function staticHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as never, res as never, (err) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Security headers with a strict Content-Security-Policy (no inline or foreign scripts, no
 * third-party origins at all), and CORS closed unless origins are configured.
 */
export const securityPlugin = fp<{ corsOrigins: string[]; https: boolean }>(async (app, opts) => {
  // The headers do not depend on the request, so helmet runs once, here, and every response gets
  // what it wrote (@fastify/helmet rebuilt helmet and the policy text on every request).
  const headers = staticHeaders(
    helmet({
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
      // As frame-ancestors 'none' says, for browsers that read only this header (helmet's default,
      // SAMEORIGIN, contradicted it).
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      hsts: opts.https ? { maxAge: 15552000, includeSubDomains: true } : false,
    }),
  );
  headers['permissions-policy'] = 'camera=(self), microphone=(), geolocation=(), payment=()';
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const allowed = new Set(opts.corsOrigins);
  app.decorate('corsHeadersFor', (origin: string | undefined): Record<string, string> =>
    origin && allowed.has(origin)
      ? {
          'access-control-allow-origin': origin,
          'access-control-allow-credentials': 'true',
          vary: 'Origin',
        }
      : {},
  );
  if (opts.corsOrigins.length > 0) {
    await app.register(cors, { origin: opts.corsOrigins, credentials: true });
  }
});

/**
 * An onSend hook for the API's scope: its answers carry sessions and personal data (a login's
 * token, travelers, their documents), so none is kept by a browser's cache or a proxy unless its
 * route says otherwise (the public site's settings, for one).
 */
export const noStore: onSendHookHandler = (_request, reply, payload, done) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
};
