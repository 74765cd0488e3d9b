// A Hospes webhook receiver: plain Node 20, no dependencies (docs/integration-guide-webhooks.md).
//
//   HOSPES_WEBHOOK_SECRET=whsec_… PORT=8080 node webhook-receiver.mjs
//
// It checks each delivery's signature and age, answers 2xx at once, skips a delivery it has
// already handled (same Hospes-Webhook-Id), and acts on the events a door lock or a PMS needs.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

/** Deliveries older (or newer) than this are refused: a captured request cannot be replayed later. */
export const TOLERANCE_SECONDS = 300;

/**
 * Whether a delivery is genuine: its `Hospes-Webhook-Signature` holds `v1=` and the hex
 * HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret, and its timestamp is within
 * `toleranceSeconds` of now. `body` is the raw body as received (a string), never re-serialised.
 */
export function verifyWebhook({
  secret,
  headers,
  body,
  toleranceSeconds = TOLERANCE_SECONDS,
  now = Date.now(),
}) {
  const timestamp = String(headers['hospes-webhook-timestamp'] ?? '');
  const signature = String(headers['hospes-webhook-signature'] ?? '');
  if (!/^\d+$/.test(timestamp)) return { ok: false, reason: 'no timestamp' };
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds)
    return { ok: false, reason: 'too old' };
  const expected = Buffer.from(
    `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  );
  // The header may list several signatures (comma-separated): one must match.
  const matches = signature
    .split(',')
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
  return matches ? { ok: true } : { ok: false, reason: 'bad signature' };
}

/**
 * The receiver: an HTTP server that verifies each POST, answers 400 to a forged or old one, 200
 * to a genuine one (and to a duplicate, without acting again), then calls `onEvent(event, id)`.
 * Keep `seen` in your database in production: a restart must not forget it.
 */
export function createReceiver({ secret, onEvent, seen = new Set() }) {
  return http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const check = verifyWebhook({ secret, headers: req.headers, body });
      if (!check.ok) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(check.reason);
        return;
      }
      const id = String(req.headers['hospes-webhook-id']);
      const duplicate = seen.has(id);
      seen.add(id);
      // Answer first: Hospes waits 10 seconds at most, then counts a failure and retries.
      res.writeHead(200, { 'content-type': 'text/plain' }).end(duplicate ? 'duplicate' : 'ok');
      if (!duplicate) Promise.resolve(onEvent(JSON.parse(body), id)).catch(console.error);
    });
  });
}

/** What a door lock or a PMS might do with each event (replace the console lines). */
export function act(event) {
  switch (event.type) {
    case 'checkin.completed': {
      // A guest finished the online check-in: for a reservation, the lock may issue the door
      // code once every expected guest has registered.
      const r = event.data.reservation;
      if (r && r.guestsRegistered >= r.guests)
        console.log(
          `issue a code for ${r.unit ?? 'the unit'} until ${event.data.checkOutDate ?? 'departure'}`,
        );
      break;
    }
    case 'report.accepted':
      // The police accepted the report: the PMS marks these guests as reported.
      for (const t of event.data.travelers)
        console.log(`traveler ${t.id} ${t.accepted ? 'reported' : 'rejected: check Hospes'}`);
      break;
    case 'report.refused':
      console.log(`report ${event.data.id} refused: open Hospes to correct and send again`);
      break;
    default:
      console.log(`${event.type} ${JSON.stringify(event.data)}`);
  }
}

// Run as a program: node webhook-receiver.mjs
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const secret = process.env.HOSPES_WEBHOOK_SECRET;
  if (!secret) throw new Error('Set HOSPES_WEBHOOK_SECRET to the secret Hospes showed');
  const port = Number(process.env.PORT ?? 8080);
  createReceiver({ secret, onEvent: act }).listen(port, () =>
    console.log(`listening on http://localhost:${port}`),
  );
}
