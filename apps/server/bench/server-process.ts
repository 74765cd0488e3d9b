/**
 * What the benchmarks that measure a server process share: the server built as production runs
 * it, and its memory read from /proc.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** A process's resident memory and its high-water mark, in kB. */
export async function procStatus(pid: number): Promise<{ rss: number; hwm: number }> {
  const text = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/**
 * The server built the way production runs it (tsup: one ESM file, dependencies from
 * node_modules), so its RSS is not inflated by the TypeScript loader.
 */
export async function buildServer(): Promise<string> {
  const outDir = path.resolve(HERE, '../dist/bench');
  await build({
    entry: { 'export-server': path.join(HERE, 'export-server.ts') },
    outDir,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    noExternal: [/^@hospes\//],
    // The server's dependencies stay in node_modules, as in the production build.
    external: Object.keys(
      (
        JSON.parse(await fs.readFile(path.resolve(HERE, '../package.json'), 'utf8')) as {
          dependencies: Record<string, string>;
        }
      ).dependencies,
    ),
    clean: false,
    silent: true,
    config: false,
  });
  return path.join(outDir, 'export-server.js');
}
