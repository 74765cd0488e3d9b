/**
 * A webhook receiver for tests: a plain HTTP server on 127.0.0.1 that keeps every request it gets
 * and answers the status the test sets.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface TestReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The status the next requests get (200 by default) and the body they get. */
  answer(status: number, body?: string): void;
  /** Waits until `count` requests have arrived (matching `filter`), or fails after `timeoutMs`. */
  waitFor(
    count: number,
    filter?: (r: ReceivedWebhook) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startTestReceiver(path = '/hooks'): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  let answerBody = 'ok';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(answerBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer(s, body = s < 300 ? 'ok' : 'Internal error: database down') {
      status = s;
      answerBody = body;
    },
    async waitFor(count, filter = () => true, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = received.filter(filter);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline)
          throw new Error(`expected ${count} webhooks, got ${matching.length}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
