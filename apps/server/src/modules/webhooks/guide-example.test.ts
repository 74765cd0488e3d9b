/**
 * The guide's receiver (docs/examples/webhook-receiver.mjs) as a partner runs it: registered as an
 * endpoint, it gets a traveler's registration and verifies it; a forged, an old and a repeated
 * delivery are told apart.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config/env';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { travelerBody } from '../../../test/traveler-factories';

interface GuideEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}
interface GuideModule {
  verifyWebhook(input: {
    secret: string;
    headers: Record<string, string>;
    body: string;
    now?: number;
  }): { ok: boolean; reason?: string };
  createReceiver(options: {
    secret: string;
    onEvent: (event: GuideEvent, id: string) => void;
  }): http.Server;
}

const GUIDE = new URL('../../../../../docs/examples/webhook-receiver.mjs', import.meta.url);

let ctx: TestContext;
let server: http.Server | undefined;

beforeAll(async () => {
  ctx = await createTestContext({
    webhooks: { ...testConfig().webhooks, allowHttp: true, dispatchSeconds: 1 },
  });
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await ctx?.close();
});

describe('the integration guide’s receiver', () => {
  it('registers, receives a traveler’s registration and verifies it', async () => {
    const guide = (await import(GUIDE.href)) as GuideModule;
    const owner = await registerVerifiedOwner(ctx);
    const call = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url,
        headers: bearer(owner.token),
        ...(payload ? { payload } : {}),
      });

    // 1. Register the endpoint (the secret is shown once), then start the receiver with it.
    const created = await call('POST', `/api/establishments/${owner.establishmentId}/webhooks`, {
      url: 'http://127.0.0.1:9/hooks',
      events: ['traveler.registered', 'checkin.completed', 'report.accepted'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = created.json<{
      data: { endpoint: { id: string }; secret: string };
    }>().data;
    const events: { event: GuideEvent; id: string }[] = [];
    server = guide.createReceiver({ secret, onEvent: (event, id) => events.push({ event, id }) });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    expect((await call('PATCH', `/api/webhooks/${endpoint.id}`, { url })).statusCode).toBe(200);

    // 2. Register a traveler: the receiver gets the event, verified.
    const registered = await call('POST', '/api/pilgrims', travelerBody(owner.establishmentId));
    expect(registered.statusCode, registered.body).toBe(201);
    const travelerId = registered.json<{ data: { id: string } }>().data.id;
    const deadline = Date.now() + 30_000;
    while (events.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toMatchObject({
      type: 'traveler.registered',
      data: { id: travelerId, firstName: 'Hans' },
    });

    // 3. What the guide's verification refuses: a wrong secret, an old timestamp.
    const body = JSON.stringify(events[0]!.event);
    const now = Date.now();
    const timestamp = String(Math.floor(now / 1000));
    const { createHmac } = await import('node:crypto');
    const signed = (key: string, at: string) =>
      `v1=${createHmac('sha256', key).update(`${at}.${body}`).digest('hex')}`;
    const headers = (key: string, at: string) => ({
      'hospes-webhook-id': events[0]!.id,
      'hospes-webhook-timestamp': at,
      'hospes-webhook-signature': signed(key, at),
    });
    expect(guide.verifyWebhook({ secret, headers: headers(secret, timestamp), body })).toEqual({
      ok: true,
    });
    expect(
      guide.verifyWebhook({ secret, headers: headers('whsec_other', timestamp), body }),
    ).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    const old = String(Math.floor(now / 1000) - 600);
    expect(guide.verifyWebhook({ secret, headers: headers(secret, old), body })).toEqual({
      ok: false,
      reason: 'too old',
    });

    // 4. Over HTTP: a forgery gets 400; the same delivery again is acknowledged, not acted on twice.
    const post = (h: Record<string, string>) =>
      fetch(url, { method: 'POST', headers: { ...h, 'content-type': 'application/json' }, body });
    expect((await post(headers('whsec_other', timestamp))).status).toBe(400);
    const again = await post(headers(secret, timestamp));
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('duplicate');
    expect(events).toHaveLength(1);
  }, 60_000);
});
