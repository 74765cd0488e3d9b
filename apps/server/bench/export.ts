/**
 * `npx tsx apps/server/bench/export.ts`: the traveler export over HTTP with 100,000 travelers.
 *
 * Seeds 100,000 travelers across 100 establishments (bench/run.ts's seed), starts the server in a
 * child process (bench/export-server.ts) and downloads, as the admin (every traveler) and as an
 * owner (one establishment, ~1,000), the XLSX and the CSV export. Reports the time to the last
 * byte, the size, and the server process's RSS (sampled from /proc every 20 ms, and its peak
 * VmHWM after a reset), plus the latency of GET /api/health requests sent every 100 ms meanwhile
 * (a long export must not block the other requests on PGlite's one connection).
 *
 * PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set
 * (BENCH_ONLY=pglite|postgres picks one). Writes docs/benchmarks-export.md with --write.
 * Targets: the 100,000-row XLSX in ≤ 10 s with the server under 300 MB RSS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seed } from './run';
import { buildServer, procStatus } from './server-process';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const PASSWORD = 'bench-password-2026';
const TARGET_SECONDS = 10;
const TARGET_RSS_MB = 300;

interface Result {
  name: string;
  rows: number;
  seconds: number;
  cpuSeconds: number;
  megabytes: number;
  baselineMb: number;
  peakMb: number;
  heapPeakMb: number;
  externalPeakMb: number;
  healthP50: number;
  healthMax: number;
  healthCount: number;
}

interface ServerReport {
  peak: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  now: NodeJS.MemoryUsage;
  cpu: NodeJS.CpuUsage;
}

function ask(child: ChildProcess, message: 'gc' | 'report'): Promise<ServerReport> {
  return new Promise((resolve) => {
    child.once('message', (reply) => resolve(reply as ServerReport));
    child.send(message);
  });
}

const mb = (kb: number) => kb / 1024;

async function startServer(
  serverFile: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--expose-gc', serverFile], {
    cwd: path.resolve(HERE, '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /\{"port":(\d+)\}/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function measure(
  name: string,
  child: ChildProcess,
  base: string,
  url: string,
  token: string,
): Promise<Result> {
  const pid = child.pid!;
  // Settle (a full GC in the server), reset the peaks, take the baseline.
  await ask(child, 'gc');
  await new Promise((resolve) => setTimeout(resolve, 300));
  await fs.writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => undefined);
  const before = await ask(child, 'report');
  const baseline = (await procStatus(pid)).rss;
  let peak = baseline;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, (await procStatus(pid)).rss);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const health: number[] = [];
  const prober = (async () => {
    while (!done) {
      const t = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let newlines = 0;
  const csv = url.includes('format=csv');
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (csv) for (const b of chunk) if (b === 10) newlines++;
  }
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await Promise.all([sampler, prober]);
  const after = await ask(child, 'report');
  peak = Math.max(peak, (await procStatus(pid)).hwm, after.peak.rss / 1024);
  const rows = Number(res.headers.get('x-total-count'));
  if (csv && newlines !== rows + 1)
    throw new Error(`${name}: ${newlines - 1} CSV rows, expected ${rows}`);
  health.sort((a, b) => a - b);
  const cpu = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1e6;
  const result: Result = {
    name,
    rows,
    seconds,
    cpuSeconds: cpu,
    megabytes: bytes / 1024 / 1024,
    baselineMb: mb(baseline),
    peakMb: mb(peak),
    heapPeakMb: after.peak.heapUsed / 1024 / 1024,
    externalPeakMb: after.peak.external / 1024 / 1024,
    healthP50: health[Math.floor(health.length / 2)] ?? NaN,
    healthMax: health[health.length - 1] ?? NaN,
    healthCount: health.length,
  };
  process.stdout.write(
    `  ${name.padEnd(32)} ${rows.toLocaleString('en').padStart(7)} rows  ${seconds.toFixed(2).padStart(6)} s (cpu ${cpu.toFixed(2)} s)  ${result.megabytes.toFixed(1).padStart(5)} MiB  RSS ${result.baselineMb.toFixed(0)} → ${result.peakMb.toFixed(0)} MiB  heap peak ${result.heapPeakMb.toFixed(0)} MiB, external ${result.externalPeakMb.toFixed(0)} MiB  health p50 ${result.healthP50.toFixed(0)} / max ${result.healthMax.toFixed(0)} ms (${health.length})\n`,
  );
  return result;
}

async function runOn(kind: 'pglite' | 'postgres', url?: string) {
  process.stdout.write(`\n${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}\n`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-bench-export-'));
  let dbUrl: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const name = `hospes_bench_export_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url!);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const results: Result[] = [];
  let child: ChildProcess | undefined;
  try {
    const database = dbUrl ? await openDatabase({ url: dbUrl }) : await openDatabase({ dataDir });
    const { establishmentIds, seedSeconds } = await seed(database);
    await database.close();
    process.stdout.write(`  seeded 100,000 travelers in ${seedSeconds.toFixed(1)} s\n`);

    const server = await startServer(await buildServer(), {
      BENCH_DATA_DIR: dataDir,
      ...(dbUrl ? { BENCH_DATABASE_URL: dbUrl } : {}),
    });
    child = server.child;
    const adminToken = await login(server.base, 'admin@bench.test');
    const ownerToken = await login(server.base, 'owner@bench.test');
    // Warm up (fonts, exceljs, query plans) with a small export.
    await measure(
      'warm-up',
      child,
      server.base,
      `/api/pilgrims/export?format=xlsx&establishmentId=${establishmentIds[1]}`,
      adminToken,
    );
    results.push(
      await measure(
        'XLSX, admin, all travelers',
        child,
        server.base,
        '/api/pilgrims/export?format=xlsx',
        adminToken,
      ),
    );
    results.push(
      await measure(
        'CSV, admin, all travelers',
        child,
        server.base,
        '/api/pilgrims/export?format=csv',
        adminToken,
      ),
    );
    results.push(
      await measure(
        'XLSX, owner, one establishment',
        child,
        server.base,
        '/api/pilgrims/export?format=xlsx',
        ownerToken,
      ),
    );
    results.push(
      await measure(
        'CSV, owner, one establishment',
        child,
        server.base,
        '/api/pilgrims/export?format=csv',
        ownerToken,
      ),
    );
  } finally {
    if (child) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  return { kind, results };
}

async function main() {
  const only = process.env.BENCH_ONLY;
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const runs: Awaited<ReturnType<typeof runOn>>[] = [];
  if (only !== 'postgres') runs.push(await runOn('pglite'));
  if (only !== 'pglite' && pgUrl) runs.push(await runOn('postgres', pgUrl));
  if (!process.argv.includes('--write')) return;

  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const table = (run: (typeof runs)[number]) => [
    `### ${run.kind === 'pglite' ? 'PGlite (embedded, file-backed)' : 'PostgreSQL'}`,
    '',
    '| export | rows | time to last byte | server CPU | size | server RSS before → peak (+ export) | JS heap peak | GET /api/health meanwhile: p50 / max |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...run.results.map(
      (r) =>
        `| ${r.name} | ${r.rows.toLocaleString('en')} | ${r.seconds.toFixed(2)} s | ${r.cpuSeconds.toFixed(2)} s | ${r.megabytes.toFixed(1)} MiB | ${r.baselineMb.toFixed(0)} → ${r.peakMb.toFixed(0)} MiB (+${(r.peakMb - r.baselineMb).toFixed(0)}) | ${r.heapPeakMb.toFixed(0)} MiB | ${r.healthP50.toFixed(0)} / ${r.healthMax.toFixed(0)} ms (${r.healthCount} probes) |`,
    ),
    '',
  ];
  const verdict = runs.flatMap((run) =>
    run.results
      .filter((r) => r.name.startsWith('XLSX, admin'))
      .map(
        (r) =>
          `- ${run.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: 100,000-row XLSX in ${r.seconds.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s: ${r.seconds <= TARGET_SECONDS ? 'met' : '**not met**'}), server peak RSS ${r.peakMb.toFixed(0)} MiB, of which the export added ${(r.peakMb - r.baselineMb).toFixed(0)} MiB (target < ${TARGET_RSS_MB} MB: ${r.peakMb * 1.048576 < TARGET_RSS_MB ? 'met' : '**not met**'}).`,
      ),
  );
  const doc = [
    '# Export benchmark',
    '',
    'Generated by `npx tsx apps/server/bench/export.ts --write` (from the repository root). Do not edit',
    'the tables by hand; the notes below them are kept in the script.',
    '',
    `- Date: ${new Date().toISOString()}; load average at the end ${load}`,
    `- Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM, Node ${process.version}`,
    '- Data: 100,000 travelers across 100 establishments (bench/run.ts `seed`); the admin exports all of',
    '  them, the owner the ~1,000 of their establishment. 44 columns per row.',
    '- The server runs alone in a child process: bench/export-server.ts built with tsup as production',
    '  builds it (one ESM file) and run with plain `node`; its RSS is sampled from /proc/<pid>/status',
    '  every 20 ms and its VmHWM (peak) read after a reset before each export; heap and external',
    '  memory are the peaks of `process.memoryUsage()` sampled inside it. CPU: the server’s user +',
    '  system time during the export (steadier than wall time on a shared machine).',
    '- A client downloads each file over HTTP to the last byte; meanwhile another client sends',
    '  GET /api/health (one database query) every 100 ms.',
    '',
    ...runs.flatMap(table),
    '## Reading the results',
    '',
    ...verdict,
    '- PGlite: the server holds ~400–500 MB before any export (PostgreSQL compiled to WebAssembly, its',
    '  memory and page cache inside the process: the ~200 MB of "external" memory), so the 300 MB',
    '  target cannot hold for the PGlite process whatever the export does; what the export adds is',
    '  the difference between the two RSS figures. On PostgreSQL the server process is measured alone.',
    '- Memory does not grow with the row count: rows are read in keyset pages of 500 by',
    '  (entry_date, id), each page is written to the response before the one after next is asked for,',
    '  and writing waits when the client (or the zip compression) is behind.',
    '- Other requests are served during an export: the loop yields to the event loop between pages and',
    '  each page is one short indexed query, so on PGlite (one connection, queries on the main thread)',
    '  a request waits at most for about one page (the health probes above).',
    '',
    '### What made it fast and small',
    '',
    '- Each row is read as one JSON text (`row_to_json`): PGlite decodes a result value by value in',
    '  JavaScript, so one value per row instead of ~50 halves the read time; rows stay text until the',
    '  writer maps them one at a time (`traveler-view.ts`, the mapper the PDF and SES files use too).',
    '- The view mapper builds its object with `Object.assign`, not an object spread: the spread of a',
    '  50-field record tripled the heap peak of a 100,000-row export (75 → 230 MB measured).',
    '- Pages of 500 rather than 2,000: fewer objects outlive a young-generation collection. Measured on',
    '  PostgreSQL: CSV heap peak 170 → 58 MB, XLSX 150 → 120 MB, and faster.',
    '- XLSX (exceljs 4.4.0 streaming WorkbookWriter): empty cells are left out instead of written as',
    '  null cells, and every cell of a column shares one style object, so exceljs finds the style in its',
    '  cache instead of serialising one per cell (together ~2.5× faster than exceljs’s defaults);',
    '  exceljs hands the sheet XML to its deflate stream without backpressure, so the writer waits on',
    '  that stream and on the response.',
    '- The next page is asked for while the current one is written (on PostgreSQL the query then runs',
    '  in parallel).',
    '',
  ].join('\n');
  const file = path.join(ROOT, 'docs', 'benchmarks-export.md');
  await fs.writeFile(file, doc);
  process.stdout.write(`\nWrote ${path.relative(ROOT, file)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
