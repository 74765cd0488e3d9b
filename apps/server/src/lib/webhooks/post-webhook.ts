/**
 * Sending one webhook (decision 069): a signed POST of JSON, with a deadline, no redirects
 * followed, and the same guard as the calendar fetch (lib/ical): an address that is not the public
 * internet is refused, checked on the addresses the connection itself uses (its DNS lookup), so a
 * name that resolves differently a second time cannot slip past. With `allowHttp` (a setting for
 * tests and a receiver on the same machine), http:// and loopback addresses are accepted too;
 * private networks never are.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isNonPublicAddress } from '../ical/fetch-calendar';

export type WebhookPostError = 'timeout' | 'unreachable' | 'address_refused';

export interface WebhookPostOutcome {
  /** The receiver's status; null when none came. */
  statusCode: number | null;
  error: WebhookPostError | null;
  /** The first characters of the answer's body (one line). */
  excerpt: string | null;
  durationMs: number;
}

export interface WebhookPostOptions {
  timeoutMs: number;
  allowHttp: boolean;
  /** Characters of the answer kept (default 300). */
  excerptChars?: number;
}

/** `v1=` and the hex HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Whether a signature header holds a `v1=` of this body (constant time). */
export function signatureMatches(
  secret: string,
  timestamp: string,
  body: string,
  header: string,
): boolean {
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  return header
    .split(',')
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

function isLoopback(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return LOOPBACK.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  return family === 4
    ? LOOPBACK.check(address, 'ipv4')
    : family === 6 && LOOPBACK.check(address, 'ipv6');
}

/** Whether a webhook may go to this address (an IP the name resolved to). */
export function addressAllowed(address: string, allowHttp: boolean): boolean {
  if (!isNonPublicAddress(address)) return true;
  return allowHttp && isLoopback(address);
}

export type UrlRefusal = 'scheme' | 'address' | 'unresolvable';

/**
 * Why an endpoint's address is refused, or null: https only (http too with `allowHttp`), no
 * credentials in it, and every address its name resolves to public (loopback with `allowHttp`).
 */
export async function webhookUrlRefusal(
  value: string,
  allowHttp: boolean,
): Promise<UrlRefusal | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'scheme';
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return 'scheme';
  if (url.username || url.password) return 'scheme';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return addressAllowed(host, allowHttp) ? null : 'address';
  try {
    const addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    if (addresses.length === 0) return 'unresolvable';
    return addresses.every((a) => addressAllowed(a.address, allowHttp)) ? null : 'address';
  } catch {
    return 'unresolvable';
  }
}

class AddressRefused extends Error {}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

function guardedLookup(allowHttp: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (addresses.length === 0 || addresses.some((a) => !addressAllowed(a.address, allowHttp)))
        return callback(new AddressRefused(hostname), '');
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Posts `body`; never throws for what the receiver does (the outcome says it). */
export function postWebhook(
  address: string,
  headers: Record<string, string>,
  body: string,
  options: WebhookPostOptions,
): Promise<WebhookPostOutcome> {
  const started = performance.now();
  const excerptChars = options.excerptChars ?? 300;
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: WebhookPostError): WebhookPostOutcome => ({
    statusCode: null,
    error,
    excerpt: null,
    durationMs: elapsed(),
  });
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.resolve(failed('address_refused'));
  }
  if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:'))
    return Promise.resolve(failed('address_refused'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written as such is not looked up: it is checked here.
  if (net.isIP(host) && !addressAllowed(host, options.allowHttp))
    return Promise.resolve(failed('address_refused'));
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: WebhookPostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Hospes-Webhooks/1',
      },
      lookup: guardedLookup(options.allowHttp) as never,
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish(failed('timeout'));
    }, options.timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/\s+/g, ' ')
          .trim()
          // A cut may leave half a character: replaced, not stored broken.
          .replace(/\uFFFD+$/, '');
        finish({
          statusCode: res.statusCode ?? null,
          error: null,
          excerpt: text ? text.slice(0, excerptChars) : null,
          durationMs: elapsed(),
        });
      };
      res.on('data', (chunk: Buffer) => {
        // Only the start of the answer is kept; a long answer is not read to its end.
        if (size < excerptChars * 4) chunks.push(chunk);
        size += chunk.length;
        if (size > 64 * 1024) {
          res.destroy();
          done();
        }
      });
      res.on('end', done);
      res.on('error', done);
    });
    req.on('error', (err) => {
      finish(failed(err instanceof AddressRefused ? 'address_refused' : 'unreachable'));
    });
    req.end(body);
  });
}
