import type { FastifyPluginAsync } from 'fastify';
import { buildRobotsTxt, buildSitemap } from '@hospes/shared/public-site';

/**
 * /sitemap.xml (every public page in every language, with hreflang alternates) and /robots.txt.
 * Registered before the web plugin, whose not-found handler would otherwise answer index.html.
 */
export const siteRoutes: FastifyPluginAsync<{ appUrl: string }> = async (app, { appUrl }) => {
  const sitemap = buildSitemap(appUrl);
  const robots = buildRobotsTxt(appUrl);
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
};
