/**
 * An endpoint that has failed for WEBHOOKS_PAUSE_HOURS without a success is paused, however few
 * its failed deliveries (the app's clock moved by the test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '@hospes/shared/webhooks';
import { testConfig } from '../../config/env';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { travelerBody } from '../../../test/traveler-factories';
import { startTestReceiver, type TestReceiver } from '../../../test/webhook-receiver';

let ctx: TestContext;
let receiver: TestReceiver;
let shift = 0;

beforeAll(async () => {
  receiver = await startTestReceiver();
  ctx = await createTestContext(
    {
      webhooks: {
        ...testConfig().webhooks,
        allowHttp: true,
        attempts: 1,
        pauseFailures: 100,
        pauseHours: 72,
        dispatchSeconds: 1,
      },
    },
    { now: () => new Date(Date.now() + shift) },
  );
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});

describe('pausing after hours of failures', () => {
  it('pauses an endpoint failing for 72 hours and e-mails its owner', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url,
        headers: bearer(owner.token),
        ...(payload ? { payload } : {}),
      });
    const created = await call('POST', `/api/establishments/${owner.establishmentId}/webhooks`, {
      url: receiver.url,
      events: ['traveler.registered'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const state = async () =>
      (await call('GET', `/api/establishments/${owner.establishmentId}/webhooks`)).json<{
        data: WebhookEndpoint[];
      }>().data[0]!;
    receiver.answer(500);

    const register = async () =>
      expect(
        (await call('POST', '/api/pilgrims', travelerBody(owner.establishmentId))).statusCode,
      ).toBe(201);
    await register();
    await receiver.waitFor(1);
    const deadline = Date.now() + 20_000;
    while ((await state()).failuresInARow < 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await state()).toMatchObject({ state: 'active', failuresInARow: 1 });

    // 73 hours later, a second failure: failing for longer than WEBHOOKS_PAUSE_HOURS.
    shift = 73 * 3_600_000;
    await register();
    const mail = await ctx.smtp.waitFor(owner.email, { subject: /webhook/i, timeoutMs: 30_000 });
    expect(mail.text).toContain(receiver.url);
    expect(await state()).toMatchObject({
      state: 'paused',
      pausedReason: 'failures',
      failuresInARow: 2,
    });
  }, 60_000);
});
