// Runs one autocannon measurement on its own thread, so the load generator does not take the
// server's CPU, and reports the time of every response (for exact percentiles).
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

// A warm-up run first (not counted): the JIT, the prepared statements and the database's caches
// settle before the measured run.
const { paths, warmup, ...options } = workerData;
let next = 0;
const run = (duration, onResponse) => {
  const instance = autocannon({
    ...options,
    duration,
    ...(paths
      ? { requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }] }
      : {}),
  });
  instance.on('response', onResponse);
  return instance;
};
if (warmup > 0) await run(warmup, () => {});
const times = [];
let failed = 0;
const result = await run(options.duration, (_client, status, _bytes, time) => {
  times.push(time);
  if (status >= 300) failed++;
});
parentPort.postMessage({ times, errors: failed + result.errors + result.timeouts });
