import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { sendError } from './errors';

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other
 * non-API GET (the SPA's routes). Unknown /api paths answer the 404 envelope.
 */
export const webPlugin = fp<{ distDir: string | undefined }>(async (app, { distDir }) => {
  const index = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWeb = !!index && fs.existsSync(index);
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
