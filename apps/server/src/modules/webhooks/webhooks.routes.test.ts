import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@hospes/shared/webhooks';
import { testConfig } from '../../config/env';
import { pilgrims, webhookEvents } from '../../db/schema';
import { createAuditRepository } from '../audit/audit.repository';
import { createTravelersRepository } from '../travelers/travelers.repository';
import { createTravelersService } from '../travelers/travelers.service';
import { createAesGcmCipher, loadEncryptionKey } from '../../lib/storage/document-cipher';
import { createWebhookOutbox } from './outbox';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { travelerBody } from '../../../test/traveler-factories';
import { startTestReceiver, type TestReceiver } from '../../../test/webhook-receiver';

const settings = {
  ...testConfig().webhooks,
  allowHttp: true,
  attempts: 2,
  retrySeconds: 1,
  pauseFailures: 2,
  dispatchSeconds: 1,
  timeoutMs: 3000,
};

let ctx: TestContext;
let receiver: TestReceiver;

beforeAll(async () => {
  ctx = await createTestContext({ webhooks: settings });
  receiver = await startTestReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});
afterEach(() => receiver.answer(200));

type Owner = Awaited<ReturnType<typeof registerVerifiedOwner>>;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) {
  return ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function register(owner: Owner, url: string, events: string[]) {
  const res = await call(
    'POST',
    `/api/establishments/${owner.establishmentId}/webhooks`,
    owner.token,
    {
      url,
      events,
      description: 'Door lock',
    },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { endpoint: WebhookEndpoint; secret: string } }>().data;
}

async function registerTraveler(owner: Owner, overrides: Record<string, unknown> = {}) {
  const res = await call(
    'POST',
    '/api/pilgrims',
    owner.token,
    travelerBody(owner.establishmentId, overrides),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data;
}

async function deliveriesOf(owner: Owner, endpointId: string) {
  const res = await call('GET', `/api/webhooks/${endpointId}/deliveries`, owner.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: WebhookDelivery[] }>().data;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const sign = (secret: string, timestamp: string, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

describe('webhooks', () => {
  it('delivers a signed traveler.registered with the fields a lock needs and no document', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const { endpoint, secret } = await register(owner, `${receiver.url}/signed`, [
      'traveler.registered',
      'traveler.changed',
    ]);
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint.secretHint).toBe(secret.slice(-4));
    expect(endpoint.events).toEqual(['traveler.registered', 'traveler.changed']);
    // The list never shows the secret again.
    const list = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/webhooks`,
      owner.token,
    );
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);

    const body = travelerBody(owner.establishmentId, { firstName: 'Ingrid' });
    const traveler = await registerTraveler(owner, body);
    const [got] = await receiver.waitFor(1, (r) => r.body.includes(traveler.id));
    const timestamp = String(got!.headers['hospes-webhook-timestamp']);
    expect(got!.headers['hospes-webhook-signature']).toBe(sign(secret, timestamp, got!.body));
    expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
    expect(got!.headers['content-type']).toBe('application/json');
    const event = JSON.parse(got!.body) as {
      id: string;
      type: string;
      establishmentId: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe('traveler.registered');
    expect(event.establishmentId).toBe(owner.establishmentId);
    expect(event.data).toMatchObject({
      id: traveler.id,
      firstName: 'Ingrid',
      lastName: 'Müller',
      entryDate: body.entryDate,
      checkOutDate: body.checkOutDate,
    });
    // No document number, birth date, contact or image.
    expect(got!.body).not.toContain(body.passportNumber as string);
    expect(got!.body).not.toContain('1980-05-17');
    expect(got!.body).not.toContain('hans.mueller@example.de');
    expect(got!.body).not.toContain('data:image');

    const [delivery] = await until(
      () => deliveriesOf(owner, endpoint.id),
      (d) => d[0]?.state === 'delivered',
    );
    expect(delivery!.id).toBe(got!.headers['hospes-webhook-id']);
    expect(delivery!.eventType).toBe('traveler.registered');
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 200, responseExcerpt: 'ok', error: null }),
    ]);

    // A change is traveler.changed; an event the endpoint did not ask for is not sent.
    const changed = await call('PUT', `/api/pilgrims/${traveler.id}`, owner.token, {
      checkOutDate: '2026-03-04',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [update] = await receiver.waitFor(
      1,
      (r) => r.body.includes(traveler.id) && r.body.includes('"traveler.changed"'),
    );
    expect(JSON.parse(update!.body).data.checkOutDate).toBe('2026-03-04');
    const removed = await call('DELETE', `/api/pilgrims/${traveler.id}`, owner.token);
    expect(removed.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.received.filter((r) => r.body.includes('"traveler.deleted"'))).toHaveLength(0);
  });

  it('retries a failing receiver, pauses the endpoint, e-mails the owner; resume and replay', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const path = `${receiver.url}/failing`;
    const { endpoint, secret } = await register(owner, path, ['traveler.registered']);
    receiver.answer(500);
    const a = await registerTraveler(owner);
    const b = await registerTraveler(owner);
    const mail = await ctx.smtp.waitFor(owner.email, { subject: /webhook/i, timeoutMs: 45_000 });
    expect(mail.text).toContain(path);
    expect(mail.text).toContain('http://hospes.test/webhooks');

    // Two deliveries, two attempts each (WEBHOOKS_ATTEMPTS=2), each attempt with the same id.
    const fromFailing = receiver.received.filter((r) => r.body.includes(owner.establishmentId));
    expect(fromFailing).toHaveLength(4);
    for (const id of [a.id, b.id]) {
      const tries = fromFailing.filter((r) => r.body.includes(id));
      expect(tries).toHaveLength(2);
      expect(tries[0]!.headers['hospes-webhook-id']).toBe(tries[1]!.headers['hospes-webhook-id']);
      expect(tries[0]!.body).toBe(tries[1]!.body);
    }
    const listed = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/webhooks`,
      owner.token,
    );
    const paused = listed.json<{ data: WebhookEndpoint[] }>().data[0]!;
    expect(paused).toMatchObject({ state: 'paused', pausedReason: 'failures', failuresInARow: 2 });
    const deliveries = await deliveriesOf(owner, endpoint.id);
    expect(deliveries.map((d) => d.state)).toEqual(['failed', 'failed']);
    expect(deliveries[0]!.attempts).toHaveLength(2);
    expect(deliveries[0]!.attempts[0]).toMatchObject({
      statusCode: 500,
      responseExcerpt: 'Internal error: database down',
    });
    expect(deliveries[0]!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);

    // Paused: a new traveler is no event for it.
    await registerTraveler(owner);
    expect(await deliveriesOf(owner, endpoint.id)).toHaveLength(2);

    // Resumed, and the first failed delivery replayed: the same id and body, signed again.
    receiver.answer(200);
    const resumed = await call('POST', `/api/webhooks/${endpoint.id}/resume`, owner.token);
    expect(resumed.json<{ data: WebhookEndpoint }>().data).toMatchObject({
      state: 'active',
      failuresInARow: 0,
      pausedReason: null,
    });
    const failed = deliveries.find((d) =>
      fromFailing.some((r) => r.body.includes(a.id) && r.headers['hospes-webhook-id'] === d.id),
    )!;
    const before = receiver.received.length;
    const replay = await call('POST', `/api/webhook-deliveries/${failed.id}/replay`, owner.token);
    expect(replay.statusCode, replay.body).toBe(202);
    const [again] = await receiver.waitFor(
      1,
      (r) => receiver.received.indexOf(r) >= before && r.headers['hospes-webhook-id'] === failed.id,
    );
    expect(again!.body).toBe(fromFailing.find((r) => r.body.includes(a.id))!.body);
    const timestamp = String(again!.headers['hospes-webhook-timestamp']);
    expect(again!.headers['hospes-webhook-signature']).toBe(sign(secret, timestamp, again!.body));
    const after = await until(
      () => deliveriesOf(owner, endpoint.id),
      (d) => d.find((x) => x.id === failed.id)?.state === 'delivered',
    );
    expect(after.find((x) => x.id === failed.id)!.attempts[0]).toMatchObject({ statusCode: 200 });
  }, 90_000);

  it('sends a test event, rotates the secret, edits, pauses and deletes', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const { endpoint, secret } = await register(owner, `${receiver.url}/test`, ['report.accepted']);
    const rotated = await call('POST', `/api/webhooks/${endpoint.id}/secret`, owner.token);
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json<{ data: { secret: string } }>().data.secret;
    expect(newSecret).not.toBe(secret);
    const test = await call('POST', `/api/webhooks/${endpoint.id}/test`, owner.token);
    expect(test.statusCode, test.body).toBe(202);
    const delivery = test.json<{ data: WebhookDelivery }>().data;
    const [got] = await receiver.waitFor(1, (r) => r.headers['hospes-webhook-id'] === delivery.id);
    expect(JSON.parse(got!.body)).toMatchObject({
      type: 'webhook.test',
      data: { webhookId: endpoint.id },
    });
    const timestamp = String(got!.headers['hospes-webhook-timestamp']);
    expect(got!.headers['hospes-webhook-signature']).toBe(sign(newSecret, timestamp, got!.body));

    const edited = await call('PATCH', `/api/webhooks/${endpoint.id}`, owner.token, {
      events: ['checkin.completed', 'report.refused'],
      description: 'PMS',
    });
    expect(edited.json<{ data: WebhookEndpoint }>().data).toMatchObject({
      events: ['checkin.completed', 'report.refused'],
      description: 'PMS',
    });
    const paused = await call('POST', `/api/webhooks/${endpoint.id}/pause`, owner.token);
    expect(paused.json<{ data: WebhookEndpoint }>().data).toMatchObject({
      state: 'paused',
      pausedReason: 'owner',
    });
    const bad = await call('PATCH', `/api/webhooks/${endpoint.id}`, owner.token, { events: [] });
    expect(bad.statusCode).toBe(400);
    const gone = await call('DELETE', `/api/webhooks/${endpoint.id}`, owner.token);
    expect(gone.statusCode).toBe(200);
    expect(
      (await call('GET', `/api/webhooks/${endpoint.id}/deliveries`, owner.token)).statusCode,
    ).toBe(404);
  }, 60_000);

  it('keeps one establishment’s endpoints and deliveries from another’s owner (404)', async () => {
    const a = await registerVerifiedOwner(ctx);
    const b = await registerVerifiedOwner(ctx);
    const { endpoint } = await register(a, `${receiver.url}/tenant`, ['traveler.registered']);
    const test = await call('POST', `/api/webhooks/${endpoint.id}/test`, a.token);
    const delivery = test.json<{ data: WebhookDelivery }>().data;
    const tries = [
      call('GET', `/api/establishments/${a.establishmentId}/webhooks`, b.token),
      call('POST', `/api/establishments/${a.establishmentId}/webhooks`, b.token, {
        url: `${receiver.url}/x`,
        events: ['traveler.registered'],
      }),
      call('GET', `/api/webhooks/${endpoint.id}/deliveries`, b.token),
      call('PATCH', `/api/webhooks/${endpoint.id}`, b.token, { description: 'mine' }),
      call('POST', `/api/webhooks/${endpoint.id}/secret`, b.token),
      call('POST', `/api/webhooks/${endpoint.id}/pause`, b.token),
      call('POST', `/api/webhooks/${endpoint.id}/test`, b.token),
      call('DELETE', `/api/webhooks/${endpoint.id}`, b.token),
      call('POST', `/api/webhook-deliveries/${delivery.id}/replay`, b.token),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
    // Nothing changed.
    const mine = await call('GET', `/api/establishments/${a.establishmentId}/webhooks`, a.token);
    expect(mine.json<{ data: WebhookEndpoint[] }>().data).toEqual([
      expect.objectContaining({ id: endpoint.id, description: 'Door lock', state: 'active' }),
    ]);
    // B's own list is empty.
    const theirs = await call('GET', `/api/establishments/${b.establishmentId}/webhooks`, b.token);
    expect(theirs.json<{ data: WebhookEndpoint[] }>().data).toEqual([]);
  });

  it('writes no event for a change that is rolled back', async () => {
    const owner = await registerVerifiedOwner(ctx);
    await register(owner, `${receiver.url}/rollback`, ['traveler.registered']);
    const { db } = ctx.database;
    const outbox = createWebhookOutbox();
    // The outbox runs in the registration's transaction; a failure after it rolls both back.
    const service = createTravelersService({
      db,
      pilgrims: createTravelersRepository(db, ctx.database.kind),
      audit: createAuditRepository(db, {
        onRecord: async (entries, tx) => {
          await outbox.fromAudit(entries, tx);
          const [written] = await tx
            .select({ id: webhookEvents.id })
            .from(webhookEvents)
            .where(eq(webhookEvents.establishmentId, owner.establishmentId));
          expect(written).toBeDefined();
          throw new Error('the change fails after its event was written');
        },
      }),
      cipher: createAesGcmCipher(await loadEncryptionKey(ctx.config)),
    });
    const body = travelerBody(owner.establishmentId, { firstName: 'Rolled' });
    await expect(
      service.create({ id: owner.userId, role: 'user' } as never, body as never, {
        actorId: owner.userId,
        requestId: null,
        ip: null,
      }),
    ).rejects.toThrow('the change fails');
    expect(await db.select().from(pilgrims).where(eq(pilgrims.firstName, 'Rolled'))).toEqual([]);
    expect(
      await db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.establishmentId, owner.establishmentId)),
    ).toEqual([]);
    // The same registration through the app is delivered, and nothing of the rolled-back one.
    await registerTraveler(owner, { firstName: 'Committed' });
    await receiver.waitFor(1, (r) => r.body.includes('Committed'));
    expect(receiver.received.some((r) => r.body.includes('Rolled'))).toBe(false);
  });
});

describe('webhook addresses without WEBHOOKS_ALLOW_HTTP', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext({ webhooks: { ...settings, allowHttp: false } });
  });
  afterAll(async () => strict?.close());

  it('refuses http, loopback, private and link-local addresses, names included', async () => {
    const owner = await registerVerifiedOwner(strict);
    for (const url of [
      receiver.url,
      'http://example.com/hooks',
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://10.1.2.3/hooks',
      'https://192.168.1.10/hooks',
      'https://172.16.0.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://[fd00::1]/hooks',
      'https://[::ffff:10.0.0.1]/hooks',
      'https://user:pass@example.com/hooks',
    ]) {
      const res = await strict.app.inject({
        method: 'POST',
        url: `/api/establishments/${owner.establishmentId}/webhooks`,
        headers: bearer(owner.token),
        payload: { url, events: ['traveler.registered'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'WEBHOOK_URL_REFUSED' });
    }
    const list = await strict.app.inject({
      method: 'GET',
      url: `/api/establishments/${owner.establishmentId}/webhooks`,
      headers: bearer(owner.token),
    });
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
  });
});
