import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressAllowed,
  postWebhook,
  signatureMatches,
  webhookSignature,
  webhookUrlRefusal,
} from './post-webhook';

let server: http.Server;
let port: number;
const seen: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/elsewhere' }).end();
      } else if (req.url === '/long') {
        res.writeHead(503).end(`  busy\n\n${'x'.repeat(5000)}`);
      } else if (req.url === '/silent') {
        // Never answers: the deadline ends it.
      } else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const open = { timeoutMs: 2000, allowHttp: true };
const strict = { timeoutMs: 2000, allowHttp: false };

describe('signatures', () => {
  it('signs `${timestamp}.${body}` with HMAC-SHA256 and checks in constant time', () => {
    const body = '{"id":"1"}';
    const expected = `v1=${createHmac('sha256', 'whsec_k').update(`1700000000.${body}`).digest('hex')}`;
    expect(webhookSignature('whsec_k', '1700000000', body)).toBe(expected);
    expect(signatureMatches('whsec_k', '1700000000', body, `v0=abc, ${expected}`)).toBe(true);
    expect(signatureMatches('whsec_other', '1700000000', body, expected)).toBe(false);
    expect(signatureMatches('whsec_k', '1700000001', body, expected)).toBe(false);
    expect(signatureMatches('whsec_k', '1700000000', `${body} `, expected)).toBe(false);
  });
});

describe('postWebhook', () => {
  it('posts the body with its headers and answers the status and the start of the answer', async () => {
    const outcome = await postWebhook(
      `http://127.0.0.1:${port}/ok`,
      { 'x-test': '1' },
      '{"a":1}',
      open,
    );
    expect(outcome).toMatchObject({ statusCode: 200, error: null, excerpt: 'ok' });
    expect(seen.at(-1)).toMatchObject({
      body: '{"a":1}',
      headers: { 'x-test': '1', 'content-type': 'application/json' },
    });
  });

  it('keeps one line of at most 300 characters of a long answer', async () => {
    const outcome = await postWebhook(`http://127.0.0.1:${port}/long`, {}, '{}', open);
    expect(outcome.statusCode).toBe(503);
    expect(outcome.excerpt).toHaveLength(300);
    expect(outcome.excerpt!.startsWith('busy xxx')).toBe(true);
  });

  it('does not follow a redirect', async () => {
    const before = seen.length;
    const outcome = await postWebhook(`http://127.0.0.1:${port}/redirect`, {}, '{}', open);
    expect(outcome.statusCode).toBe(302);
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/redirect']);
  });

  it('gives up at its deadline, and tells an address nobody listens on', async () => {
    const slow = await postWebhook(`http://127.0.0.1:${port}/silent`, {}, '{}', {
      ...open,
      timeoutMs: 300,
    });
    expect(slow).toMatchObject({ statusCode: null, error: 'timeout' });
    expect(slow.durationMs).toBeGreaterThanOrEqual(250);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await postWebhook(`http://127.0.0.1:${free}/`, {}, '{}', open)).toMatchObject({
      statusCode: null,
      error: 'unreachable',
    });
  });

  it('without allowHttp refuses http, loopback and private addresses, a name that resolves to one too', async () => {
    const before = seen.length;
    for (const url of [
      `http://127.0.0.1:${port}/ok`,
      `https://127.0.0.1:${port}/ok`,
      // A name: refused by the connection's own lookup, before connecting.
      `https://localhost:${port}/ok`,
      'https://10.0.0.1/ok',
      'https://[::ffff:192.168.0.1]/ok',
    ])
      expect(await postWebhook(url, {}, '{}', strict), url).toMatchObject({
        error: 'address_refused',
      });
    // With allowHttp, loopback only: a private network stays refused.
    expect(await postWebhook('http://10.0.0.1/ok', {}, '{}', open)).toMatchObject({
      error: 'address_refused',
    });
    expect(seen.length).toBe(before);
  });
});

describe('addresses', () => {
  it('allows public addresses, and loopback only with allowHttp', () => {
    expect(addressAllowed('93.184.216.34', false)).toBe(true);
    expect(addressAllowed('2606:2800:220:1::', false)).toBe(true);
    expect(addressAllowed('127.0.0.1', false)).toBe(false);
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('::1', true)).toBe(true);
    expect(addressAllowed('192.168.1.1', true)).toBe(false);
    expect(addressAllowed('169.254.169.254', true)).toBe(false);
  });

  it('says why an endpoint address is refused', async () => {
    expect(await webhookUrlRefusal('https://93.184.216.34/hooks', false)).toBeNull();
    expect(await webhookUrlRefusal('http://93.184.216.34/hooks', false)).toBe('scheme');
    expect(await webhookUrlRefusal('ftp://93.184.216.34/', true)).toBe('scheme');
    expect(await webhookUrlRefusal('https://u:p@93.184.216.34/', false)).toBe('scheme');
    expect(await webhookUrlRefusal('https://localhost/', false)).toBe('address');
    expect(await webhookUrlRefusal('http://localhost/', true)).toBeNull();
    expect(await webhookUrlRefusal('https://no-such-host.invalid/', false)).toBe('unresolvable');
  });
});
