// Runs one autocannon measurement on its own thread, so the load generator does not take the
// server's CPU, and reports the time of every response (for exact percentiles).
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { paths, ...options } = workerData;
let next = 0;
const times = [];
let failed = 0;
const instance = autocannon({
  ...options,
  ...(paths
    ? { requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }] }
    : {}),
});
instance.on('response', (_client, status, _bytes, time) => {
  times.push(time);
  if (status >= 300) failed++;
});
const result = await instance;
parentPort.postMessage({ times, errors: failed + result.errors + result.timeouts });
