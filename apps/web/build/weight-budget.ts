import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The weight budgets of decision 059 (lowered by 067): the Brotli-compressed JavaScript and CSS a page needs
 * before its first render (what the server sends: apps/web/build/precompress.ts, with the same
 * settings), checked on every production build, so CI's build fails when a page grows past its
 * budget. The figures are written to `weight.json` beside the build (docs/benchmarks.md).
 *
 * What a page needs before its first render: the entry chunk and everything it imports
 * statically, the route's chunk and its static imports, the language files the route waits for
 * (the active language's bundle; the public pages' namespaces), and their CSS. What a page loads
 * on demand after it shows (the INE municipalities, the camera's scanner, other languages) is not
 * counted.
 */

export interface PageBudget {
  /** The route's module, relative to apps/web (its lazy chunk). */
  readonly route: string;
  /** Further modules it waits for before rendering (language files), relative to apps/web. */
  readonly waitsFor: readonly string[];
  /** Brotli bytes allowed: the build fails past them. */
  readonly budget: number;
  /** Issue 33's goal, not reached yet (decisions 059 and 067 say why); reported beside the figure. */
  readonly target: number;
}

const KB = 1024;

export const PAGE_BUDGETS: Record<string, PageBudget> = {
  'self check-in': {
    route: 'src/app/routes/self-registration.tsx',
    waitsFor: ['src/locales/es/index.ts'],
    budget: 250 * KB,
    target: 100 * KB,
  },
  landing: {
    route: 'src/app/routes/landing.tsx',
    waitsFor: ['src/locales/es/index.ts', 'src/locales/es/marketing.json'],
    budget: 200 * KB,
    target: 80 * KB,
  },
  desk: {
    route: 'src/app/routes/traveler-registration.tsx',
    waitsFor: ['src/locales/es/index.ts'],
    budget: 268 * KB,
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
  return Object.entries(budgets).map(([page, { route, waitsFor, budget, target }]) => {
    const files = new Set<string>();
    closure(entry, files);
    for (const module of [route, ...waitsFor]) {
      const chunk = byModule.get(module);
      if (!chunk) throw new Error(`The build has no chunk for ${module} (${page})`);
      closure(chunk, files);
    }
    const list = [...files].sort();
    return {
      page,
      files: list,
      bytes: list.reduce((sum, file) => sum + sizeOf(file), 0),
      budget,
      target,
    };
  });
}

const brotli = (data: Buffer) =>
  zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }).length;
const gzip = (data: Buffer) =>
  zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION }).length;

/** Fails the build when a page is over its budget; writes the figures to `weight.json`. */
export function weightBudget(root: string): Plugin {
  return {
    name: 'hospes-weight-budget',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const chunks: BuiltChunk[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                module: output.facadeModuleId
                  ? path.relative(root, output.facadeModuleId).split(path.sep).join('/')
                  : null,
                isEntry: output.isEntry,
                imports: output.imports,
                css: [...(output.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      const contents = new Map<string, Buffer>();
      await Promise.all(
        Object.keys(bundle).map(async (file) => {
          if (/\.(?:js|css)$/.test(file)) {
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
      const pages = weighPages(chunks, (file) => sizeOf(file).brotli);
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
          `Over the weight budget (decisions 059, 067): ${over
            .map(
              (page) => `${page.page} ${(page.bytes / KB).toFixed(1)} KB > ${page.budget / KB} KB`,
            )
            .join('; ')}`,
        );
      }
    },
  };
}
