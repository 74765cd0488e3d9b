import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments, pilgrims, users } from './db/schema';
import { createAdminSession } from '../test/accounts';
import { registrationBody } from '../test/factories';
import { travelerBody } from '../test/traveler-factories';
import {
  bearer,
  createTestContext,
  freshAddress,
  registerVerifiedOwner,
  type TestContext,
} from '../test/test-app';

/**
 * Every route of the API (read from its OpenAPI document, so a new route is swept too) called with
 * what a client should never send: odd path ids, odd query values, and request bodies with each
 * field in turn replaced by a wrong value. No answer may be a 500; every refusal is in the error
 * envelope; and the database holds exactly what the 2xx answers acknowledged.
 */

/** Values that each field of a body gets in turn. */
const ODD_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(70_000),
  ' ',
  '2026-02-30',
  '0000-00-00',
  '+275760-09-13',
  '-1',
  '1e400',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  null,
  0,
  -1,
  1e308,
  2 ** 53,
  true,
  [],
  {},
  [1, 2],
  { a: { b: { c: 1 } } },
];

/** Values that each query parameter gets in turn (already URL-encoded). */
const ODD_QUERY = [
  '',
  'x',
  '-1',
  '0',
  '99999999999999999999',
  '%00',
  'a%00b',
  'x'.repeat(3_000),
  '2026-02-30',
  '2026-13-01',
  '1e3',
  'ZZZ',
  '%ED%A0%80',
];

/** The body with one field at a time (nested ones too) replaced by each odd value. */
function mutationsOf(body: Record<string, unknown>): unknown[] {
  const out: unknown[] = [null, [], 'text', 42, {}];
  const walk = (node: unknown, put: (value: unknown) => unknown) => {
    if (node && typeof node === 'object' && !Array.isArray(node)) {
      for (const [key, value] of Object.entries(node))
        walk(value, (next) => put({ ...node, [key]: next }));
      return;
    }
    for (const value of ODD_VALUES) out.push(put(value));
    if (typeof node === 'string' && node.length < 100) out.push(put(`${node}\u0000`));
  };
  walk(body, (value) => value);
  return out;
}

interface Operation {
  method: string;
  path: string;
  query: string[];
}

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let travelerId: string;
let linkToken: string;
let operations: Operation[];
/** Answers of 500 or more, and refusals outside the envelope. */
const problems: string[] = [];
/** 2xx answers of the calls that create a traveler or an establishment. */
const created = { pilgrims: 0, establishments: 0 };
/** 2xx answers: the sweep reached the handlers, not only the checks before them. */
let accepted = 0;

async function send(method: string, url: string, token: string | undefined, body?: unknown) {
  const headers: Record<string, string> = token ? bearer(token) : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await ctx.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    remoteAddress: freshAddress(),
  });
  const shown = `${method} ${url.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 160) ?? ''}`;
  if (res.statusCode >= 500) problems.push(`${res.statusCode} ${shown}: ${res.body.slice(0, 200)}`);
  else if (res.statusCode >= 400) {
    const envelope = (() => {
      try {
        return res.json<{ success?: unknown; message?: unknown }>();
      } catch {
        return null;
      }
    })();
    if (envelope?.success !== false || typeof envelope.message !== 'string' || !envelope.message)
      problems.push(`${res.statusCode} outside the envelope: ${shown}: ${res.body.slice(0, 200)}`);
  } else if (res.statusCode < 300) accepted++;
  if (res.statusCode === 201) {
    const path = url.split('?')[0];
    if (path === '/api/pilgrims' || path?.startsWith('/api/public/checkin/')) created.pilgrims++;
    if (path === '/api/establishments' || path === '/api/auth/register-establishment')
      created.establishments++;
  }
  return res;
}

async function rows() {
  const { db } = ctx.database;
  const [[p], [e], [u]] = await Promise.all([
    db.select({ n: count() }).from(pilgrims),
    db.select({ n: count() }).from(establishments),
    db.select({ n: count() }).from(users),
  ]);
  return { pilgrims: p!.n, establishments: e!.n, users: u!.n };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdminSession(ctx);
  owner = await registerVerifiedOwner(ctx);
  const traveler = await ctx.app.inject({
    method: 'POST',
    url: '/api/pilgrims',
    headers: bearer(owner.token),
    payload: travelerBody(owner.establishmentId),
  });
  expect(traveler.statusCode, traveler.body).toBe(201);
  travelerId = traveler.json<{ data: { id: string } }>().data.id;
  const link = await ctx.app.inject({
    method: 'GET',
    url: `/api/establishments/${owner.establishmentId}/checkin-link`,
    headers: bearer(owner.token),
  });
  linkToken = link.json<{ data: { token: string } }>().data.token;

  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = doc.json<{
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  }>().paths;
  operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      query: (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name),
    })),
  );
});

afterAll(async () => {
  await ctx?.close();
});

describe('bad input on every route', { timeout: 240_000 }, () => {
  it('sweeps the routes of the OpenAPI document: odd ids and query values get a 4xx in the envelope, never a 500', async () => {
    // The real ids first (they reach the handlers), then ids that name nothing or are not ids.
    const ids = (real: string) => [
      real,
      '00000000-0000-0000-0000-000000000000',
      'x',
      'x'.repeat(300),
      '%00',
      '..%2F..',
    ];
    const pathValues: Record<string, string[]> = {
      id: ids(travelerId),
      docId: ids('00000000-0000-0000-0000-000000000001'),
      code: ids('ABC123'),
      token: ids(linkToken),
    };
    const before = await rows();
    expect(operations.length).toBeGreaterThan(40);
    for (const { method, path, query } of operations) {
      // Signing out would end the sessions the sweep goes on with.
      if (path === '/api/auth/logout') continue;
      for (const token of [admin.token, owner.token, undefined]) {
        for (let variant = 0; variant < 6; variant++) {
          // The real records are not deleted here: the sweep goes on with them.
          if (method === 'DELETE' && variant === 0) continue;
          const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
            const values = pathValues[name] ?? ['x'];
            return values[variant % values.length]!;
          });
          const body = method === 'GET' || method === 'DELETE' ? undefined : {};
          await send(method, url, token, body);
          if (variant > 0) continue;
          for (const name of query)
            for (const value of ODD_QUERY)
              await send(method, `${url}?${name}=${value}`, token, body);
          // Each parameter twice: an array where a value is expected.
          if (query.length > 0)
            await send(
              method,
              `${url}?${query.map((q) => `${q}=1&${q}=2`).join('&')}`,
              token,
              body,
            );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(accepted).toBeGreaterThan(50);
    const after = await rows();
    expect(after.pilgrims - before.pilgrims).toBe(created.pilgrims);
    expect(after.users).toBe(before.users);
  });

  it('sends each field of each request body a wrong value in turn: never a 500, and only what was acknowledged is stored', async () => {
    const bodies: [string, string, Record<string, unknown>, string | undefined][] = [
      ['POST', '/api/pilgrims', travelerBody(owner.establishmentId), owner.token],
      ['PUT', `/api/pilgrims/${travelerId}`, travelerBody(owner.establishmentId), owner.token],
      ['POST', `/api/public/checkin/${linkToken}`, travelerBody(null), undefined],
      [
        'POST',
        `/api/pilgrims/${travelerId}/confirm`,
        travelerBody(owner.establishmentId),
        owner.token,
      ],
      ['POST', '/api/pilgrims/bulk-delete', { pilgrimIds: [crypto.randomUUID()] }, owner.token],
      [
        'PATCH',
        '/api/pilgrims/bulk',
        { pilgrimIds: [travelerId], checkOutDate: '2026-03-05', paymentType: 'EFECT' },
        owner.token,
      ],
      ['POST', `/api/pilgrims/${travelerId}/send-pdf`, { email: 'a@example.com' }, owner.token],
      [
        'POST',
        `/api/establishments/${owner.establishmentId}/ses-xml`,
        { kind: 'PV', from: '2026-03-01', to: '2026-03-02' },
        owner.token,
      ],
      ['POST', '/api/establishments', registrationBody().establishment, owner.token],
      [
        'PUT',
        `/api/establishments/${owner.establishmentId}`,
        registrationBody().establishment,
        owner.token,
      ],
      ['POST', '/api/auth/register-establishment', registrationBody(), undefined],
      ['POST', '/api/auth/login', { email: owner.email, password: 'not-the-password' }, undefined],
      ['POST', '/api/auth/forgot-password', { email: owner.email }, undefined],
      ['POST', '/api/auth/resend-verification', { email: owner.email }, undefined],
      ['POST', '/api/auth/reset-password', { token: 'x'.repeat(40), password: 'x' }, undefined],
      [
        'POST',
        '/api/auth/change-password',
        { currentPassword: 'not-the-password', newPassword: 'another-pass-2026' },
        owner.token,
      ],
      ['PUT', '/api/auth/me', { name: 'Ana', language: 'es' }, owner.token],
      [
        'POST',
        '/api/contact',
        { name: 'Ana', email: 'ana@example.com', type: 'sales', message: 'A question, please.' },
        undefined,
      ],
      ['PATCH', `/api/admin/users/${owner.userId}`, { role: 'user' }, admin.token],
    ];
    created.pilgrims = 0;
    created.establishments = 0;
    problems.length = 0;
    const before = await rows();
    for (const [method, url, body, token] of bodies)
      for (const mutated of mutationsOf(body)) await send(method, url, token, mutated);
    expect(problems).toEqual([]);
    // Odd but valid values (a name with markup in it) are stored as typed.
    expect(created.pilgrims).toBeGreaterThan(0);
    const after = await rows();
    expect(after.pilgrims - before.pilgrims).toBe(created.pilgrims);
    expect(after.establishments - before.establishments).toBe(created.establishments);
  });
});
