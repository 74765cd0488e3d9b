import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicCheckinInfo } from '@hospes/shared/checkin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@hospes/shared/languages';
import { AppError } from '../lib/app-error';
import type { RateLimit } from '../lib/rate-limiter';
import { sendError } from './errors';

/** Where the build puts the prerendered landing pages, one per language (decision 073). */
const LANDING_DIR = 'landing';

/** The self check-in page's two addresses (spec §2: one page). */
const SELF_CHECKIN_PATHS = new Set(['/registro-viajero', '/pilgrim-register']);

/** The longest link token the API reads (its params schema): longer opens nothing. */
const MAX_TOKEN_LENGTH = 200;

/**
 * The web app's renderer of the self check-in page (decision 079): built by the web app's build
 * (`vite build --ssr`, apps/web/build/self-checkin-renderer.ts) into `dist-ssr/` beside `dist/`,
 * from the app's own components (apps/web/src/prerender/self-checkin.tsx).
 */
export interface SelfCheckinRenderer {
  renderSelfCheckinPage(
    template: string,
    request: {
      path: string;
      token: string;
      lng: string;
      link: { info: PublicCheckinInfo } | { invalid: true } | null;
    },
  ): Promise<{ status: number; html: string }>;
}

/** The renderer built beside `distDir`, if the build made one. */
export async function loadSelfCheckinRenderer(
  distDir: string,
): Promise<SelfCheckinRenderer | undefined> {
  const file = path.join(path.dirname(distDir), 'dist-ssr', 'self-checkin.js');
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as Partial<SelfCheckinRenderer>;
  if (typeof module.renderSelfCheckinPage !== 'function') return undefined;
  return module as SelfCheckinRenderer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page made for this request, compressed as the browser accepts it (the build's files have
 * their compressed copies; this one is new each time): Brotli at quality 5 (measured on the page: a
 * few milliseconds, 10.4 KB; quality 9 takes about thirty times longer for 10.2 KB, the build's 11
 * gives 8.8 KB), else gzip.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const weights = new Map(
    accepted.split(',').map((part) => {
      const [coding = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return [coding.trim().toLowerCase(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const accepts = (coding: string) => (weights.get(coding) ?? 0) > 0;
  reply.header('vary', 'accept-encoding');
  const data = Buffer.from(html);
  if (accepts('br')) {
    reply.header('content-encoding', 'br');
    return reply.send(
      await brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    );
  }
  if (accepts('gzip')) {
    reply.header('content-encoding', 'gzip');
    return reply.send(await gzip(data));
  }
  return reply.send(data);
}

/**
 * The Content-Security-Policy of a prerendered landing page: the app's, with the page's own inline
 * scripts allowed by their hashes (the theme before the first paint, and the app's code fetched
 * after the load event; build/prerender.ts in the web app). Nothing else inline runs.
 */
export function landingPolicy(policy: string, html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
  if (hashes.length === 0) return policy;
  return policy.replace(/script-src [^;]*/, (directive) => `${directive} ${hashes.join(' ')}`);
}

/**
 * The language of the landing a visitor gets at "/", in the order the app itself detects it
 * (apps/web/src/lib/i18n.ts): `?lng=`, the language cookie the app sets, then the browser's
 * Accept-Language (its first supported language, base tags: `de-AT` is `de`); else Spanish.
 */
export function landingLanguage(request: FastifyRequest): Language {
  const query = (request.query as Record<string, unknown> | undefined)?.lng;
  if (isLanguage(query)) return query;
  const cookie = /(?:^|;\s*)i18next=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  if (cookie) {
    const value = decodeURIComponent(cookie).toLowerCase().split('-')[0];
    if (isLanguage(value)) return value;
  }
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { lng: tag.toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return accepted.map((entry) => entry.lng).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * Serves the built web app: hashed assets with a long cache, the prerendered landing for "/" in the
 * visitor's language, and index.html for every other non-API GET (the SPA's routes). Unknown /api
 * paths answer the 404 envelope.
 */
export const webPlugin = fp<{
  distDir: string | undefined;
  /** The details of a check-in link (the public API's), for the self check-in page. */
  checkinInfo?: (token: string) => Promise<PublicCheckinInfo>;
  /** The self check-in's renderer; by default the one the web build wrote beside `distDir`. */
  selfCheckinRenderer?: SelfCheckinRenderer;
  /**
   * Pages rendered per client address: past it, the address gets the app's shell (index.html),
   * which asks for the link itself, so a flood of requests cannot keep the renderer busy while a
   * pilgrim behind the same address is still served.
   */
  renderLimit?: RateLimit;
}>(async (app, { distDir, checkinInfo, selfCheckinRenderer, renderLimit }) => {
  const index = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWeb = !!index && fs.existsSync(index);
  const renderer =
    hasWeb && checkinInfo
      ? (selfCheckinRenderer ?? (await loadSelfCheckinRenderer(distDir!)))
      : undefined;
  /** index.html as the build wrote it: the self check-in's document is made from it. */
  let template: string | undefined;
  const hasLanding = hasWeb && fs.existsSync(path.join(distDir!, LANDING_DIR));
  /** Each landing file's policy, worked out once (the files change only with a new build). */
  const policies = new Map<string, string>();
  const policyOf = (file: string) => {
    let policy = policies.get(file);
    const base = app.securityHeaders?.['content-security-policy'];
    if (policy === undefined && base) {
      policy = landingPolicy(base, fs.readFileSync(path.join(distDir!, file), 'utf8'));
      policies.set(file, policy);
    }
    return policy;
  };
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (apps/web/build/precompress.ts):
      // sent to browsers that accept them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, file) {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api')
    ) {
      // The self check-in, rendered for this link and this pilgrim's language (decision 079).
      if (renderer && checkinInfo && SELF_CHECKIN_PATHS.has(url)) {
        return sendSelfCheckin(request, reply, url);
      }
      // "/" for a visitor: the landing prerendered in their language, shown before any script.
      if (url === '/' && hasLanding) {
        const file = [landingLanguage(request), DEFAULT_LANGUAGE]
          .map((lng) => path.join(LANDING_DIR, `${lng}.html`))
          .find((candidate) => fs.existsSync(path.join(distDir!, candidate)));
        if (file) {
          // The language depends on the request: with no-cache, a cache asks every time (and the
          // ETag is the file's, so another language is never taken for this one).
          const policy = policyOf(file);
          if (policy) reply.header('content-security-policy', policy);
          return reply
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .sendFile(file);
        }
      }
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return sendError(request, reply, 'NOT_FOUND');
  });

  /**
   * The self check-in page as the app shows it for the link (?t=): the establishment's form, or
   * the page of a link that no longer opens (404, as the API's CHECKIN_LINK_INVALID). When the
   * link's details cannot be had (the database away) or the render fails, index.html, as before:
   * the app then asks for them itself and offers another try. The token is never logged (the
   * request's URL is logged redacted, app.ts).
   */
  async function sendSelfCheckin(request: FastifyRequest, reply: FastifyReply, url: string) {
    const query = request.query as Record<string, unknown> | undefined;
    const token = typeof query?.t === 'string' ? query.t.trim() : '';
    const lng = landingLanguage(request);
    let link: { info: PublicCheckinInfo } | { invalid: true } | null = null;
    let page: { status: number; html: string } | undefined;
    try {
      if (renderLimit && (await renderLimit.take(request.ip)) > 0) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      if (token.length > MAX_TOKEN_LENGTH) link = { invalid: true };
      else if (token) {
        try {
          link = { info: await checkinInfo!(token) };
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'CHECKIN_LINK_INVALID')) throw error;
          link = { invalid: true };
        }
      }
      template ??= fs.readFileSync(index!, 'utf8');
      page = await renderer!.renderSelfCheckinPage(template, { path: url, token, lng, link });
    } catch (error) {
      request.log.error({ err: error }, 'The self check-in page could not be rendered');
    }
    // Personal data may be in it (a guest's link opens with the booking's name and contact).
    reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8');
    if (!page) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    const policy = app.securityHeaders?.['content-security-policy'];
    if (policy) reply.header('content-security-policy', landingPolicy(policy, page.html));
    return sendCompressed(request, reply.status(page.status), page.html);
  }
});

/** The built web app next to the server: apps/web/dist, from src/ or dist/. */
export function defaultWebDistDir(fromDir: string): string | undefined {
  let dir = fromDir;
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(candidate)) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (fs.existsSync(sibling)) return sibling;
    dir = path.dirname(dir);
  }
  return undefined;
}
