#!/usr/bin/env node
// Registers a traveler with an API key, safely retried with an Idempotency-Key, then pages
// through the establishment's travelers by cursor until it finds them. Plain Node 20 (fetch).
//
//   HOSPES_URL=https://hospes.example.com HOSPES_API_KEY=hsp_live_… node register-traveler.mjs
//
// Prints one JSON line: { establishmentId, travelerId, replayed, seen, found }.
import { randomUUID } from 'node:crypto';

const base = (process.env.HOSPES_URL ?? '').replace(/\/+$/, '');
const apiKey = process.env.HOSPES_API_KEY ?? '';
if (!base || !apiKey.startsWith('hsp_live_')) {
  console.error('Set HOSPES_URL and HOSPES_API_KEY (hsp_live_…).');
  process.exit(2);
}

async function api(method, path, { body, headers = {} } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) {
    // Errors come as { success: false, code, message, details? }; 429 says when to come back.
    const wait = response.headers.get('retry-after');
    throw new Error(
      `${method} ${path}: ${response.status} ${answer.code} ${answer.message}` +
        (wait ? ` (retry after ${wait} s)` : ''),
    );
  }
  return { answer, headers: response.headers };
}

// 1. Which establishment the key belongs to.
const { answer: me } = await api('GET', '/api/api-keys/current');
const establishmentId = me.data.establishmentId;

// 2. Register a traveler. The Idempotency-Key makes a retry (a timeout, a dropped connection)
//    answer the same traveler instead of registering a second one.
const signature =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const traveler = {
  establishmentId,
  firstName: 'Hans',
  lastName: 'Müller',
  nationality: 'DEU',
  documentType: 'P',
  passportNumber: process.env.PASSPORT_NUMBER ?? `C0${Date.now().toString(36).toUpperCase()}`,
  documentExpeditionDate: '2020-01-10',
  dateOfBirth: '1980-05-17',
  gender: 'M',
  entryDate: new Date().toISOString().slice(0, 10),
  checkOutDate: new Date(Date.now() + 2 * 86400000).toISOString().slice(0, 10),
  language: 'de',
  contactInfo: { email: 'hans.mueller@example.de', phone: '+49 30 1234567' },
  emergencyContact: { name: 'Greta Müller', phone: '+49 30 7654321', relationship: 'spouse' },
  signatureImage: signature,
};
const idempotencyKey = randomUUID();
const send = () =>
  api('POST', '/api/pilgrims', { body: traveler, headers: { 'idempotency-key': idempotencyKey } });
const { answer: created } = await send();
const travelerId = created.data.id;
// Sent again (as a retry would be): the same traveler, marked as a replay.
const { answer: again, headers: againHeaders } = await send();
if (again.data.id !== travelerId) throw new Error('the retry registered a second traveler');

// 3. Page through the establishment's travelers by cursor, as a nightly sync would.
let cursor = 'start';
let seen = 0;
let found = false;
while (cursor) {
  const query = new URLSearchParams({ establishmentId, cursor, limit: '50' });
  const { answer: page } = await api('GET', `/api/pilgrims?${query}`);
  seen += page.data.length;
  found ||= page.data.some((t) => t.id === travelerId);
  cursor = page.pagination.nextCursor;
}

console.log(
  JSON.stringify({
    establishmentId,
    travelerId,
    replayed: againHeaders.get('idempotent-replayed') === 'true',
    seen,
    found,
  }),
);
