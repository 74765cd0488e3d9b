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
 * Where a process's resident memory is, from /proc/<pid>/smaps, in kB: WebAssembly memories (V8
 * maps each one readable and writable for its current size, followed by a reservation of several
 * GiB with no access: PGlite's, a tesseract worker's), the main malloc heap ([heap]), the other
 * anonymous mappings (V8's heap, malloc's thread arenas and large blocks, thread stacks), and
 * files (code, shared libraries, models).
 */
export async function procMappings(pid: number) {
  const text = await fs.readFile(`/proc/${pid}/smaps`, 'utf8');
  const maps: Array<{ perms: string; name: string; size: number; rss: number }> = [];
  for (const line of text.split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) maps.push({ perms: header[1]!, name: header[2] ?? '', size: 0, rss: 0 });
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    const map = maps.at(-1);
    if (field && map) map[field[1] === 'Size' ? 'size' : 'rss'] = Number(field[2]);
  }
  const out = { wasm: [] as Array<{ size: number; rss: number }>, heap: 0, anonymous: 0, files: 0 };
  maps.forEach((map, i) => {
    const next = maps[i + 1];
    if (map.name === '[heap]') out.heap += map.rss;
    else if (map.name.startsWith('/')) out.files += map.rss;
    else if (
      map.perms.startsWith('rw') &&
      map.size >= 16 * 1024 &&
      next?.perms.startsWith('---') &&
      next.size >= 2 ** 20
    )
      out.wasm.push({ size: map.size, rss: map.rss });
    else out.anonymous += map.rss;
  });
  return out;
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
