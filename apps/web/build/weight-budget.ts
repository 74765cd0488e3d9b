import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The weight budgets of decision 059 (lowered by 067, 073, 075, 079 and 082): the Brotli-compressed JavaScript and CSS a page needs
 * before its first render (what the server sends: apps/web/build/precompress.ts, with the same
 * settings), checked on every production build, so CI's build fails when a page grows past its
 * budget. The figures are written to `weight.json` beside the build (docs/benchmarks.md).
 *
 * What a page needs before its first render: the entry chunk and everything it imports
 * statically, the route's chunk and its static imports, the language files the route waits for
 * (the namespaces of the active language it shows, decision 073), and their CSS; for a prerendered
 * page (the landing) or one the server renders (the self check-in, decision 079: a sample of it),
 * its HTML and the stylesheets it links. What a page loads on demand after it
 * shows (the INE municipalities, the camera's scanner, other languages, the app behind the
 * prerendered landing) is not counted.
 */

export interface PageBudget {
  /** The route's module, relative to apps/web (its lazy chunk). */
  readonly route?: string;
  /** Further modules it waits for before rendering (language files), relative to apps/web. */
  readonly waitsFor?: readonly string[];
  /**
   * A page prerendered to HTML (decision 073), or a sample of one the server renders (decision
   * 079), relative to the build: its first render needs the document and what it loads before
   * showing (its stylesheets), not the app's code.
   */
  readonly document?: string;
  /** Brotli bytes allowed: the build fails past them. */
  readonly budget: number;
  /** Issue 33's goal (decisions 059, 067, 073, 075, 079 and 082 say why some are not reached); reported beside the figure. */
  readonly target: number;
}

const KB = 1024;

/** The Spanish texts a route waits for (app/router.tsx): one chunk per namespace (decision 073). */
const texts = (...namespaces: string[]) => namespaces.map((ns) => `src/locales/es/${ns}.json`);
const sharedTexts = (...namespaces: string[]) =>
  namespaces.map((ns) => `../../packages/shared/src/locales/es/${ns}.json`);

export const PAGE_BUDGETS: Record<string, PageBudget> = {
  // Rendered by the server per request (decision 079): a sample page's HTML (a Spanish pilgrim on
  // an establishment's link, build/self-checkin-renderer.ts) and its CSS.
  'self check-in': {
    document: '../dist-ssr/self-checkin-sample.es.html',
    budget: 18 * KB,
    target: 100 * KB,
  },
  // Prerendered (build/prerender.ts): the Spanish page's HTML and its CSS.
  landing: {
    document: 'landing/es.html',
    budget: 15 * KB,
    target: 80 * KB,
  },
  desk: {
    route: 'src/app/routes/traveler-registration.tsx',
    waitsFor: [
      ...texts('common', 'checkin', 'clients', 'establishments', 'reservations'),
      ...sharedTexts('errors', 'validation'),
    ],
    budget: 255 * KB,
    target: 200 * KB,
  },
};

/** One chunk of the build as the budget reads it. */
export interface BuiltChunk {
  readonly fileName: string;
  /** The module the chunk stands for (a route, a language file), relative to apps/web. */
  readonly module: string | null;
  readonly isEntry: boolean;
  /** Chunks it imports statically (loaded with it). */
  readonly imports: readonly string[];
  readonly css: readonly string[];
}

export interface PageWeight {
  readonly page: string;
  readonly files: string[];
  readonly bytes: number;
  readonly budget: number;
  readonly target: number;
}

/** The files a page needs before its first render (see above), and their compressed bytes. */
export function weighPages(
  chunks: readonly BuiltChunk[],
  sizeOf: (file: string) => number,
  budgets: Record<string, PageBudget> = PAGE_BUDGETS,
  /** The files a document (a prerendered page) loads before it shows. */
  blockingOf?: (document: string) => string[],
): PageWeight[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map(
    chunks.flatMap((chunk) => (chunk.module ? [[chunk.module, chunk]] : [])),
  );
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const closure = (start: BuiltChunk, into: Set<string>) => {
    const stack = [start];
    while (stack.length > 0) {
      const chunk = stack.pop()!;
      if (into.has(chunk.fileName)) continue;
      into.add(chunk.fileName);
      for (const css of chunk.css) into.add(css);
      for (const imported of chunk.imports) {
        const next = byFile.get(imported);
        if (next) stack.push(next);
      }
    }
  };
  return Object.entries(budgets).map(
    ([page, { route, waitsFor = [], document, budget, target }]) => {
      const files = new Set<string>();
      if (document) {
        if (!blockingOf) throw new Error(`${page} is a document, and nothing reads documents`);
        files.add(document);
        for (const file of blockingOf(document)) files.add(file);
        return result(page, files, sizeOf, budget, target);
      }
      if (!route) throw new Error(`${page} has neither a route nor a document`);
      closure(entry, files);
      for (const module of [route, ...waitsFor]) {
        const chunk = byModule.get(module);
        if (!chunk) throw new Error(`The build has no chunk for ${module} (${page})`);
        closure(chunk, files);
      }
      return result(page, files, sizeOf, budget, target);
    },
  );
}

function result(
  page: string,
  files: Set<string>,
  sizeOf: (file: string) => number,
  budget: number,
  target: number,
): PageWeight {
  const list = [...files].sort();
  return {
    page,
    files: list,
    bytes: list.reduce((sum, file) => sum + sizeOf(file), 0),
    budget,
    target,
  };
}

/** What a document loads before it shows: its stylesheets and its classic external scripts. */
export function blockingFilesOf(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\bhref="\/([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="stylesheet"/.test(tag)) files.push(href);
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\bsrc="\/([^"]+)"/.exec(tag)?.[1];
    if (src && !/\btype="module"|\basync\b|\bdefer\b/.test(tag)) files.push(src);
  }
  return files;
}

/** Brotli size at the quality the server sends (the build's precompressed copies). */
export const brotli = (data: Buffer) =>
  zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }).length;
const gzip = (data: Buffer) =>
  zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION }).length;

/**
 * The module a chunk stands for: its facade, else its only module (a language file that shared
 * code also imports statically is no facade of the chunk it is alone in), relative to apps/web.
 */
function moduleOf(facade: string | null, moduleIds: readonly string[], root: string) {
  const id = facade ?? (moduleIds.length === 1 ? moduleIds[0] : undefined);
  return id ? path.relative(root, id).split(path.sep).join('/') : null;
}

/** Fails the build when a page is over its budget; writes the figures to `weight.json`. */
export function weightBudget(root: string): Plugin {
  return {
    name: 'hospes-weight-budget',
    apply: 'build',
    // After the landing's prerender (build/prerender.ts), which writes a document weighed here.
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options, bundle) {
        const dir = options.dir;
        if (!dir) return;
        const chunks: BuiltChunk[] = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk'
            ? [
                {
                  fileName: output.fileName,
                  module: moduleOf(output.facadeModuleId, output.moduleIds, root),
                  isEntry: output.isEntry,
                  imports: output.imports,
                  css: [...(output.viteMetadata?.importedCss ?? [])],
                },
              ]
            : [],
        );
        const contents = new Map<string, Buffer>();
        const documents = Object.values(PAGE_BUDGETS).flatMap((page) =>
          page.document ? [page.document] : [],
        );
        await Promise.all(
          [...Object.keys(bundle), ...documents].map(async (file) => {
            if (/\.(?:js|css|html)$/.test(file)) {
              contents.set(file, await fs.readFile(path.join(dir, file)));
            }
          }),
        );
        const read = (file: string) => {
          const data = contents.get(file);
          if (!data) throw new Error(`The build has no file ${file}`);
          return data;
        };
        const sizes = new Map<string, { brotli: number; gzip: number }>();
        const sizeOf = (file: string) => {
          let size = sizes.get(file);
          if (!size) {
            size = { brotli: brotli(read(file)), gzip: gzip(read(file)) };
            sizes.set(file, size);
          }
          return size;
        };
        const pages = weighPages(
          chunks,
          (file) => sizeOf(file).brotli,
          PAGE_BUDGETS,
          (document) => blockingFilesOf(read(document).toString('utf8')),
        );
        const report = pages.map((page) => ({
          ...page,
          gzipBytes: page.files.reduce((sum, file) => sum + sizeOf(file).gzip, 0),
        }));
        await fs.writeFile(path.join(dir, 'weight.json'), `${JSON.stringify(report, null, 2)}\n`);
        const lines = report.map(
          (page) =>
            `  ${page.page}: ${(page.bytes / KB).toFixed(1)} KB Brotli (${(page.gzipBytes / KB).toFixed(1)} KB gzip), budget ${page.budget / KB} KB (goal ${page.target / KB} KB)`,
        );
        this.info(`Weight before first render (JS + CSS):\n${lines.join('\n')}`);
        const over = report.filter((page) => page.bytes > page.budget);
        if (over.length > 0) {
          this.error(
            `Over the weight budget (decisions 059, 067, 073, 075, 079): ${over
              .map(
                (page) =>
                  `${page.page} ${(page.bytes / KB).toFixed(1)} KB > ${page.budget / KB} KB`,
              )
              .join('; ')}`,
          );
        }
      },
    },
  };
}
