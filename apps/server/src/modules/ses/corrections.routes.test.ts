/**
 * Cancelling and correcting what was sent to SES.HOSPEDAJES (decision 045) through the API,
 * against the local service of the tests (test/ses-service.ts): a cancellation by code, a
 * correction (cancel + new alta, kept together), a reported traveler's deletion, tenancy.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SesSubmission, SesTravelerCommunication } from '@hospes/shared/ses';
import { pilgrims } from '../../db/schema';
import { registerTraveler, sesReadyBody } from '../../../test/documents-helpers';
import { startSesTestApp, type SesTestApp } from '../../../test/ses-app';

let app: SesTestApp;
let service: SesTestApp['service'];
let ctx: SesTestApp['ctx'];
let owner: SesTestApp['owner'];
let other: SesTestApp['other'];

beforeAll(async () => {
  app = await startSesTestApp();
  ({ service, ctx, owner, other } = app);
  for (const [e, token] of [
    [owner.establishmentId, owner.token],
    [other.establishmentId, other.token],
  ] as const) {
    const res = await call('PUT', `/api/establishments/${e}/ses-connection`, token, {
      user: service.user,
      password: service.password,
      environment: 'test',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await app?.close();
});

const call = (...args: Parameters<SesTestApp['call']>) => app.call(...args);

/** Asks about a request once: the local service processes a lote at once. */
async function processed(id: string, token = owner.token): Promise<SesSubmission> {
  const res = await call('POST', `/api/ses-submissions/${id}/check`, token);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json<{ data: SesSubmission }>().data;
  expect(data.state, JSON.stringify(data)).toBe('processed');
  return data;
}

const communications = async (pilgrimId: string, token = owner.token) => {
  const res = await call('GET', `/api/pilgrims/${pilgrimId}/ses-communications`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SesTravelerCommunication[] }>().data;
};

let day = 0;
/** A traveler of a stay of their own, sent and stored: their communication's code. */
async function reported(establishmentId = owner.establishmentId, token = owner.token) {
  day += 1;
  const date = `2026-05-${String(day).padStart(2, '0')}`;
  const next = `2026-05-${String(day + 1).padStart(2, '0')}`;
  const traveler = await registerTraveler(
    ctx,
    token,
    sesReadyBody(establishmentId, {
      entryDate: date,
      checkOutDate: next,
      stay: {
        entryDateTime: `${date}T18:00:00`,
        exitDateTime: `${next}T08:00:00`,
        paymentType: 'EFECT',
      },
    }),
  );
  const sent = await call(
    'POST',
    `/api/establishments/${establishmentId}/ses-submissions?lng=en`,
    token,
    { kind: 'PV', pilgrimIds: [traveler.id] },
  );
  expect(sent.statusCode, sent.body).toBe(201);
  const done = await processed(sent.json<{ data: SesSubmission }>().data.id, token);
  const code = done.travelers![0]!.communicationCode!;
  expect(code).toBeTruthy();
  return { traveler, code };
}

const cancel = (code: string, establishmentId = owner.establishmentId, token = owner.token) =>
  call('POST', `/api/establishments/${establishmentId}/ses/communications/${code}/cancel`, token);

describe('cancelling a stored communication', () => {
  it('sends operation B with the code, records it before it leaves, and the lote cancels it', async () => {
    const { traveler, code } = await reported();
    const res = await cancel(code);
    expect(res.statusCode, res.body).toBe(201);
    const cancellation = res.json<{ data: SesSubmission }>().data;
    expect(cancellation).toMatchObject({ operation: 'B', state: 'queued', kind: 'PV' });
    const request = service.requests.at(-1)!;
    expect(request.body).toContain('<tipoOperacion>B</tipoOperacion>');
    expect(request.xml).toContain(`<anul:codigoComunicacion>${code}</anul:codigoComunicacion>`);

    const done = await processed(cancellation.id);
    expect(done.travelers).toEqual([
      expect.objectContaining({
        pilgrimId: traveler.id,
        outcome: 'cancelled',
        communicationCode: code,
      }),
    ]);
    // The traveler's record: the cancellation, and the alta it cancelled.
    const list = await communications(traveler.id);
    expect(list[0]).toMatchObject({
      operation: 'B',
      outcome: 'cancelled',
      communicationCode: code,
    });
    expect(list[1]).toMatchObject({ operation: 'A', outcome: 'stored', cancellation: 'done' });
    // The Ministry says so too (consultaComunicacion).
    const held = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/ses/communications/${code}`,
      owner.token,
    );
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data).toMatchObject({ code, cancelled: true, persons: 1 });
    // And the history tells who asked.
    const history = await call('GET', `/api/pilgrims/${traveler.id}/history`, owner.token);
    expect(history.json().data[0]).toMatchObject({
      action: 'pilgrim.ses_cancelled',
      by: 'staff',
      ses: { communicationCode: code, kind: 'PV', reason: 'cancel' },
    });

    // Cancelled once: not again; and the traveler may be reported again.
    const again = await cancel(code);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SES_ALREADY_CANCELLED');
    const resent = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/ses-submissions?lng=en`,
      owner.token,
      { kind: 'PV', pilgrimIds: [traveler.id] },
    );
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json().data.state).toBe('queued');
  });

  it('answers 404 for another tenant’s code or an unknown one, and sends nothing', async () => {
    const { code } = await reported(other.establishmentId, other.token);
    const before = service.requests.length;
    for (const res of [
      await cancel(code),
      await cancel(code, other.establishmentId, owner.token),
      await cancel('44444444-4444-4444-4444-444444444441'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toMatch(/^(SES_COMMUNICATION_NOT_FOUND|ESTABLISHMENT_NOT_FOUND)$/);
    }
    const tooLong = await cancel('x'.repeat(37));
    expect(tooLong.statusCode).toBe(400);
    expect(service.requests.length).toBe(before);
  });

  it('keeps the code stored when the service refuses the cancellation', async () => {
    const { traveler, code } = await reported();
    service.refuseNext(10121, 'Error de validación');
    const res = await cancel(code);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      operation: 'B',
      state: 'refused',
      responseCode: 10121,
    });
    const list = await communications(traveler.id);
    expect(list.find((c) => c.operation === 'A')).toMatchObject({
      outcome: 'stored',
      cancellation: null,
    });
    // So it may be asked again.
    expect((await cancel(code)).statusCode).toBe(201);
  });
  it('counts the code as stored again when the cancellation’s lote ends in errors', async () => {
    const { traveler, code } = await reported();
    service.endNextIn(2);
    const res = await cancel(code);
    expect(res.statusCode, res.body).toBe(201);
    const cancellation = res.json<{ data: SesSubmission }>().data;
    // While it is on its way, no second one.
    expect((await cancel(code)).json().code).toBe('SES_CANCELLATION_PENDING');
    const check = await call('POST', `/api/ses-submissions/${cancellation.id}/check`, owner.token);
    expect(check.json().data).toMatchObject({ state: 'refused', loteState: 2 });
    const list = await communications(traveler.id);
    expect(list[0]).toMatchObject({ operation: 'B', outcome: 'rejected' });
    expect(list[1]).toMatchObject({ operation: 'A', outcome: 'stored', cancellation: null });
    // Still held: a send leaves the traveler out, and it may be cancelled again.
    const resent = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/ses-submissions?lng=en`,
      owner.token,
      { kind: 'PV', pilgrimIds: [traveler.id] },
    );
    expect(resent.json().code).toBe('SES_ALREADY_SENT');
    expect((await cancel(code)).statusCode).toBe(201);
  });
});

describe('correcting a stored communication', () => {
  it('cancels it, and sends the stay again only once the Ministry has processed the cancellation', async () => {
    const { traveler, code } = await reported();
    const edit = await call('PUT', `/api/pilgrims/${traveler.id}`, owner.token, {
      firstName: 'José Manuel',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = service.requests.length;
    const res = await call('POST', `/api/pilgrims/${traveler.id}/ses/correct?lng=en`, owner.token, {
      kind: 'PV',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { correctionId, cancellation, alta, state } = res.json().data;
    expect(cancellation).toMatchObject({ operation: 'B', state: 'queued', correctionId });
    // Only the cancellation left: the new alta waits for its lote (decision 048).
    expect(alta).toBeNull();
    expect(state).toBe('waiting');
    expect(service.requests.slice(before).map((r) => r.body.includes('<tipoOperacion>B'))).toEqual([
      true,
    ]);
    // The record says it waits; meanwhile the stay is held: a send by hand leaves it out.
    expect((await communications(traveler.id))[0]).toMatchObject({
      operation: 'B',
      correctionId,
      outcome: 'pending',
      correctionState: 'waiting',
    });
    const byHand = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/ses-submissions?lng=en`,
      owner.token,
      { kind: 'PV', pilgrimIds: [traveler.id] },
    );
    expect(byHand.json().code).toBe('SES_ALREADY_SENT');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(service.requests.length).toBe(before + 1);

    // The Ministry processes the cancellation: the new alta goes (a job), with the record as it is.
    await processed(cancellation.id);
    const newAlta = await vi.waitFor(
      async () => {
        const found = (await communications(traveler.id)).find(
          (c) => c.operation !== 'B' && c.correctionId === correctionId,
        );
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 20_000, interval: 250 },
    );
    const altas = service.requests
      .slice(before)
      .filter((r) => r.body.includes('<tipoOperacion>A</tipoOperacion>'));
    expect(altas).toHaveLength(1);
    const second = altas[0];
    expect(second!.xml).toContain('<nombre>José Manuel</nombre>');
    const stored = await processed(newAlta.submissionId);
    const newCode = stored.travelers![0]!.communicationCode!;
    expect(newCode).not.toBe(code);
    const list = await communications(traveler.id);
    expect(list.slice(0, 3)).toEqual([
      expect.objectContaining({
        operation: 'A',
        correctionId,
        outcome: 'stored',
        communicationCode: newCode,
      }),
      expect.objectContaining({
        operation: 'B',
        correctionId,
        outcome: 'cancelled',
        communicationCode: code,
        correctionState: 'sent',
      }),
      expect.objectContaining({ operation: 'A', correctionId: null, cancellation: 'done' }),
    ]);
    const history = await call('GET', `/api/pilgrims/${traveler.id}/history`, owner.token);
    expect(history.json().data[0]).toMatchObject({
      action: 'pilgrim.ses_cancelled',
      ses: { communicationCode: code, reason: 'correct' },
    });
  });

  it('ends failed with the Ministry’s reason, and sends no new alta, when the cancellation’s lote has errors', async () => {
    const { traveler, code } = await reported();
    const before = service.requests.length;
    service.endNextIn(2);
    const res = await call('POST', `/api/pilgrims/${traveler.id}/ses/correct?lng=en`, owner.token, {
      kind: 'PV',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { cancellation, correctionId } = res.json().data;
    const check = await call('POST', `/api/ses-submissions/${cancellation.id}/check`, owner.token);
    expect(check.json().data).toMatchObject({ state: 'refused', loteState: 2 });
    const list = await communications(traveler.id);
    expect(list[0]).toMatchObject({
      operation: 'B',
      correctionId,
      outcome: 'rejected',
      correctionState: 'failed',
      correctionError: expect.stringMatching(/\S/),
    });
    // The old parte still stands, and nothing else was sent.
    expect(list[1]).toMatchObject({ operation: 'A', outcome: 'stored', communicationCode: code });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(
      service.requests.slice(before).filter((r) => r.body.includes('<tipoOperacion>A')),
    ).toEqual([]);
  });

  it('ends failed at once when the service refuses the cancellation', async () => {
    const { traveler } = await reported();
    service.refuseNext(10121, 'Error de validación');
    const res = await call('POST', `/api/pilgrims/${traveler.id}/ses/correct?lng=en`, owner.token, {
      kind: 'PV',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      alta: null,
      state: 'failed',
      error: 'Error de validación',
      cancellation: { state: 'refused' },
    });
    expect((await communications(traveler.id))[0]).toMatchObject({
      operation: 'B',
      correctionState: 'failed',
      correctionError: 'Error de validación',
    });
  });

  it('checks the new parte first: 422 and nothing sent when it cannot be reported', async () => {
    const { traveler } = await reported();
    await ctx.database.db
      .update(pilgrims)
      .set({ documentSupportNumber: null })
      .where(eq(pilgrims.id, traveler.id));
    const before = service.requests.length;
    const res = await call('POST', `/api/pilgrims/${traveler.id}/ses/correct?lng=en`, owner.token, {
      kind: 'PV',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('SES_PREFLIGHT_FAILED');
    expect(service.requests.length).toBe(before);
    expect((await communications(traveler.id))[0]).toMatchObject({
      operation: 'A',
      cancellation: null,
    });
  });

  it('has nothing to correct for a traveler never stored, nor for another tenant (404)', async () => {
    const { traveler } = await reported(other.establishmentId, other.token);
    const foreign = await call('POST', `/api/pilgrims/${traveler.id}/ses/correct`, owner.token, {
      kind: 'PV',
    });
    expect(foreign.statusCode).toBe(404);
    const fresh = await registerTraveler(ctx, owner.token, sesReadyBody(owner.establishmentId));
    const none = await call('POST', `/api/pilgrims/${fresh.id}/ses/correct`, owner.token, {
      kind: 'PV',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('SES_NOTHING_TO_CORRECT');
    const bad = await call('POST', `/api/pilgrims/${fresh.id}/ses/correct`, owner.token, {
      kind: 'XX',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deleting a reported traveler', () => {
  it('cancels their communication first, then deletes', async () => {
    const { traveler, code } = await reported();
    const before = service.requests.length;
    const res = await call('DELETE', `/api/pilgrims/${traveler.id}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const [request] = service.requests.slice(before);
    expect(request!.body).toContain('<tipoOperacion>B</tipoOperacion>');
    expect(request!.xml).toContain(code);
    const gone = await call('GET', `/api/pilgrims/${traveler.id}`, owner.token);
    expect(gone.statusCode).toBe(404);
  });

  it('deletes one cancelled on the portal meanwhile: the Ministry says it holds it cancelled', async () => {
    const { traveler, code } = await reported();
    service.cancelOnPortal(code);
    const res = await call('DELETE', `/api/pilgrims/${traveler.id}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const asked = service.requests.at(-1)!;
    expect(asked.operation).toBe('consultaComunicacionRequest');
    expect(asked.body).toContain(`<codigo>${code}</codigo>`);
  });

  it('says why not, and keeps the traveler, when the cancellation is refused', async () => {
    const { traveler, code } = await reported();
    service.refuseNext(10999, 'Error no controlado');
    const res = await call('DELETE', `/api/pilgrims/${traveler.id}?lng=en`, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SES_CANCEL_FAILED',
      details: [{ field: 'communicationCode', code, message: 'Error no controlado' }],
    });
    expect(res.json().message).toMatch(/SES/);
    const kept = await call('GET', `/api/pilgrims/${traveler.id}`, owner.token);
    expect(kept.statusCode).toBe(200);
    // The same through the bulk deletion.
    service.refuseNext(10999, 'Error no controlado');
    const bulk = await call('POST', '/api/pilgrims/bulk-delete', owner.token, {
      pilgrimIds: [traveler.id],
    });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().code).toBe('SES_CANCEL_FAILED');
  });
});
