import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import type { PublicCheckinInfo } from '@hospes/shared/checkin';
import type * as Renderer from '../src/prerender/self-checkin';

/**
 * The self check-in's renderer for the server (decision 079): after the client build, Vite builds
 * src/prerender/self-checkin.tsx for Node (`build.ssr`) into `dist-ssr/`, beside `dist/` and not
 * in it (the server's code is not the site's). The Fastify server imports it at start and renders
 * /registro-viajero for each request (apps/server/src/plugins/web.ts). The packages stay in
 * node_modules (Vite's default for a server build); the app's code and the shared package are in
 * the bundle.
 *
 * It then renders a sample page (a Spanish pilgrim on an establishment's link) into
 * `dist-ssr/self-checkin-sample.es.html`: what the weight check weighs for the page's first render
 * (its HTML and the stylesheets it links, as for the prerendered landing).
 */
export const SSR_DIR = 'dist-ssr';
export const SELF_CHECKIN_RENDERER = 'self-checkin.js';
export const SELF_CHECKIN_SAMPLE = 'self-checkin-sample.es.html';

/** A typical establishment's link: the sample the weight check weighs. */
export const SAMPLE_CHECKIN: PublicCheckinInfo = {
  establishment: {
    name: 'Albergue de peregrinos Santa María',
    city: 'Sarria',
    type: 'hostel',
    keepDocumentImages: false,
    timeZone: 'Europe/Madrid',
  },
  reservation: null,
};

export function selfCheckinRenderer(root: string): Plugin {
  return {
    name: 'hospes-self-checkin-renderer',
    apply: 'build',
    writeBundle: {
      // Before the weight check, which weighs the sample this writes.
      order: 'pre',
      sequential: true,
      async handler(options) {
        const dir = options.dir;
        if (!dir) return;
        const outDir = path.join(root, SSR_DIR);
        await build({
          root,
          configFile: false,
          logLevel: 'warn',
          mode: 'production',
          // The site's files are the client build's.
          publicDir: false,
          resolve: { alias: { '@': path.join(root, 'src') } },
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          build: {
            ssr: 'src/prerender/self-checkin.tsx',
            outDir,
            emptyOutDir: true,
            target: 'node20',
            sourcemap: false,
            minify: false,
            rolldownOptions: { output: { entryFileNames: SELF_CHECKIN_RENDERER } },
          },
        });
        const { renderSelfCheckinPage } = (await import(
          pathToFileURL(path.join(outDir, SELF_CHECKIN_RENDERER)).href
        )) as typeof Renderer;
        const template = await fs.readFile(path.join(dir, 'index.html'), 'utf8');
        const page = await renderSelfCheckinPage(template, {
          path: '/registro-viajero',
          token: 'sample-token-of-an-establishment-link',
          lng: 'es',
          link: { info: SAMPLE_CHECKIN },
        });
        if (page.status !== 200)
          throw new Error(`The sample self check-in answered ${page.status}`);
        await fs.writeFile(path.join(outDir, SELF_CHECKIN_SAMPLE), page.html);
      },
    },
  };
}
