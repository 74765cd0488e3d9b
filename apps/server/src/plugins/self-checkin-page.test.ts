/**
 * The self check-in page rendered by the server for each link (decision 079), with the web app's
 * own renderer (apps/web/src/prerender/self-checkin.tsx, run from its source here as the build's
 * `dist-ssr` bundle runs it in production): the establishment's name and form in the pilgrim's
 * language, escaped, the page of a link that no longer opens with its 404, and the headers.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../app';
import { establishments } from '../db/schema';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../test/test-app';
import { memoryLimiterStore } from '../lib/rate-limiter';
import { webPlugin, type SelfCheckinRenderer } from './web';

/** index.html as Vite builds it (the parts the document is made from). */
const TEMPLATE = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Hospes" />
    <title>Hospes</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root">
      <div class="boot" role="status"><span>Hospes</span><span class="boot-bar"></span></div>
    </div>
    <noscript>Hospes needs JavaScript.</noscript>
  </body>
</html>`;

/** A name with everything that could break out of the page's markup or its data. */
const NAME = `Albergue "O'Cebreiro" <script>alert(1)</script> & $& $' </script><!--`;

let ctx: TestContext;
let dist: string;
let token: string;
let establishmentId: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), TEMPLATE);
  // Through Vitest's transform (JSX, the web's alias); out of the server's type check, which
  // knows its interface (SelfCheckinRenderer), not the web's source.
  const source = path.resolve(import.meta.dirname, '../../../web/src/prerender/self-checkin.tsx');
  const renderer = (await import(/* @vite-ignore */ source)) as SelfCheckinRenderer;
  ctx = await createTestContext({ webDistDir: dist }, { selfCheckinRenderer: renderer });
  const owner = await registerVerifiedOwner(ctx, { name: NAME });
  establishmentId = owner.establishmentId;
  const link = await ctx.app.inject({
    method: 'GET',
    url: `/api/establishments/${establishmentId}/checkin-link`,
    headers: bearer(owner.token),
  });
  token = link.json<{ data: { token: string } }>().data.token;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

/** The visible text of the page's #root, tags stripped, entities read. */
function textOf(html: string): string {
  const root = html.slice(
    html.indexOf('<div id="root"'),
    html.indexOf('<script type="application/json"'),
  );
  return root
    .replace(/<[^>]*>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('the self check-in page, rendered for its link (decision 079)', () => {
  it("shows the establishment's name and the form in the pilgrim's language, before any script", async () => {
    const res = await page(`/registro-viajero?t=${token}`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = res.body;
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain('data-prerendered="de"');
    const text = textOf(html);
    // The establishment's name as text, and the form's labels in German.
    expect(text).toContain(NAME);
    expect(text).toContain('Vorname');
    expect(text).toContain('Staatsangehörigkeit');
    // The send button waits for the app (no native submission meanwhile).
    expect(html).toMatch(/<button type="submit" disabled="" aria-busy="true"/);
    // So do the entry modes (type it in, scan the document): a tap there would change nothing.
    const modes = html.match(/<button[^>]*role="radio"[^>]*>/g) ?? [];
    expect(modes.length).toBeGreaterThanOrEqual(2);
    for (const mode of modes) expect(mode).toContain('disabled=""');
    // No module script before it shows; the app's code comes after the load event.
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('"/assets/index-abc.js"');
  });

  it("escapes the establishment's name everywhere: markup, attributes and the data for the app", async () => {
    const html = (await page(`/pilgrim-register?t=${token}&lng=en`)).body;
    // Only the page's own scripts: the theme, the link's data (not run) and the app's loader.
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script>',
      '<script type="application/json" id="hospes-checkin">',
      '<script>',
    ]);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('</script><!--');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // `$&` and `$'` are the name's text, not replacement patterns.
    expect(html.match(/\$&amp; \$/g)?.length).toBeGreaterThan(0);
    const data = /<script type="application\/json" id="hospes-checkin">([^<]*)<\/script>/.exec(
      html,
    );
    const parsed = JSON.parse(data![1]!) as {
      token: string;
      info: { establishment: { name: string } };
    };
    expect(parsed.token).toBe(token);
    expect(parsed.info.establishment.name).toBe(NAME);
    expect(html).toContain('<html lang="en" dir="ltr">');
  });

  it('allows its inline scripts by their hashes only, under the rest of the policy', async () => {
    const res = await page(`/registro-viajero?t=${token}`);
    const policy = res.headers['content-security-policy'] as string;
    const scripts = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, code]) => code!,
    );
    expect(scripts).toHaveLength(2);
    for (const code of scripts) {
      const hash = crypto.createHash('sha256').update(code).digest('base64');
      expect(policy).toContain(`'sha256-${hash}'`);
    }
    expect(/script-src [^;]*/.exec(policy)?.[0]).not.toContain('unsafe-inline');
    expect(policy).toContain("object-src 'none'");
  });

  it('asks for no photo when the establishment keeps none, and offers them when it does', async () => {
    const photos = (html: string) => (html.match(/type="file"/g) ?? []).length;
    await ctx.database.db
      .update(establishments)
      .set({ keepDocumentImages: false })
      .where(eq(establishments.id, establishmentId));
    expect(photos((await page(`/registro-viajero?t=${token}`)).body)).toBe(0);
    await ctx.database.db
      .update(establishments)
      .set({ keepDocumentImages: true })
      .where(eq(establishments.id, establishmentId));
    const html = (await page(`/registro-viajero?t=${token}`)).body;
    expect(photos(html)).toBeGreaterThan(0);
    // Not to be chosen before the app has come (it would be lost).
    for (const [input] of html.matchAll(/<input[^>]*type="file"[^>]*>/g)) {
      expect(input).toContain('disabled=""');
    }
  });

  it('answers 404 with the page of a link that no longer opens, in the language asked', async () => {
    for (const url of [
      '/registro-viajero?t=not-a-real-link&lng=fr',
      `/registro-viajero?t=${'x'.repeat(300)}&lng=fr`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      const text = textOf(res.body);
      expect(text).toContain("Ce lien n'est plus valide. Demandez-en un nouveau à la réception.");
      expect(res.body).not.toContain('<form');
      expect(res.body).not.toContain('hospes-checkin');
    }
    // Without a token: the page that says how to get one.
    const none = await page('/registro-viajero?lng=es');
    expect(none.statusCode).toBe(200);
    expect(none.body).not.toContain('<form');
  });

  it('is sent compressed to a browser that accepts it', async () => {
    const res = await page(`/registro-viajero?t=${token}`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('data-prerendered="es"');
  });

  it("logs the page's address without its token", () => {
    for (const url of [`/registro-viajero?t=${token}`, `/pilgrim-register?lng=de&t=${token}`]) {
      expect(redactUrl(url)).not.toContain(token);
    }
  });

  it("sends the app's shell, unrendered, to an address past its pages of the hour", async () => {
    let renders = 0;
    const app = Fastify();
    await app.register(webPlugin, {
      distDir: dist,
      checkinInfo: async () => {
        throw new Error('not asked: the link is never read past the limit');
      },
      selfCheckinRenderer: {
        async renderSelfCheckinPage() {
          renders += 1;
          return { status: 200, html: '<!doctype html><p>rendered</p>' };
        },
      },
      renderLimit: memoryLimiterStore().create({
        name: 'test-checkin-page',
        max: 1,
        windowMs: 60_000,
      }),
    });
    try {
      const first = await app.inject({ method: 'GET', url: '/registro-viajero' });
      expect(first.body).toContain('rendered');
      const second = await app.inject({ method: 'GET', url: '/registro-viajero?t=abc' });
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(TEMPLATE);
      expect(second.headers['cache-control']).toBe('no-cache');
      expect(renders).toBe(1);
    } finally {
      await app.close();
    }
  });
});
