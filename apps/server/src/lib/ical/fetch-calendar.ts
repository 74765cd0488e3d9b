/**
 * Fetching a channel's calendar (decision 060): http or https only, with the validators of the last
 * answer (If-None-Match, If-Modified-Since), a deadline for the whole exchange, a size limit, and
 * at most 3 redirects. Unless `allowPrivateHosts`, an address that resolves to a loopback, private,
 * link-local or otherwise non-public address is refused: the check is made on the addresses the
 * connection uses (the socket's DNS lookup), so a name that resolves differently a second time
 * cannot slip past it.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { FeedError } from '@hospes/shared/reservations';

export interface FetchCalendarOptions {
  timeoutMs: number;
  maxBytes: number;
  allowPrivateHosts: boolean;
  etag?: string | null;
  lastModified?: string | null;
  signal?: AbortSignal;
}

export type FetchOutcome =
  | { kind: 'ok'; body: string; etag: string | null; lastModified: string | null }
  | { kind: 'not_modified' }
  | { kind: 'error'; error: FeedError; status?: number };

const MAX_REDIRECTS = 3;

/** Addresses that are not the public internet (IANA special-purpose registries). */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6');

/** True for an address outside the public internet (an IPv4-mapped IPv6 address as its IPv4). */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

class AddressRefused extends Error {}
class TooLarge extends Error {}
class TimedOut extends Error {}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    if (addresses.length === 0 || addresses.some((a) => isNonPublicAddress(a.address)))
      return callback(new AddressRefused(hostname), '');
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function requestOnce(
  url: URL,
  headers: Record<string, string>,
  options: FetchCalendarOptions,
  signal: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An address written as such is not looked up: it is checked here.
    if (!options.allowPrivateHosts && net.isIP(host) && isNonPublicAddress(host)) {
      reject(new AddressRefused(host));
      return;
    }
    const req = client.request(
      url,
      {
        method: 'GET',
        headers,
        signal,
        ...(options.allowPrivateHosts ? {} : { lookup: guardedLookup as never }),
      },
      (res) => {
        const length = Number(res.headers['content-length']);
        if (Number.isFinite(length) && length > options.maxBytes) {
          res.destroy();
          reject(new TooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(new TooLarge());
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Fetches a calendar; never throws for what the other side does (the outcome says it). */
export async function fetchCalendar(
  address: string,
  options: FetchCalendarOptions,
): Promise<FetchOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimedOut()), options.timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const headers: Record<string, string> = {
    accept: 'text/calendar, */*;q=0.5',
    'user-agent': 'Hospes calendar sync',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  try {
    let url = new URL(address);
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return { kind: 'error', error: 'address_refused' };
      const answer = await requestOnce(url, headers, options, controller.signal);
      if ([301, 302, 303, 307, 308].includes(answer.status) && answer.headers.location) {
        if (redirects >= MAX_REDIRECTS)
          return { kind: 'error', error: 'http_status', status: answer.status };
        url = new URL(answer.headers.location, url);
        continue;
      }
      if (answer.status === 304) return { kind: 'not_modified' };
      if (answer.status < 200 || answer.status > 299)
        return { kind: 'error', error: 'http_status', status: answer.status };
      const etag = answer.headers.etag;
      const lastModified = answer.headers['last-modified'];
      return {
        kind: 'ok',
        body: answer.body.toString('utf8'),
        etag: etag && etag.length <= 500 ? etag : null,
        lastModified: lastModified && lastModified.length <= 100 ? lastModified : null,
      };
    }
  } catch (err) {
    if (controller.signal.aborted && controller.signal.reason instanceof TimedOut)
      return { kind: 'error', error: 'timeout' };
    if (options.signal?.aborted) throw options.signal.reason;
    if (err instanceof AddressRefused) return { kind: 'error', error: 'address_refused' };
    if (err instanceof TooLarge) return { kind: 'error', error: 'too_large' };
    if (err instanceof TypeError) return { kind: 'error', error: 'address_refused' };
    return { kind: 'error', error: 'unreachable' };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
