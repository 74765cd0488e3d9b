/**
 * Sending to SES.HOSPEDAJES (decision 035) through the API, against a local service that speaks
 * the WSDL over HTTPS (test/ses-service.ts): the connection, sends, lotes, each traveler's outcome,
 * never reporting a traveler twice by accident, tenancy and bad input.
 *
 * One test file over 500 lines on purpose: the cases share one test app and its seeded tenants, set up
 * once per file (a PGlite restored from the snapshot); split, each file would set them up again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SesSubmission } from '@hospes/shared/ses';
import { auditLog, establishments, sesSubmissions } from '../../db/schema';
import {
  configureEstablishment,
  registerTraveler,
  sesReadyBody,
} from '../../../test/documents-helpers';
import { travelerBody } from '../../../test/traveler-factories';
import { startSesTestApp, type SesTestApp } from '../../../test/ses-app';
import { bearer, createTestContext, registerVerifiedOwner } from '../../../test/test-app';

let app: SesTestApp;
let service: SesTestApp['service'];
let ctx: SesTestApp['ctx'];
let owner: SesTestApp['owner'];
let other: SesTestApp['other'];

beforeAll(async () => {
  app = await startSesTestApp();
  ({ service, ctx, owner, other } = app);
});
afterAll(async () => {
  await app?.close();
});

const call = (...args: Parameters<SesTestApp['call']>) => app.call(...args);

const connect = (establishmentId: string, token: string, body: Record<string, unknown> = {}) =>
  call('PUT', `/api/establishments/${establishmentId}/ses-connection`, token, {
    user: service.user,
    password: service.password,
    environment: 'test',
    ...body,
  });

const send = (establishmentId: string, token: string, body: Record<string, unknown>) =>
  call('POST', `/api/establishments/${establishmentId}/ses-submissions?lng=en`, token, body);

const check = (id: string, token: string) =>
  call('POST', `/api/ses-submissions/${id}/check`, token);

/** Asks about the request until the service has processed it (the test service: at once). */
async function processed(id: string, token: string): Promise<SesSubmission> {
  for (let i = 0; i < 5; i++) {
    const res = await check(id, token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: SesSubmission }>().data;
    if (data.state !== 'queued') return data;
    await new Promise((resolve) => setTimeout(resolve, 3100));
  }
  throw new Error('never processed');
}

let day = 0;
/** A traveler of a stay of their own, arriving on a day of their own. */
async function traveler(establishmentId = owner.establishmentId, token = owner.token, extra = {}) {
  day += 1;
  const date = `2026-04-${String(day).padStart(2, '0')}`;
  const next = `2026-04-${String(day + 1).padStart(2, '0')}`;
  return registerTraveler(
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
      ...extra,
    }),
  );
}

describe('the web-service connection', () => {
  it('starts empty, needs a password, stores it sealed and never shows it', async () => {
    const before = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/ses-connection`,
      owner.token,
    );
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({
      user: null,
      passwordSet: false,
      environment: 'production',
      landlordCode: service.landlordCode,
    });

    const withoutPassword = await connect(owner.establishmentId, owner.token, {
      password: undefined,
    });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().code).toBe('SES_PASSWORD_REQUIRED');

    const saved = await connect(owner.establishmentId, owner.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      user: service.user,
      passwordSet: true,
      environment: 'test',
      landlordCode: service.landlordCode,
    });
    expect(saved.body).not.toContain(service.password);
    const [row] = await ctx.database.db
      .select({ password: establishments.sesPassword })
      .from(establishments)
      .where(eq(establishments.id, owner.establishmentId));
    expect(row!.password!.toString('latin1')).not.toContain('prueba');

    // The same user without a password keeps it; another user must give one.
    const kept = await connect(owner.establishmentId, owner.token, { password: undefined });
    expect(kept.json().data.passwordSet).toBe(true);
    const otherUser = await connect(owner.establishmentId, owner.token, {
      user: 'B99999999WS',
      password: undefined,
    });
    expect(otherUser.json().code).toBe('SES_PASSWORD_REQUIRED');
  });

  it('asks the service whether it takes the credentials', async () => {
    const ok = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/ses-connection/check`,
      owner.token,
    );
    expect(ok.json().data).toEqual({ outcome: 'ok', code: 0, text: 'Ok' });

    await connect(other.establishmentId, other.token, { password: 'wrong password' });
    const refused = await call(
      'POST',
      `/api/establishments/${other.establishmentId}/ses-connection/check`,
      other.token,
    );
    expect(refused.json().data).toMatchObject({ outcome: 'unauthorized', code: 401 });
  });

  it('is another tenant’s: 404 for every call, and 401 without a session', async () => {
    const base = `/api/establishments/${owner.establishmentId}`;
    for (const [method, url] of [
      ['GET', `${base}/ses-connection`],
      ['DELETE', `${base}/ses-connection`],
      ['POST', `${base}/ses-connection/check`],
      ['GET', `${base}/ses-submissions`],
    ] as const) {
      expect((await call(method, url, other.token)).statusCode).toBe(404);
      expect((await call(method, url)).statusCode).toBe(401);
    }
    expect((await connect(owner.establishmentId, other.token)).statusCode).toBe(404);
    expect((await send(owner.establishmentId, other.token, { kind: 'PV' })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    for (const body of [
      { user: 'with space' },
      { user: '' },
      { password: 'line\nbreak' },
      { environment: 'staging' },
      { user: 'x'.repeat(51) },
    ]) {
      const res = await connect(owner.establishmentId, owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const after = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/ses-connection`,
      owner.token,
    );
    expect(after.json().data.user).toBe(service.user);
    for (const body of [
      { kind: 'XX' },
      { kind: 'PV', pilgrimIds: [] },
      { kind: 'PV', from: '2026-05-02', to: '2026-05-01' },
    ]) {
      const res = await send(owner.establishmentId, owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('sending partes', () => {
  it('sends, keeps the lote, and records each traveler’s communication code', async () => {
    const anna = await traveler();
    const res = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [anna.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<{ data: SesSubmission }>().data;
    expect(sent).toMatchObject({
      kind: 'PV',
      environment: 'test',
      state: 'queued',
      responseCode: 0,
      communications: 1,
      skipped: 0,
      counts: { travelers: 1, pending: 1, stored: 0, rejected: 0 },
      checking: true,
    });
    expect(sent.lote).toBe([...service.lotes.keys()].at(-1));
    // What arrived is the parte of that traveler, valid against the XSD (the service checks it).
    const arrived = service.requests.at(-1)!;
    expect(arrived.xml).toContain(`<numeroDocumento>${anna.passportNumber}</numeroDocumento>`);
    expect(arrived.authorization).toBe(
      `Basic ${Buffer.from(`${service.user}:${service.password}`).toString('base64')}`,
    );

    const done = await processed(sent.id, owner.token);
    expect(done).toMatchObject({ state: 'processed', loteState: 1, checking: false });
    expect(done.travelers).toEqual([
      expect.objectContaining({ pilgrimId: anna.id, outcome: 'stored', order: 1, error: null }),
    ]);
    const code = done.travelers![0]!.communicationCode;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const history = await call('GET', `/api/pilgrims/${anna.id}/ses-communications`, owner.token);
    expect(history.json().data).toEqual([
      expect.objectContaining({
        submissionId: sent.id,
        outcome: 'stored',
        communicationCode: code,
      }),
    ]);
    expect(
      (await call('GET', `/api/pilgrims/${anna.id}/ses-communications`, other.token)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/ses-submissions/${sent.id}`, other.token)).statusCode).toBe(
      404,
    );
    expect((await check(sent.id, other.token)).statusCode).toBe(404);

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'establishment.ses_sent'));
    expect(entry).toMatchObject({ actorUserId: owner.userId, entityId: owner.establishmentId });
    expect(JSON.stringify(entry!.details)).not.toContain(anna.lastName);
  });

  it('never reports a traveler twice by accident: a day’s arrivals leave out those already sent', async () => {
    const first = await traveler();
    const firstSent = (
      await send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [first.id] })
    ).json().data;
    await processed(firstSent.id, owner.token);

    const again = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [first.id],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SES_ALREADY_SENT',
      details: [{ travelerId: first.id, code: 'ses.already.stored' }],
    });

    // A companion of the same day arrives later: the day's send takes only them.
    const second = await traveler(owner.establishmentId, owner.token, {
      entryDate: first.entryDate,
      checkOutDate: first.checkOutDate,
      stay: { ...first.stay, contractReference: null },
    });
    const requests = service.requests.length;
    const day = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      from: first.entryDate,
      to: first.entryDate,
    });
    expect(day.statusCode, day.body).toBe(201);
    expect(day.json().data).toMatchObject({ skipped: 1, counts: { travelers: 1 } });
    expect(service.requests.slice(requests).at(-1)!.xml).toContain(second.passportNumber);
    expect(service.requests.slice(requests).at(-1)!.xml).not.toContain(first.passportNumber);

    // One the Ministry stored is not sent again, even on purpose (`resend` is for the unanswered).
    const resent = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [first.id],
      resend: true,
    });
    expect(resent.statusCode).toBe(409);
  });

  it('tells which communication the service rejected, and lets it be sent again once fixed', async () => {
    const ok = await traveler();
    const bad = await traveler();
    service.rejectInNext({
      2: 'Error de validación en la comunicación [2]: [Documento incorrecto]',
    });
    const sent = (
      await send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [ok.id, bad.id] })
    ).json<{ data: SesSubmission }>().data;
    const done = await processed(sent.id, owner.token);
    expect(done).toMatchObject({
      state: 'processed',
      loteState: 6,
      counts: { stored: 1, rejected: 1 },
    });
    const rejected = done.travelers!.find((t) => t.outcome === 'rejected')!;
    expect(rejected.error).toContain('Documento incorrecto');
    // The rejected one goes again without `resend`; the stored one is left out.
    const again = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [ok.id, bad.id],
    });
    expect(again.json().data).toMatchObject({ skipped: 1, counts: { travelers: 1 } });
    expect(again.json().data.travelers[0].pilgrimId).toBe(rejected.pilgrimId);
  });

  it('records a request the service refused, whose travelers can be sent again', async () => {
    const p = await traveler();
    service.refuseNext(10120, 'El arrendador no tiene habilitado el servicio web');
    const res = await send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [p.id] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      state: 'refused',
      responseCode: 10120,
      responseText: 'El arrendador no tiene habilitado el servicio web',
      lote: null,
      checking: false,
      travelers: [{ pilgrimId: p.id, outcome: 'rejected' }],
    });
    const again = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [p.id],
    });
    expect(again.json().data.state).toBe('queued');
  });

  it('calls a request whose answer was lost uncertain, and does not send it again by itself', async () => {
    const p = await traveler();
    service.dropNext();
    const res = await send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [p.id] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      state: 'uncertain',
      failure: 'network',
      travelers: [{ outcome: 'unknown' }],
    });
    const again = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [p.id],
    });
    expect(again.json().code).toBe('SES_ALREADY_SENT');
  });

  it('sends nothing and records nothing when the pre-flight check finds problems', async () => {
    // A plain registration: no home address nor contract, which a parte needs.
    const p = await registerTraveler(
      ctx,
      owner.token,
      travelerBody(owner.establishmentId, { entryDate: '2026-05-05', checkOutDate: null }),
    );
    const requests = service.requests.length;
    const before = await countSubmissions();
    const res = await send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [p.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'SES_PREFLIGHT_FAILED' });
    expect(service.requests.length).toBe(requests);
    expect(await countSubmissions()).toBe(before);
  });

  it('without credentials, answers 409 SES_NOT_CONNECTED', async () => {
    const fresh = await registerVerifiedOwner(ctx);
    const p = await traveler(fresh.establishmentId, fresh.token);
    const res = await send(fresh.establishmentId, fresh.token, { kind: 'PV', pilgrimIds: [p.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SES_NOT_CONNECTED');
    const removed = await call(
      'DELETE',
      `/api/establishments/${fresh.establishmentId}/ses-connection`,
      fresh.token,
    );
    expect(removed.json().data).toMatchObject({ user: null, passwordSet: false });
  });

  it('sends a traveler sent to the test service again to production', async () => {
    const p = await traveler();
    const tried = (
      await send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [p.id] })
    ).json<{ data: SesSubmission }>().data;
    expect(tried.environment).toBe('test');
    await processed(tried.id, owner.token);
    await connect(owner.establishmentId, owner.token, { environment: 'production' });
    const real = await send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [p.id] });
    expect(real.statusCode, real.body).toBe(201);
    expect(real.json().data).toMatchObject({ environment: 'production', skipped: 0 });
    // Its lote is asked about at the service it went to: the test one, here as production.
    await processed(real.json().data.id, owner.token);
    await connect(owner.establishmentId, owner.token, { environment: 'test' });
  });

  it('sends a traveler once when two desks send at the same moment', async () => {
    const p = await traveler();
    const answers = await Promise.all([
      send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [p.id] }),
      send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [p.id] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(refused).toMatchObject({
      code: 'SES_ALREADY_SENT',
      details: [{ travelerId: p.id, code: 'ses.already.pending' }],
    });
  });

  it('refuses a lote in state 2, keeps the codes of a state 3 that stored some', async () => {
    const a = await traveler();
    service.endNextIn(2);
    const refused = (
      await send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [a.id] })
    ).json<{ data: SesSubmission }>().data;
    expect(await processed(refused.id, owner.token)).toMatchObject({
      state: 'refused',
      loteState: 2,
      responseCode: null,
      travelers: [{ outcome: 'rejected' }],
    });
    service.endNextIn(3, { results: true });
    const partly = (
      await send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [a.id] })
    ).json<{ data: SesSubmission }>().data;
    expect(await processed(partly.id, owner.token)).toMatchObject({
      state: 'processed',
      loteState: 3,
      travelers: [{ outcome: 'stored' }],
    });
  });

  it('calls a processed lote that says nothing of a traveler unknown: sent again only on purpose', async () => {
    const p = await traveler();
    service.endNextIn(1, { results: false });
    const sent = (
      await send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [p.id] })
    ).json<{ data: SesSubmission }>().data;
    expect(await processed(sent.id, owner.token)).toMatchObject({
      state: 'processed',
      travelers: [{ outcome: 'unknown' }],
    });
    const again = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [p.id],
    });
    expect(again.json()).toMatchObject({
      code: 'SES_ALREADY_SENT',
      details: [{ code: 'ses.already.unknown' }],
    });
    const resent = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [p.id],
      resend: true,
    });
    expect(resent.statusCode).toBe(201);
    await processed(resent.json().data.id, owner.token);
    // Stored now: not even `resend` sends it a third time.
    const third = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [p.id],
      resend: true,
    });
    expect(third.json()).toMatchObject({ details: [{ code: 'ses.already.stored' }] });
  });

  it('tells a refusing SOAP fault from a server fault or an answer that is not the WSDL’s', async () => {
    const [a, b, c] = [await traveler(), await traveler(), await traveler()];
    service.faultNext('Client');
    const client = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [a.id],
    });
    expect(client.json().data).toMatchObject({ state: 'refused', failure: 'fault' });
    service.faultNext('Server');
    const server = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [b.id],
    });
    expect(server.json().data).toMatchObject({ state: 'uncertain', failure: 'fault' });
    service.garbageNext();
    const garbage = await send(owner.establishmentId, owner.token, {
      kind: 'PV',
      pilgrimIds: [c.id],
    });
    expect(garbage.json().data).toMatchObject({ state: 'uncertain', failure: 'malformed' });
  });

  it('asks for the password again when the key cannot open it, never a 500', async () => {
    const fresh = await registerVerifiedOwner(ctx);
    await configureEstablishment(ctx, fresh.establishmentId, { establishmentCode: 'H150000123' });
    await ctx.database.db
      .update(establishments)
      .set({
        landlordCode: service.landlordCode,
        sesUser: service.user,
        sesPassword: Buffer.from('not sealed'),
      })
      .where(eq(establishments.id, fresh.establishmentId));
    const p = await traveler(fresh.establishmentId, fresh.token);
    const sent = await send(fresh.establishmentId, fresh.token, { kind: 'PV', pilgrimIds: [p.id] });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().code).toBe('SES_PASSWORD_UNREADABLE');
    const checked = await call(
      'POST',
      `/api/establishments/${fresh.establishmentId}/ses-connection/check`,
      fresh.token,
    );
    expect(checked.json().code).toBe('SES_PASSWORD_UNREADABLE');
  });

  it('limits calls to the Ministry per establishment (429)', async () => {
    const fresh = await registerVerifiedOwner(ctx);
    await ctx.database.db
      .update(establishments)
      .set({ landlordCode: service.landlordCode })
      .where(eq(establishments.id, fresh.establishmentId));
    await connect(fresh.establishmentId, fresh.token);
    const url = `/api/establishments/${fresh.establishmentId}/ses-connection/check`;
    for (let i = 0; i < 30; i++)
      expect((await call('POST', url, fresh.token)).statusCode).toBe(200);
    const over = await call('POST', url, fresh.token);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('asks the Ministry once for two looks at the same moment', async () => {
    const p = await traveler();
    service.delayNext(5);
    const sent = (
      await send(owner.establishmentId, owner.token, { kind: 'PV', pilgrimIds: [p.id] })
    ).json<{ data: SesSubmission }>().data;
    const asked = () =>
      service.requests.filter((r) => r.operation === 'consultaLoteRequest').length;
    const before = asked();
    const looks = await Promise.all([check(sent.id, owner.token), check(sent.id, owner.token)]);
    expect(looks.map((l) => l.statusCode)).toEqual([200, 200]);
    expect(asked() - before).toBe(1);
    // And not again within 3 s.
    await check(sent.id, owner.token);
    expect(asked() - before).toBe(1);
  });

  it('lists an establishment’s requests, newest first', async () => {
    const res = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/ses-submissions?limit=2`,
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.pagination.total).toBeGreaterThan(2);
    expect(body.data[0].createdAt >= body.data[1].createdAt).toBe(true);
    expect(body.data[0].travelers).toBeUndefined();
  });
});

describe('the look at queued lotes', () => {
  it('asks the service by itself until the lote is processed', async () => {
    const timed = await createTestContext({
      ses: { endpoint: service.url, caFile: app.caFile, checkSeconds: 1 },
    });
    try {
      const desk = await registerVerifiedOwner(timed);
      await configureEstablishment(timed, desk.establishmentId, {
        establishmentCode: 'H150000123',
      });
      await timed.database.db
        .update(establishments)
        .set({ landlordCode: service.landlordCode })
        .where(eq(establishments.id, desk.establishmentId));
      await timed.app.inject({
        method: 'PUT',
        url: `/api/establishments/${desk.establishmentId}/ses-connection`,
        headers: bearer(desk.token),
        payload: { user: service.user, password: service.password, environment: 'test' },
      });
      const p = await registerTraveler(timed, desk.token, sesReadyBody(desk.establishmentId));
      service.delayNext(1);
      const sent = await timed.app.inject({
        method: 'POST',
        url: `/api/establishments/${desk.establishmentId}/ses-submissions`,
        headers: bearer(desk.token),
        payload: { kind: 'PV', pilgrimIds: [p.id] },
      });
      const id = sent.json().data.id as string;
      // Due 10 s after it was queued; then a "pending" answer and another look 10 s later.
      await timed.database.db
        .update(sesSubmissions)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(eq(sesSubmissions.id, id));
      let state = '';
      for (let i = 0; i < 40 && state !== 'processed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const [row] = await timed.database.db
          .select()
          .from(sesSubmissions)
          .where(eq(sesSubmissions.id, id));
        state = row!.state;
        if (row!.loteState === 5 && row!.nextCheckAt && row!.nextCheckAt.getTime() > Date.now())
          await timed.database.db
            .update(sesSubmissions)
            .set({ nextCheckAt: new Date(Date.now() - 1000) })
            .where(eq(sesSubmissions.id, id));
      }
      expect(state).toBe('processed');
    } finally {
      await timed.close();
    }
  });
});

function countSubmissions() {
  return ctx.database.db.$count(sesSubmissions);
}
