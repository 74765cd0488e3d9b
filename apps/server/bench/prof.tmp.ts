import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { seed } from './run';
import { dataUrl, jpegBytes, PNG_BYTES, pilgrimBody } from '../test/pilgrim-factories';

const kind = process.env.KIND ?? 'postgres';
const url = 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-prof-'));
let database;
let name = '';
if (kind === 'postgres') {
  name = `hospes_prof_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  database = await openDatabase({ url: `postgres://postgres@127.0.0.1:5432/${name}`, poolSize: Number(process.env.POOL ?? 10) });
} else database = await openDatabase({ dataDir });
const { establishmentIds } = await seed(database);
if (process.env.EXT) await database.db.execute(require('drizzle-orm').sql.raw('alter table pilgrim_documents alter column content set storage external'));
const app = await buildApp({ config: testConfig({ dataDir, logLevel: 'silent', nodeEnv: 'production' }), database });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as any).port}`;
const login = async (email: string) => ((await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password-2026' }) })).json()) as any).token;
const owner = await login('owner@bench.test');
const admin = await login('admin@bench.test');
const scen: Record<string, [string, string]> = {
  owner1: [`${base}/api/pilgrims?establishmentId=${establishmentIds[0]}&entryDateFrom=2024-01-01&entryDateTo=2025-12-31&limit=10`, owner],
  nat: [`${base}/api/pilgrims?nationality=FRA&limit=10`, admin],
  deep: [`${base}/api/pilgrims?limit=10&page=500`, admin],
  me: [`${base}/api/auth/me`, owner],
  health: [`${base}/api/health`, owner],
  one: [`${base}/api/pilgrims?establishmentId=${establishmentIds[0]}&entryDateFrom=2024-01-01&entryDateTo=2025-12-31&limit=1`, owner],
  search: [`${base}/api/pilgrims?search=nunez&entryDateFrom=2025-06-01&limit=10`, admin],
};
const insp = new Session(); insp.connect(); if (process.env.PROF) { await insp.post('Profiler.enable'); await insp.post('Profiler.start'); }
for (const s of (process.env.SCEN ?? 'owner1').split(',')) {
  const tcpu = () => { const f = require('node:fs').readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
  const t0 = tcpu();
  const elu0 = performance.eventLoopUtilization();
  const { monitorEventLoopDelay } = await import('node:perf_hooks'); const h = monitorEventLoopDelay({ resolution: 10 }); h.enable();
  const [u, tok] = s === 'create' ? [`${base}/api/pilgrims`, owner] : scen[s]!;
  const extra = s === 'create' ? { method: 'POST', body: JSON.stringify(pilgrimBody(establishmentIds[0]!, { entryDate: '2026-01-10', checkOutDate: '2026-01-11', frontDocImage: dataUrl(jpegBytes(200 * 1024), 'image/jpeg'), signatureImage: dataUrl(PNG_BYTES) })), headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' } } : {};
  const stat = () => (require('node:fs').readFileSync('/proc/stat','utf8').split('\n')[0].split(/\s+/).slice(1).map(Number));
  const s0 = stat(); const c0 = process.cpuUsage();
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: { url: u, connections: Number(process.env.CONN ?? 50), ...(process.env.RATE ? { overallRate: Number(process.env.RATE) } : {}), duration: Number(process.env.SECS ?? 5), method: 'GET', headers: { authorization: `Bearer ${tok}` }, ...extra } });
  const { times, errors } = await new Promise<any>((r) => worker.once('message', r));
  await worker.terminate();
  times.sort((a: number, b: number) => a - b);
  const s1 = stat(); const c1 = process.cpuUsage(c0); const d = s1.map((v: number, i: number) => v - s0[i]); const tot = d.reduce((a: number, b: number) => a + b, 0);
  console.log('machine busy %', (100 * (tot - d[3] - d[4]) / tot).toFixed(0), 'node proc cpu s', ((c1.user + c1.system) / 1e6).toFixed(2), 'user', (c1.user/1e6).toFixed(2), 'sys', (c1.system/1e6).toFixed(2));
  const elu = performance.eventLoopUtilization(elu0); h.disable(); console.log('main-thread CPU ms/request', ((tcpu() - t0) / times.length).toFixed(3), 'wall-busy', (elu.active / times.length).toFixed(3), 'elu', elu.utilization.toFixed(2)); console.log('eventloop delay max ms', (h.max / 1e6).toFixed(0), 'p99', (h.percentile(99) / 1e6).toFixed(0));
  console.log(s, 'rps', times.length / Number(process.env.SECS ?? 5), 'p50', times[Math.floor(times.length / 2)], 'p95', times[Math.floor(times.length * 0.95)], 'err', errors);
}
if (process.env.PROF) { const { profile } = await insp.post('Profiler.stop'); writeFileSync(process.env.PROF, JSON.stringify(profile)); }
await app.close();
await database.close();
if (name) { const c = new pg.Client({ connectionString: url }); await c.connect(); await c.query(`drop database ${name} with (force)`); await c.end(); }
process.exit(0);
