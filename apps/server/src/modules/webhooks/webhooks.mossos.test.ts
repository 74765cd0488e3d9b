/**
 * The report of a Catalan establishment as an event (decisions 057 and 069): the Mossos
 * d'Esquadra's file is uploaded by the owner on their portal, so `report.sent` is told when the
 * owner confirms the upload, with the file's name as its reference and no traveler's outcome.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config/env';
import { webhookEvents } from '../../db/schema';
import { moveToGirona, registerTraveler, sesReadyBody } from '../../../test/documents-helpers';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { startTestReceiver, type TestReceiver } from '../../../test/webhook-receiver';

let ctx: TestContext;
let receiver: TestReceiver;
let girona: Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  receiver = await startTestReceiver();
  ctx = await createTestContext({
    webhooks: { ...testConfig().webhooks, allowHttp: true, dispatchSeconds: 1, retrySeconds: 1 },
  });
  girona = await registerVerifiedOwner(ctx);
  await moveToGirona(ctx, girona.establishmentId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/establishments/${girona.establishmentId}/webhooks`,
    headers: bearer(girona.token),
    payload: { url: receiver.url, events: ['report.sent'] },
  });
  expect(res.statusCode, res.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});

describe("a Mossos d'Esquadra file as an event", () => {
  it('tells report.sent once the owner confirms the upload, not when the file is made', async () => {
    const e = girona.establishmentId;
    const nuria = await registerTraveler(
      ctx,
      girona.token,
      sesReadyBody(e, { firstName: 'Núria', lastName: 'Puig' }),
    );
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/establishments/${e}/mossos-file?lng=en`,
      headers: bearer(girona.token),
      payload: { from: '2026-03-01', to: '2026-03-01' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const uploadId = made.headers['x-upload-id'] as string;
    const written = () =>
      ctx.database.db
        .select({ type: webhookEvents.type })
        .from(webhookEvents)
        .where(eq(webhookEvents.establishmentId, e));
    // A file made is not a report sent: it may never go up.
    expect(await written()).toEqual([]);

    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/establishments/${e}/authority-uploads/${uploadId}/uploaded?lng=en`,
      headers: bearer(girona.token),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [got] = await receiver.waitFor(1, (r) => r.body.includes(uploadId));
    const event = JSON.parse(got!.body) as {
      type: string;
      establishmentId: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe('report.sent');
    expect(event.establishmentId).toBe(e);
    expect(event.data).toMatchObject({
      id: uploadId,
      authority: 'mossos',
      kind: 'PV',
      operation: 'report',
      state: 'uploaded',
      reference: expect.stringMatching(/^17079AAR02/i) as unknown,
      travelers: [{ id: nuria.id, accepted: null }],
    });
    expect(Date.parse(event.data.uploadedAt as string)).not.toBeNaN();
    // Nothing of the traveler beyond the id: no name, no document.
    expect(got!.body).not.toContain('Puig');
    expect(got!.body).not.toContain(nuria.passportNumber ?? 'none');
    expect(await written()).toEqual([{ type: 'report.sent' }]);
  }, 60_000);
});
