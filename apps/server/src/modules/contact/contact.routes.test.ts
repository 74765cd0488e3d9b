import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';

const SUPPORT = 'support@hospes.test';
/** E-mails go out in the background; on a busy machine they may take a while. */
const WAIT = { timeout: 15_000, interval: 50 };

function messageBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Marta Iglesias',
    email: 'Marta.Iglesias@Example.com',
    phone: '+34 600 123 456',
    company: 'Albergue O Cebreiro',
    type: 'sales',
    message: 'Hello, we have 24 beds and would like to know the price of the annual plan.',
    ...overrides,
  };
}

let ipCounter = 0;
/** Each test posts from an address of its own, so the hourly limit of one does not affect another. */
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('POST /api/contact with a support address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ supportEmail: SUPPORT });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const send = (payload: unknown, ip = newIp(), lng = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/contact?lng=${lng}`,
      payload: payload as object,
      remoteAddress: ip,
    });

  it('stores the message and e-mails it to support with the sender as Reply-To', async () => {
    const res = await send(messageBody());
    expect(res.statusCode).toBe(201);
    const json = res.json<{
      success: boolean;
      message: string;
      data: { id: string; receivedAt: string };
    }>();
    expect(json).toMatchObject({
      success: true,
      message:
        'Thank you: your message has been received. We reply within 24 hours, Monday to Friday.',
    });

    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, json.data.id));
    expect(row).toMatchObject({
      name: 'Marta Iglesias',
      email: 'marta.iglesias@example.com',
      phone: '+34 600 123 456',
      company: 'Albergue O Cebreiro',
      type: 'sales',
      message: 'Hello, we have 24 beds and would like to know the price of the annual plan.',
      language: 'en',
    });

    const mail = await ctx.smtp.waitFor(SUPPORT);
    expect(mail.subject).toBe('[Contacto Hospes · Ventas] Marta Iglesias');
    expect(mail.raw).toMatch(/^Reply-To: marta\.iglesias@example\.com\r?$/im);
    expect(mail.text).toContain('Empresa: Albergue O Cebreiro');
    expect(mail.text).toContain('Idioma: en');
    expect(mail.text).toContain(
      'Hello, we have 24 beds and would like to know the price of the annual plan.',
    );
    expect(mail.text).toContain(`Referencia: ${json.data.id}`);
    expect(mail.html).toContain('Marta Iglesias');

    await vi.waitFor(async () => {
      const [stored] = await ctx.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, json.data.id));
      expect(stored!.emailedAt).toBeInstanceOf(Date);
    }, WAIT);
  });

  it('escapes what the visitor wrote in the HTML e-mail and keeps optional fields optional', async () => {
    const before = ctx.smtp.messages.length;
    const res = await send(
      messageBody({
        phone: '',
        company: undefined,
        type: 'support',
        message: '<script>alert(1)</script> please help',
      }),
    );
    expect(res.statusCode).toBe(201);
    const mail = await ctx.smtp.waitFor(SUPPORT, { after: before });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, res.json<{ data: { id: string } }>().data.id));
    expect(row).toMatchObject({ phone: null, company: null, type: 'support' });
  });

  it('answers 400 with field details in the request language and stores nothing', async () => {
    const count = (await ctx.database.db.select().from(contactMessages)).length;
    const res = await send({
      name: '',
      email: 'not-an-email',
      phone: 'abc',
      type: 'complaint',
      message: 'short',
    });
    expect(res.statusCode).toBe(400);
    const json = res.json<{ code: string; details: Array<{ field: string; message: string }> }>();
    expect(json.code).toBe('VALIDATION_FAILED');
    const byField = Object.fromEntries(json.details.map((d) => [d.field, d.message]));
    expect(byField).toMatchObject({
      name: 'This field is required',
      email: 'Invalid email address',
      phone: 'Invalid phone number',
      type: 'Invalid option',
      message: 'Must be at least 10 characters long',
    });

    const es = await send({ ...messageBody(), email: '' }, newIp(), 'es');
    expect(es.statusCode).toBe(400);
    expect(es.json().details[0]).toMatchObject({
      field: 'email',
      message: 'Este campo es obligatorio',
    });
    expect((await ctx.database.db.select().from(contactMessages)).length).toBe(count);
  });

  it('allows 5 messages an hour per address, then answers 429 with Retry-After', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await send(messageBody(), ip)).statusCode).toBe(201);
    const count = (await ctx.database.db.select().from(contactMessages)).length;

    const res = await send(messageBody(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await ctx.database.db.select().from(contactMessages)).length).toBe(count);

    // Another address is not affected.
    expect((await send(messageBody())).statusCode).toBe(201);
  });

  it('answers a bot that filled the honeypot like anyone else, but stores and sends nothing', async () => {
    // Wait until the earlier messages have all been e-mailed, then count.
    await vi.waitFor(async () => {
      const rows = await ctx.database.db.select().from(contactMessages);
      expect(rows.every((row) => row.emailedAt)).toBe(true);
    }, WAIT);
    const count = (await ctx.database.db.select().from(contactMessages)).length;
    const before = ctx.smtp.messages.length;
    const res = await send(messageBody({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await ctx.database.db.select().from(contactMessages)).length).toBe(count);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.smtp.messages.length).toBe(before);
  });
});

describe('POST /api/contact over the hourly limit of all addresses together', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ supportEmail: SUPPORT, contactMessagesPerHour: 3 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("answers 429 to every address once the hour's messages are in, and stores and sends no more", async () => {
    const send = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/contact?lng=en',
        payload,
        remoteAddress: newIp(),
      });
    // A bot's honeypot message is dropped, and does not use up the real visitors' hour.
    expect((await send(messageBody({ website: 'http://spam.example' }))).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) expect((await send(messageBody())).statusCode).toBe(201);
    await vi.waitFor(() => expect(ctx.smtp.messages).toHaveLength(3), WAIT);
    const count = (await ctx.database.db.select().from(contactMessages)).length;

    const res = await send(messageBody());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await ctx.database.db.select().from(contactMessages)).length).toBe(count);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.smtp.messages).toHaveLength(3);
  });
});

describe('POST /api/contact without a support address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ supportEmail: undefined });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('stores the message only', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: messageBody(),
      remoteAddress: newIp(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'Gracias: hemos recibido su mensaje. Respondemos en un plazo de 24 horas, de lunes a viernes.',
    );
    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, res.json().data.id));
    expect(row).toMatchObject({ name: 'Marta Iglesias', emailedAt: null, language: 'es' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.smtp.messages).toHaveLength(0);
  });
});

describe('GET /api/public/config', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-public-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('shows no testimonials and no operator details when none are configured', async () => {
    const ctx = await createTestContext({
      testimonialsFile: path.join(dir, 'missing.json'),
      operator: {
        name: undefined,
        address: undefined,
        nif: undefined,
        email: undefined,
        registry: undefined,
      },
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/public/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          testimonials: [],
          operator: { name: null, address: null, nif: null, email: null, registry: null },
          contact: { email: null },
          sessionHours: 24,
        },
      });
    } finally {
      await ctx.close();
    }
  });

  it('serves the configured operator and the quotes of the testimonials file, re-read when it changes', async () => {
    const file = path.join(dir, 'testimonials.json');
    await fs.writeFile(
      file,
      JSON.stringify([
        {
          quote: 'Registramos a los peregrinos en un minuto.',
          author: 'Lucía P.',
          place: 'Albergue de Sarria',
          lang: 'es',
        },
      ]),
    );
    const ctx = await createTestContext({
      testimonialsFile: file,
      operator: {
        name: 'Camino Software S.L.',
        address: 'Rúa do Franco 1, 15705 Santiago de Compostela',
        nif: 'B12345678',
        email: 'hola@camino.example',
        registry: undefined,
      },
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/public/config' });
      expect(res.json().data).toEqual({
        testimonials: [
          {
            quote: 'Registramos a los peregrinos en un minuto.',
            author: 'Lucía P.',
            place: 'Albergue de Sarria',
            lang: 'es',
          },
        ],
        operator: {
          name: 'Camino Software S.L.',
          address: 'Rúa do Franco 1, 15705 Santiago de Compostela',
          nif: 'B12345678',
          email: 'hola@camino.example',
          registry: null,
        },
        contact: { email: 'hola@camino.example' },
        sessionHours: 24,
      });

      await fs.writeFile(
        file,
        JSON.stringify({ testimonials: [{ quote: 'Otra cita real, más larga.', author: 'Xosé' }] }),
      );
      const again = await ctx.app.inject({ method: 'GET', url: '/api/public/config' });
      expect(again.json().data.testimonials).toEqual([
        { quote: 'Otra cita real, más larga.', author: 'Xosé' },
      ]);

      // An invalid file shows none (and is logged), rather than breaking the landing.
      await fs.writeFile(file, '[{"quote": ""}, oops');
      const broken = await ctx.app.inject({ method: 'GET', url: '/api/public/config' });
      expect(broken.statusCode).toBe(200);
      expect(broken.json().data.testimonials).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists every public page in the 16 languages with hreflang alternates', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml.match(/<url>/g)).toHaveLength(8 * 16);
    expect(xml).toContain('<loc>http://hospes.test/pricing?lng=en</loc>');
    expect(xml).toContain('<loc>http://hospes.test/contacto?lng=va</loc>');
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="ca-valencia" href="http://hospes.test/?lng=va"/>',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="http://hospes.test/privacy"/>',
    );
    expect(xml).not.toContain('hreflang="va"');
  });

  it('robots.txt points to the sitemap and keeps the private areas out', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('Sitemap: http://hospes.test/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /clients');
  });
});
