import fs from 'node:fs/promises';
import path from 'node:path';
import { mergeConfig, type Plugin } from 'vite';
import base from '../vite.config';
import { brotli, type BuiltChunk, PAGE_BUDGETS, weighPages } from './weight-budget';

/**
 * What each page's first render is made of, package by package (decision 075): a build for reading,
 * not for CI. `npx vite build --config build/weight-breakdown.config.ts` (from apps/web) builds into
 * a temporary directory and writes `breakdown.json` and a table there.
 *
 * Brotli compresses a chunk as a whole, so a module's share is its chunk's Brotli bytes in
 * proportion to its rendered length (what Rolldown kept of it, minified).
 */
const outDir = process.env.HOSPES_BREAKDOWN_DIR ?? '/tmp/hospes-weight-breakdown';
const root = path.resolve(import.meta.dirname, '..');

function groupOf(id: string): string {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const nodeModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (nodeModules) return nodeModules[1]!;
  const shared = /packages\/shared\/src\/(.+)$/.exec(clean);
  if (shared) return `@hospes/shared/${shared[1]!.replace(/\.(ts|json)$/, '')}`;
  const web = /apps\/web\/src\/(.+)$/.exec(clean);
  if (web) {
    const parts = web[1]!.split('/');
    if (parts[0] === 'features' || parts[0] === 'locales')
      return `web/${parts.slice(0, 2).join('/')}`;
    return `web/${parts.slice(0, Math.min(2, parts.length - 1)).join('/') || parts[0]}`;
  }
  return clean.startsWith('vite/') || clean.includes('vite') ? 'vite runtime' : clean;
}

function breakdown(): Plugin {
  return {
    name: 'hospes-weight-breakdown',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options, bundle) {
        const dir = options.dir!;
        const chunks: BuiltChunk[] = [];
        const modulesOf = new Map<string, Record<string, number>>();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          const id =
            output.facadeModuleId ??
            (output.moduleIds.length === 1 ? output.moduleIds[0] : undefined);
          chunks.push({
            fileName: output.fileName,
            module: id ? path.relative(root, id).split(path.sep).join('/') : null,
            isEntry: output.isEntry,
            imports: output.imports,
            css: [...(output.viteMetadata?.importedCss ?? [])],
          });
          modulesOf.set(
            output.fileName,
            Object.fromEntries(
              Object.entries(output.modules).map(([module, info]) => [module, info.renderedLength]),
            ),
          );
        }
        const sizes = new Map<string, number>();
        const sizeOf = (file: string) => sizes.get(file) ?? 0;
        for (const file of Object.keys(bundle)) {
          if (/\.(js|css)$/.test(file)) {
            sizes.set(file, brotli(await fs.readFile(path.join(dir, file))));
          }
        }
        const pages = weighPages(
          chunks,
          sizeOf,
          Object.fromEntries(Object.entries(PAGE_BUDGETS).filter(([, page]) => page.route)),
        );
        const report: Record<string, unknown> = {};
        const lines: string[] = [];
        for (const page of pages) {
          const groups = new Map<string, number>();
          const perFile: Record<string, number> = {};
          for (const file of page.files) {
            const size = sizeOf(file);
            perFile[file] = size;
            const modules = modulesOf.get(file);
            if (!modules) {
              groups.set('css', (groups.get('css') ?? 0) + size);
              continue;
            }
            const total = Object.values(modules).reduce((sum, length) => sum + length, 0) || 1;
            for (const [module, length] of Object.entries(modules)) {
              const group = groupOf(module);
              groups.set(group, (groups.get(group) ?? 0) + (size * length) / total);
            }
          }
          const sorted = [...groups.entries()].sort((a, b) => b[1] - a[1]);
          report[page.page] = {
            bytes: page.bytes,
            files: perFile,
            groups: Object.fromEntries(sorted),
          };
          lines.push(`## ${page.page}: ${(page.bytes / 1024).toFixed(1)} KB Brotli`);
          for (const [file, size] of Object.entries(perFile).sort((a, b) => b[1] - a[1])) {
            lines.push(`  file ${file}: ${(size / 1024).toFixed(1)}`);
          }
          for (const [group, size] of sorted) {
            if (size >= 200) lines.push(`  ${group}: ${(size / 1024).toFixed(1)}`);
          }
        }
        await fs.writeFile(
          path.join(dir, 'breakdown.json'),
          `${JSON.stringify(report, null, 2)}\n`,
        );
        await fs.writeFile(path.join(dir, 'breakdown.txt'), `${lines.join('\n')}\n`);
        // Each chunk's modules and their rendered lengths (bytes before compression).
        await fs.writeFile(
          path.join(dir, 'chunks.json'),
          `${JSON.stringify(Object.fromEntries(modulesOf), null, 2)}\n`,
        );
        this.info(`Breakdown written to ${path.join(dir, 'breakdown.txt')}`);
      },
    },
  };
}

/**
 * HOSPES_BREAKDOWN_PREACT=<folder holding node_modules/preact>: the same build with React aliased to
 * preact/compat (decision 075's measure; not the app's build). Without the landing's prerender,
 * which needs react-dom/server, and without the budget check, which weighs the prerendered page.
 */
const preact = process.env.HOSPES_BREAKDOWN_PREACT;
const compat = (file: string) => path.join(preact ?? '', 'node_modules/preact/compat', file);

/**
 * Without the budget check, which reads the self check-in's sample page beside the real build's
 * folder (`../dist-ssr`, decision 079), not beside this one; this build weighs the routes itself.
 */
const left = preact ? /prerender|weight-budget/ : /weight-budget/;

export default mergeConfig(
  {
    ...base,
    plugins: base.plugins?.filter(
      (plugin) => !(plugin && 'name' in plugin && left.test(plugin.name)),
    ),
  },
  {
    plugins: [breakdown()],
    build: { outDir, emptyOutDir: true },
    resolve: preact
      ? {
          alias: [
            { find: /^react-dom\/client$/, replacement: compat('client.mjs') },
            { find: /^react\/jsx-runtime$/, replacement: compat('jsx-runtime.mjs') },
            { find: /^react\/jsx-dev-runtime$/, replacement: compat('jsx-dev-runtime.mjs') },
            { find: /^(react|react-dom)$/, replacement: compat('dist/compat.mjs') },
          ],
        }
      : {},
  },
);
