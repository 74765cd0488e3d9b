import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { buildApp, loggerOptions, redactUrl } from './app';
import { DrizzleQueryError } from 'drizzle-orm';
import { clientErrorAnswer, errorsPlugin } from './plugins/errors';
import { requestContextPlugin } from './plugins/request-context';
import { ensureBootstrapAdmin } from './bootstrap';
import { ConfigError, testConfig } from './config/env';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A bare Fastify app with the server's logger options, and the lines it logs. */
function appLoggingTo() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, app: Fastify({ logger: { ...(loggerOptions('info') as object), stream } }) };
}

describe('server core', () => {
  it('reports health with the database kind and version', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        status: 'ok',
        database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
        version: expect.any(String),
      },
    });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist?lng=en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'Not found',
      requestId: expect.any(String),
    });
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/auth/login' })).statusCode).toBe(
      404,
    );
  });

  it('answers what the HTTP parser refuses in the envelope, with the security headers', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const long = await raw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(long).toMatch(/^HTTP\/1\.1 431 /);
    expect(long.toLowerCase()).toContain('content-security-policy:');
    expect(JSON.parse(long.slice(long.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: false,
      code: 'HEADERS_TOO_LARGE',
    });
    const broken = await raw('GET /api/health HTTP/1.1\r\nContent-Length: nope\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(broken).toContain('"code":"BAD_REQUEST"');
    expect(broken.toLowerCase()).toContain('x-content-type-options: nosniff');
  });

  it('answers a request that did not arrive in time with 408 in the envelope', () => {
    // Node's headers and request timeouts are checked every 30 s; the answer itself is tested.
    const timeout = Object.assign(new Error('Request timeout'), {
      code: 'ERR_HTTP_REQUEST_TIMEOUT',
    });
    const answer = clientErrorAnswer(timeout, { 'x-content-type-options': 'nosniff' })!;
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: false,
      code: 'REQUEST_TIMEOUT',
      message: 'La solicitud tardó demasiado en llegar. Inténtelo de nuevo.',
    });
    const reset = Object.assign(new Error('reset'), { code: 'ECONNRESET' });
    expect(clientErrorAnswer(reset, {})).toBeNull();
  });

  it('asks for a session before it reads a body: 401, whatever the body holds', async () => {
    for (const [method, url] of [
      ['POST', '/api/pilgrims'],
      ['PUT', '/api/establishments/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/pilgrims/bulk-delete'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url: `${url}?lng=en`,
        headers: { 'content-type': 'application/json' },
        payload: '{"not valid": ',
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('answers malformed JSON, a wrong content type and an oversized body in the envelope', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'INVALID_JSON' });

    const type = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(type.statusCode).toBe(415);
    expect(type.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sends security headers with a strict CSP and no CORS by default', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The older header says the same as frame-ancestors: no page may frame Hospes, not even its own.
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('asks browsers and proxies to keep no API answer: sessions, personal data, their errors', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    for (const url of [
      '/api/auth/me',
      '/api/pilgrims?limit=5',
      `/api/establishments/${owner.establishmentId}`,
      '/api/pilgrims/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    // What a route says for itself stands: the public site's settings may be revalidated.
    const site = await ctx.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(site.headers['cache-control']).toBe('no-cache');
  });

  it('opens CORS to the configured origins only, on every answer', async () => {
    const open = await createTestContext({ corsOrigins: ['https://desk.example'] });
    try {
      const call = (url: string, origin: string) =>
        open.app.inject({ method: 'GET', url, headers: { origin } });
      const preflight = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin: 'https://desk.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://desk.example');
      // A normal answer, an error and a URL the router cannot read (answered before any hook).
      for (const url of ['/api/health', '/api/nothing-here', '/api/pilgrims/%ZZ']) {
        const allowed = await call(url, 'https://desk.example');
        expect(allowed.headers['access-control-allow-origin'], url).toBe('https://desk.example');
        expect(allowed.headers['access-control-allow-credentials'], url).toBe('true');
        expect(allowed.headers.vary, url).toContain('Origin');
        expect(allowed.headers['content-security-policy'], url).toBeDefined();
        const other = await call(url, 'https://evil.example');
        expect(other.headers['access-control-allow-origin'], url).toBeUndefined();
      }
    } finally {
      await open.close();
    }
  });

  it('serves the OpenAPI document, generated from the route schemas, and its UI', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const json = doc.json();
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register-establishment',
        '/api/health',
      ]),
    );
    expect(
      json.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
  });

  it('keeps tokens out of logged URLs', () => {
    expect(redactUrl('/api/auth/verify?token=abc123&lng=en')).toBe(
      '/api/auth/verify?token=[redacted]&lng=en',
    );
    expect(redactUrl('/recover-pass?lng=en&token=abc')).toBe(
      '/recover-pass?lng=en&token=[redacted]',
    );
    // The check-in link's token and a self-registration's code open a traveler's data.
    expect(redactUrl('/registro-viajero?t=tok123&lng=fr')).toBe(
      '/registro-viajero?t=[redacted]&lng=fr',
    );
    expect(redactUrl('/api/public/checkin/tok123/ocr?lng=en')).toBe(
      '/api/public/checkin/[redacted]/ocr?lng=en',
    );
    expect(redactUrl('/api/pilgrims/by-code/K7PQ2M')).toBe('/api/pilgrims/by-code/[redacted]');
    expect(redactUrl('/api/pilgrims?establishmentId=x&limit=10')).toBe(
      '/api/pilgrims?establishmentId=x&limit=10',
    );
  });

  it('never logs what was searched for on the traveler routes, nor a search anywhere', async () => {
    const { lines, app } = appLoggingTo();
    for (const url of ['/api/pilgrims', '/api/pilgrims/export', '/api/admin/users', '/clients'])
      app.get(url, async () => ({ ok: true }));
    app.get('/api/establishments/:id/pilgrims', async () => ({ ok: true }));
    for (const url of [
      '/api/pilgrims?search=X1234567Z&nationality=FRA&establishmentId=e1&page=2&limit=10&lng=en',
      '/api/pilgrims/export?format=csv&ids=t1,t2&search=Garc%C3%ADa%20Y9876543K&sortBy=entryDate',
      '/api/establishments/e1/pilgrims?page=1&search=Z5556667W',
      '/api/admin/users?search=someone%40example.com&page=1',
      '/clients?search=X1234567Z&stayStatus=active',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    await app.close();
    const all = lines.join('');
    for (const secret of ['X1234567Z', 'Y9876543K', 'Garc', 'Z5556667W', 'someone', 'FRA', 't1,t2'])
      expect(all).not.toContain(secret);
    // Paging, sorting, the language and the establishment stay readable.
    expect(all).toContain(
      '/api/pilgrims?search=[redacted]&nationality=[redacted]&establishmentId=e1&page=2&limit=10&lng=en',
    );
    expect(all).toContain('/api/pilgrims/export?format=csv&ids=[redacted]&search=[redacted]');
    expect(all).toContain('/api/admin/users?search=[redacted]&page=1');
    expect(all).toContain('/clients?search=[redacted]&stayStatus=active');
  });

  it('never logs the authorization header or a verification token', async () => {
    const { lines, app } = appLoggingTo();
    app.get('/x', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/x?token=secret-value',
      headers: { authorization: 'Bearer secret-bearer' },
    });
    await app.close();
    const all = lines.join('');
    expect(all).toContain('/x?token=[redacted]');
    expect(all).not.toContain('secret-value');
    expect(all).not.toContain('secret-bearer');
  });
});

describe('logged errors', () => {
  it('never carry the values of a failed query, along the cause chain', async () => {
    const { lines, app } = appLoggingTo();
    await app.register(requestContextPlugin);
    await app.register(errorsPlugin);
    const failed = () =>
      new DrizzleQueryError(
        'insert into pilgrims (first_name, document_number) values ($1, $2)',
        ['Secret Pilgrim', 'X1234567Z'],
        Object.assign(new Error('duplicate key value violates unique constraint'), {
          code: '23505',
        }),
      );
    app.get('/direct', async () => {
      throw failed();
    });
    app.get('/wrapped', async () => {
      throw new Error('registration failed', { cause: failed() });
    });
    for (const url of ['/direct', '/wrapped'])
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(500);
    await app.close();
    const all = lines.join('');
    expect(all).toContain('Failed query: insert into pilgrims');
    expect(all).toContain('"code":"23505"');
    expect(all).toContain('registration failed');
    expect(all).not.toContain('Secret Pilgrim');
    expect(all).not.toContain('X1234567Z');
  });
});

describe('serving the web app', () => {
  it('serves index.html for app routes and assets from the dist folder, but not for /api', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Hospes</title><div id="root"></div>',
    );
    await fs.writeFile(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    const web = await createTestContext({ webDistDir: dist });
    try {
      // A query the API would refuse (a NUL character) is the page's business, not the server's.
      for (const url of [
        '/',
        '/clients',
        '/clients/view/123',
        '/login?x=1',
        '/clients?search=%00',
      ]) {
        const res = await web.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root">');
      }
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await web.app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
    } finally {
      await web.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
  it("sends the prerendered landing for / in the visitor's language, index.html elsewhere (decision 073)", async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-dist-'));
    await fs.mkdir(path.join(dist, 'landing'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const lng of ['es', 'en', 'de', 'va']) {
      await fs.writeFile(path.join(dist, 'landing', `${lng}.html`), `<h1>landing ${lng}</h1>`);
    }
    const web = await createTestContext({ webDistDir: dist });
    try {
      const cases: [string, Record<string, string>, string][] = [
        ['/', {}, 'landing es'],
        ['/?lng=de', { 'accept-language': 'en' }, 'landing de'],
        ['/', { cookie: 'a=1; i18next=va', 'accept-language': 'en' }, 'landing va'],
        ['/', { 'accept-language': 'sv-SE, en-GB;q=0.8, de;q=0.9' }, 'landing de'],
        ['/', { 'accept-language': 'en-US,en;q=0.9' }, 'landing en'],
        // A language the build has no landing for: Spanish.
        ['/', { 'accept-language': 'sv' }, 'landing es'],
        ['/?lng=xx', { 'accept-language': 'fr' }, 'landing es'],
      ];
      for (const [url, headers, body] of cases) {
        const res = await web.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body, `${url} ${JSON.stringify(headers)}`).toBe(`<h1>${body}</h1>`);
      }
      const app = await web.app.inject({ method: 'GET', url: '/clients' });
      expect(app.body).toContain('<div id="root">');
      expect(app.headers['content-security-policy']).toContain("script-src 'self';");
    } finally {
      await web.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
  it('allows a prerendered landing its own inline scripts by their hashes, nothing else', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-dist-'));
    await fs.mkdir(path.join(dist, 'landing'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const theme = "document.documentElement.classList.add('dark')";
    await fs.writeFile(
      path.join(dist, 'landing', 'es.html'),
      `<head><script>${theme}</script></head><body><h1>Hospes</h1></body>`,
    );
    const web = await createTestContext({ webDistDir: dist });
    try {
      const res = await web.app.inject({ method: 'GET', url: '/' });
      const hash = crypto.createHash('sha256').update(theme).digest('base64');
      const policy = res.headers['content-security-policy'] as string;
      expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(policy).not.toContain("unsafe-inline' ;");
      expect(policy).toContain("object-src 'none'");
    } finally {
      await web.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
  it('sends the compressed copies the build wrote to browsers that accept them', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    const html = `<!doctype html><title>Hospes</title><div id="root"></div>${' '.repeat(2000)}`;
    const script = `console.log(${JSON.stringify('x'.repeat(5000))})`;
    const files: [string, string][] = [
      ['index.html', html],
      [path.join('assets', 'app-abc.js'), script],
    ];
    for (const [name, text] of files) {
      await fs.writeFile(path.join(dist, name), text);
      await fs.writeFile(path.join(dist, `${name}.br`), zlib.brotliCompressSync(text));
      await fs.writeFile(path.join(dist, `${name}.gz`), zlib.gzipSync(text));
    }
    const web = await createTestContext({ webDistDir: dist });
    try {
      for (const [url, text] of [
        ['/assets/app-abc.js', script],
        ['/clients', html],
      ] as const) {
        const br = await web.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
        expect(br.statusCode, url).toBe(200);
        expect(br.headers['content-encoding'], url).toBe('br');
        expect(br.headers.vary, url).toContain('accept-encoding');
        expect(zlib.brotliDecompressSync(br.rawPayload).toString(), url).toBe(text);
        const gz = await web.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
        expect(gz.headers['content-encoding'], url).toBe('gzip');
        expect(zlib.gunzipSync(gz.rawPayload).toString(), url).toBe(text);
        const raw = await web.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
        expect(raw.headers['content-encoding'], url).toBeUndefined();
        expect(raw.body, url).toBe(text);
      }
      const typed = await web.app.inject({
        url: '/assets/app-abc.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(typed.headers['content-type']).toContain('javascript');
      expect(typed.headers['cache-control']).toContain('immutable');
    } finally {
      await web.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});

describe('bootstrap admin', () => {
  it('creates the configured admin once, verified, who can log in', async () => {
    const config = testConfig({ adminEmail: 'boss@example.com', adminPassword: 'boss-password-1' });
    await ensureBootstrapAdmin(config, ctx.database, ctx.app.log);
    await ensureBootstrapAdmin(config, ctx.database, ctx.app.log);
    const admins = (await ctx.database.db.select().from(users)).filter(
      (u) => u.email === 'boss@example.com',
    );
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ role: 'admin' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'boss@example.com', password: 'boss-password-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
  });
});

describe('bootstrap admin with a common password', () => {
  it('refuses to create the admin, naming the setting, and creates nothing', async () => {
    const config = testConfig({ adminEmail: 'weak@example.com', adminPassword: 'password1' });
    await expect(ensureBootstrapAdmin(config, ctx.database, ctx.app.log)).rejects.toThrow(
      new ConfigError(
        'Invalid settings:\n  ADMIN_PASSWORD: is one of the most common passwords (it appears in lists of leaked passwords); choose another',
      ),
    );
    const admins = (await ctx.database.db.select().from(users)).filter(
      (u) => u.email === 'weak@example.com',
    );
    expect(admins).toHaveLength(0);
  });
});

describe('persistence', () => {
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'keeps accounts and sessions in DATA_DIR across a restart',
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-restart-'));
      try {
        const config = testConfig({
          dataDir,
          smtpUrl: ctx.config.smtpUrl,
          appUrl: ctx.config.appUrl,
        });
        const first = await openDatabase({ dataDir });
        const app1 = await buildApp({ config, database: first });
        const restartCtx = { ...ctx, app: app1, database: first };
        const owner = await registerVerifiedOwner(restartCtx);
        await app1.close();
        await first.close();

        const second = await openDatabase({ dataDir });
        const app2 = await buildApp({ config, database: second });
        const me = await app2.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: bearer(owner.token),
        });
        expect(me.statusCode).toBe(200);
        expect(me.json().user.email).toBe(owner.email);
        await app2.close();
        await second.close();
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
