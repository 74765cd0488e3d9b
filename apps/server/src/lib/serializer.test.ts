import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from '@hospes/shared/zod';
import {
  compileStringifier,
  createSerializerCompiler,
  jsonListPage,
  JsonText,
  sendJsonText,
} from './serializer';

const Response = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    note: z.string().nullable(),
    status: z.enum(['recent', 'long']).nullable(),
    count: z.number().int(),
    tags: z.array(z.object({ name: z.string() })),
  }),
});

async function appWith(checkResponses: boolean, data: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ checkResponses }));
  app.get('/r', { schema: { response: { 200: Response } } }, async () => data as never);
  await app.ready();
  return app;
}

const good = {
  success: true,
  data: { id: 'a', note: null, status: 'recent', count: 3, tags: [{ name: 'x' }] },
};

describe('response serializer', () => {
  it('writes what JSON.stringify of the zod output writes', () => {
    const stringify = compileStringifier(Response)!;
    expect(stringify).not.toBeNull();
    expect(JSON.parse(stringify(good))).toEqual(Response.parse(good));
    const other = { ...good, data: { ...good.data, note: 'n', status: null, tags: [] } };
    expect(JSON.parse(stringify(other))).toEqual(Response.parse(other));
  });

  it('never writes a field that is not in the contract', async () => {
    for (const check of [true, false]) {
      const app = await appWith(check, {
        ...good,
        secret: 'x',
        data: { ...good.data, passwordHash: 'y', tags: [{ name: 'x', content: 'z' }] },
      });
      const res = await app.inject('/r');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/secret|passwordHash|content/);
      expect(res.json()).toEqual(good);
      await app.close();
    }
  });

  it('outside production, refuses a response off the contract', async () => {
    const app = await appWith(true, { ...good, data: { ...good.data, count: 'three' } });
    const res = await app.inject('/r');
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it('falls back to zod for a schema JSON Schema cannot express', () => {
    expect(compileStringifier(z.object({ when: z.date() }))).toBeNull();
  });

  describe('JSON text written elsewhere (JsonText)', () => {
    const List = z.object({
      success: z.literal(true),
      data: z.array(Response.shape.data),
      pagination: z.object({ total: z.number().int() }),
    });
    async function sending(checkResponses: boolean, body: JsonText) {
      const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
      app.setSerializerCompiler(createSerializerCompiler({ checkResponses }));
      app.get('/l', { schema: { response: { 200: List } } }, async (_req, reply) =>
        sendJsonText(reply, body),
      );
      await app.ready();
      const res = await app.inject('/l');
      await app.close();
      return res;
    }
    const item = JSON.stringify(good.data);

    it('is sent as it is, as JSON', async () => {
      const body = jsonListPage([item, item], { total: 2 });
      for (const check of [true, false]) {
        const res = await sending(check, body);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.body).toBe(body.text);
        expect(res.json()).toEqual({
          success: true,
          data: [good.data, good.data],
          pagination: { total: 2 },
        });
      }
    });

    it('outside production, is refused off the contract or with a property it does not declare', async () => {
      const offContract = JSON.stringify({ ...good.data, count: 'three' });
      const extra = JSON.stringify({ ...good.data, tags: [{ name: 'x', content: 'z' }] });
      for (const body of [
        jsonListPage([item, offContract], { total: 2 }),
        jsonListPage([extra], { total: 1 }),
        new JsonText('{"success":true,"data":['),
      ]) {
        expect((await sending(true, body)).statusCode).toBe(500);
        // In production the text is trusted: the database wrote it from the contract's columns.
        expect((await sending(false, body)).body).toBe(body.text);
      }
    });
  });
});
