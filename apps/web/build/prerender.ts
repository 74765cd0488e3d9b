import fs from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import type * as Landing from '../src/prerender/landing';
import { prerenderedDocument } from '../src/prerender/document';
import { compressBeside } from './precompress';

/**
 * The landing page as static HTML (decision 073): at build time the app's own components render
 * "/" once per language (src/prerender/landing.tsx, through Vite's SSR module loader) into
 * `landing/<lng>.html`, which the server sends for "/" in the visitor's language
 * (apps/server/src/plugins/web.ts). The page shows with its HTML and CSS alone; the app's code is
 * fetched once the page has loaded and takes over without a visible change (main.tsx renders over
 * the static markup when its first route is ready). Issue 33's 80 KB goal for the landing is thus
 * met by the HTML and the CSS (weighed by weight-budget.ts).
 */
export const LANDING_DIR = 'landing';

/** index.html made into one language's landing page around the rendered markup. */
export const landingDocument = (
  template: string,
  rendered: { html: string; lang: string; dir: string; lng: string },
) => prerenderedDocument(template, rendered);

export function prerenderLanding(root: string): Plugin {
  return {
    name: 'hospes-prerender-landing',
    apply: 'build',
    writeBundle: {
      // Before the weight check, which weighs what this writes.
      order: 'pre',
      sequential: true,
      async handler(options) {
        const dir = options.dir;
        if (!dir) return;
        const template = await fs.readFile(path.join(dir, 'index.html'), 'utf8');
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          resolve: { alias: { '@': path.join(root, 'src') } },
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { renderLanding, AVAILABLE_LANGUAGES } = (await server.ssrLoadModule(
            '/src/prerender/landing.tsx',
          )) as typeof Landing;
          await fs.mkdir(path.join(dir, LANDING_DIR), { recursive: true });
          for (const lng of AVAILABLE_LANGUAGES) {
            const rendered = await renderLanding(lng);
            const file = path.join(dir, LANDING_DIR, `${lng}.html`);
            await fs.writeFile(file, landingDocument(template, { ...rendered, lng }));
            await compressBeside(file);
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}
