import fs from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import type * as Landing from '../src/prerender/landing';
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

/** The module script and the module preloads Vite put in index.html, for after the load event. */
function splitScripts(head: string) {
  const scripts = [...head.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  const preloads = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  const entry = scripts[0]?.[1];
  if (!entry || scripts.length !== 1) throw new Error('index.html has no single entry script');
  let rest = head;
  for (const match of [...scripts, ...preloads]) rest = rest.replace(match[0], '');
  rest = rest.replace(/\n[ \t]*(?=\n)/g, '');
  return { entry, preloads: preloads.map((match) => match[1]!), rest };
}

/** index.html made into one language's landing page around the rendered markup. */
export function landingDocument(
  template: string,
  rendered: { html: string; lang: string; dir: string; lng: string },
): string {
  const headEnd = template.indexOf('</head>');
  const { entry, preloads, rest } = splitScripts(template.slice(0, headEnd));
  // What React rendered in place for the head (<title>, canonical and alternate links) goes there,
  // marked so that the app removes it when it renders its own (main.tsx); the description's
  // content replaces index.html's.
  let body = rendered.html;
  const hoisted: string[] = [];
  for (const [element] of body.matchAll(
    /<title>[^<]*<\/title>|<link rel="(?:canonical|alternate)"[^>]*\/>/g,
  )) {
    body = body.replace(element, '');
    hoisted.push(element.replace(/^<(title|link)/, '<$1 data-prerendered=""'));
  }
  const description = /<meta name="description" content="([^"]*)"\/?>/.exec(body);
  if (description) body = body.replace(description[0], '');
  let head = rest
    .replace(/<html lang="[^"]*">/, `<html lang="${rendered.lang}" dir="${rendered.dir}">`)
    .replace(/\s*<title>[^<]*<\/title>/, '');
  if (description) {
    head = head.replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${description[1]}" />`,
    );
  }
  head += `  ${hoisted.join('\n    ')}\n  `;
  // The theme before the first paint, as main.tsx applies it (features/preferences/theme.ts).
  head += `<script>try{var t=localStorage.getItem('theme');if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.classList.add(t)}catch(e){}</script>\n  `;
  // The app, once the page has loaded: its code never competes with the page's HTML and CSS.
  const load = `<script>addEventListener('load',function(){${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l)});var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};document.body.append(s)})</script>`;
  const tail = template
    .slice(headEnd)
    .replace(
      /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
      `<div id="root" data-prerendered="${rendered.lng}">${body}</div>`,
    )
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/\s*<!--[\s\S]*?-->/g, '')
    .replace('</body>', `  ${load}\n  </body>`);
  if (!tail.includes('data-prerendered')) throw new Error('index.html has no #root to fill');
  return head + tail;
}

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
