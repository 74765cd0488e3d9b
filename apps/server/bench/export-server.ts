/**
 * The server of the export benchmark, in a process of its own so that its memory is measured
 * alone: the app on the database of BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite),
 * on a random port, logging off. Prints `{"port":…}` when it listens.
 */
import { buildApp } from '../src/app';
import { testConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { PgliteClient } from '../src/db/pglite-client';

const url = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR!;
const database = url ? await openDatabase({ url, poolSize: 10 }) : await openDatabase({ dataDir });
const app = await buildApp({ config: testConfig({ dataDir, logLevel: 'silent' }), database });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`,
);
// The parent asks, over IPC, for the peak of process.memoryUsage() since its last question.
let peak = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
setInterval(() => {
  const m = process.memoryUsage();
  peak = {
    rss: Math.max(peak.rss, m.rss),
    heapUsed: Math.max(peak.heapUsed, m.heapUsed),
    external: Math.max(peak.external, m.external),
    arrayBuffers: Math.max(peak.arrayBuffers, m.arrayBuffers),
  };
}, 20).unref();
/** The bytes of PGlite's WebAssembly memory (allocated; what of it is resident is in smaps). */
function pgliteMemory(): number {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PgliteClient)) return 0;
  const mod = (client.pglite as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod;
  return mod?.HEAPU8?.buffer.byteLength ?? 0;
}
process.on('message', (message: unknown) => {
  if (message === 'breakdown') {
    globalThis.gc?.();
    process.send?.({ now: process.memoryUsage(), wasm: pgliteMemory() });
    return;
  }
  if (message === 'gc') globalThis.gc?.();
  process.send?.({ peak, now: process.memoryUsage(), cpu: process.cpuUsage() });
  peak = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
