/**
 * The events a lock or a PMS acts on, each from where it happens (decision 069): a self check-in
 * completed and confirmed, reservations created, changed and cancelled, and a report sent to
 * SES.HOSPEDAJES (the local test service), accepted or refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SesSubmission } from '@hospes/shared/ses';
import { WEBHOOK_EVENTS } from '@hospes/shared/webhooks';
import { testConfig } from '../../config/env';
import { webhookEvents } from '../../db/schema';
import { registerTraveler, sesReadyBody } from '../../../test/documents-helpers';
import { startSesTestApp, type SesTestApp } from '../../../test/ses-app';
import { travelerBody } from '../../../test/traveler-factories';
import {
  startTestReceiver,
  type ReceivedWebhook,
  type TestReceiver,
} from '../../../test/webhook-receiver';

let app: SesTestApp;
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await startTestReceiver();
  app = await startSesTestApp({
    webhooks: { ...testConfig().webhooks, allowHttp: true, dispatchSeconds: 1, retrySeconds: 1 },
  });
  const res = await app.call(
    'POST',
    `/api/establishments/${app.owner.establishmentId}/webhooks`,
    app.owner.token,
    { url: receiver.url, events: [...WEBHOOK_EVENTS] },
  );
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

interface Event {
  id: string;
  type: string;
  establishmentId: string;
  data: Record<string, unknown>;
}

/** The next event of `type` about `id` (its id anywhere in the body). */
async function eventOf(type: string, id: string): Promise<Event> {
  const match = (r: ReceivedWebhook) => r.body.includes(`"type":"${type}"`) && r.body.includes(id);
  const [got] = await receiver.waitFor(1, match);
  return JSON.parse(got!.body) as Event;
}

describe('webhook events', () => {
  it('tells a self check-in completed, then the traveler registered when confirmed', async () => {
    const { call, owner } = app;
    const link = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/checkin-link`,
      owner.token,
    );
    const token = link.json<{ data: { token: string } }>().data.token;
    const body = travelerBody(null, {
      firstName: 'Astrid',
      lastName: 'Lindgren',
      entryDate: undefined,
      checkOutDate: undefined,
    });
    const res = await call('POST', `/api/public/checkin/${token}`, undefined, body);
    expect(res.statusCode, res.body).toBe(201);
    const completed = await eventOf('checkin.completed', 'Astrid');
    expect(completed.establishmentId).toBe(owner.establishmentId);
    expect(completed.data).toMatchObject({
      firstName: 'Astrid',
      lastName: 'Lindgren',
      reservation: null,
    });
    expect(JSON.stringify(completed)).not.toContain(body.passportNumber as string);
    const travelerId = completed.data.travelerId as string;
    const confirmed = await call('POST', `/api/pilgrims/${travelerId}/confirm`, owner.token, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const registered = await eventOf('traveler.registered', travelerId);
    expect(registered.data).toMatchObject({ id: travelerId, selfCheckin: 'confirmed' });
    const removed = await call('DELETE', `/api/pilgrims/${travelerId}`, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await eventOf('traveler.deleted', travelerId)).data).toEqual({ id: travelerId });
  });

  it('tells reservations created, changed and cancelled, without the holder’s contact', async () => {
    const { call, owner } = app;
    const created = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/reservations`,
      owner.token,
      {
        holderName: 'Pippi Långstrump',
        holderEmail: 'pippi@example.se',
        arrival: '2026-07-01',
        departure: '2026-07-04',
        guests: 2,
        unit: 'Villa Villekulla',
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    const first = await eventOf('reservation.created', id);
    expect(first.data).toMatchObject({
      id,
      holderName: 'Pippi Långstrump',
      arrival: '2026-07-01',
      departure: '2026-07-04',
      guests: 2,
      unit: 'Villa Villekulla',
      status: 'confirmed',
    });
    expect(JSON.stringify(first)).not.toContain('pippi@example.se');
    const moved = await call('PUT', `/api/reservations/${id}`, owner.token, {
      departure: '2026-07-05',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await eventOf('reservation.changed', id)).data).toMatchObject({
      departure: '2026-07-05',
    });
    const cancelled = await call('PUT', `/api/reservations/${id}`, owner.token, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await eventOf('reservation.cancelled', id)).data).toMatchObject({
      status: 'cancelled',
    });
  });

  it('tells a report sent, then accepted with each traveler’s outcome, or refused', async () => {
    const { call, owner, service } = app;
    const connected = await call(
      'PUT',
      `/api/establishments/${owner.establishmentId}/ses-connection`,
      owner.token,
      {
        user: service.user,
        password: service.password,
        environment: 'test',
      },
    );
    expect(connected.statusCode, connected.body).toBe(200);
    const stay = (date: string, next: string) =>
      sesReadyBody(owner.establishmentId, {
        entryDate: date,
        checkOutDate: next,
        stay: {
          entryDateTime: `${date}T18:00:00`,
          exitDateTime: `${next}T08:00:00`,
          paymentType: 'EFECT',
        },
      });
    const anna = await registerTraveler(app.ctx, owner.token, stay('2026-05-01', '2026-05-02'));
    const res = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/ses-submissions`,
      owner.token,
      {
        kind: 'PV',
        pilgrimIds: [anna.id],
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const submission = res.json<{ data: SesSubmission }>().data;
    const sent = await eventOf('report.sent', submission.id);
    expect(sent.data).toMatchObject({
      id: submission.id,
      authority: 'ses',
      kind: 'PV',
      operation: 'report',
    });
    for (let i = 0; i < 5; i++) {
      const check = await call('POST', `/api/ses-submissions/${submission.id}/check`, owner.token);
      if (check.json<{ data: SesSubmission }>().data.state !== 'queued') break;
      await new Promise((r) => setTimeout(r, 3100));
    }
    const accepted = await eventOf('report.accepted', submission.id);
    expect(accepted.data).toMatchObject({
      id: submission.id,
      state: 'processed',
      travelers: [{ id: anna.id, accepted: true }],
    });
    expect(JSON.stringify(accepted)).not.toContain(anna.passportNumber ?? 'none');

    const bruno = await registerTraveler(app.ctx, owner.token, stay('2026-05-03', '2026-05-04'));
    service.refuseNext(10107, 'Usuario incorrecto');
    const refused = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/ses-submissions`,
      owner.token,
      {
        kind: 'PV',
        pilgrimIds: [bruno.id],
      },
    );
    expect(refused.statusCode, refused.body).toBe(201);
    const refusedId = refused.json<{ data: SesSubmission }>().data.id;
    const event = await eventOf('report.refused', refusedId);
    expect(event.data).toMatchObject({
      state: 'refused',
      travelers: [{ id: bruno.id, accepted: null }],
    });
    // The other establishment registered nothing: none of its travelers reached this receiver.
    expect(receiver.received.every((r) => !r.body.includes(app.other.establishmentId))).toBe(true);
    // Each event was written once, for the owner's establishment only.
    const written = await app.ctx.database.db
      .select({ type: webhookEvents.type, establishmentId: webhookEvents.establishmentId })
      .from(webhookEvents)
      .where(eq(webhookEvents.establishmentId, app.other.establishmentId));
    expect(written).toEqual([]);
    const ours = await app.ctx.database.db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(eq(webhookEvents.establishmentId, owner.establishmentId));
    expect(ours.filter((e) => e.type === 'report.accepted')).toHaveLength(1);
  }, 60_000);
});
