import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@hospes/shared/languages';
import { sendError } from './errors';

/** Where the build puts the prerendered landing pages, one per language (decision 073). */
const LANDING_DIR = 'landing';

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
export const webPlugin = fp<{ distDir: string | undefined }>(async (app, { distDir }) => {
  const index = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWeb = !!index && fs.existsSync(index);
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
