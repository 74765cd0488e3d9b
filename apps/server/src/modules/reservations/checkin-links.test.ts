/**
 * The check-in link of a reservation (decision 066): the public page knows the booking, each
 * registration through it is attached to the reservation (never more than its guests), the owner
 * e-mails the link to the holder, and the reminder before the arrival reaches a real SMTP server
 * once. The clock is fixed at 2026-12-01 10:00 UTC.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, selfRegistrations } from '../../db/schema';
import {
  bearer,
  createTestContext,
  freshAddress,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { travelerBody } from '../../../test/traveler-factories';

const NOW = new Date('2026-12-01T10:00:00Z');

type Method = 'GET' | 'POST' | 'PUT';
const caller =
  (ctx: TestContext) => (method: Method, url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: freshAddress(),
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

const booking = (overrides: Record<string, unknown> = {}) => ({
  holderName: 'Anna Schmidt',
  holderEmail: 'anna.schmidt@example.de',
  arrival: '2026-12-03',
  departure: '2026-12-06',
  guests: 2,
  unit: 'Apartamento 1',
  channel: 'Airbnb',
  paymentType: 'PLATF',
  ...overrides,
});

async function createReservation(
  ctx: TestContext,
  owner: { token: string; establishmentId: string },
  body: Record<string, unknown>,
) {
  const res = await caller(ctx)(
    'POST',
    `/api/establishments/${owner.establishmentId}/reservations`,
    owner.token,
    body,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

async function linkOf(ctx: TestContext, token: string, id: string) {
  const res = await caller(ctx)('GET', `/api/reservations/${id}/checkin-link`, token);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json<{ data: { url: string; guests: number; registeredGuests: number } }>().data;
  return { ...data, token: new URL(data.url).searchParams.get('t')! };
}

/** As the public page sends it: the day it is sent as entry, no check-out. */
const guest = (firstName: string) =>
  travelerBody(null, { firstName, entryDate: undefined, checkOutDate: undefined });

describe('the check-in link of a reservation', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
  let other: Awaited<ReturnType<typeof registerVerifiedOwner>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    ctx = await createTestContext({}, { now: () => NOW });
    call = caller(ctx);
    owner = await registerVerifiedOwner(ctx);
    other = await registerVerifiedOwner(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('opens the self check-in on the booking and attaches each guest, up to the guests expected', async () => {
    const id = await createReservation(ctx, owner, booking());
    const link = await linkOf(ctx, owner.token, id);
    expect(link.url).toMatch(/\/registro-viajero\?t=[A-Za-z0-9_-]{32}$/);
    expect(link).toMatchObject({ guests: 2, registeredGuests: 0 });
    // The same link on every call; another tenant does not find the reservation.
    expect((await linkOf(ctx, owner.token, id)).token).toBe(link.token);
    const foreign = await call('GET', `/api/reservations/${id}/checkin-link`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('RESERVATION_NOT_FOUND');
    expect((await call('GET', `/api/reservations/${id}/checkin-link`)).statusCode).toBe(401);

    const info = await call('GET', `/api/public/checkin/${link.token}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data.reservation).toEqual({
      arrival: '2026-12-03',
      departure: '2026-12-06',
      guests: 2,
      registeredGuests: 0,
    });

    for (const name of ['Anna', 'Jonas']) {
      const res = await call('POST', `/api/public/checkin/${link.token}`, undefined, guest(name));
      expect(res.statusCode, res.body).toBe(201);
    }
    // A third person: the booking is complete, nothing is stored.
    const third = await call('POST', `/api/public/checkin/${link.token}`, undefined, guest('Lena'));
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('RESERVATION_CHECKIN_COMPLETE');
    const attached = await ctx.database.db
      .select()
      .from(selfRegistrations)
      .where(eq(selfRegistrations.reservationId, id));
    expect(attached).toHaveLength(2);

    // Each registration has the booking's nights and contract, pending the desk's confirmation.
    const traveler = await call('GET', `/api/pilgrims/${attached[0]!.pilgrimId}`, owner.token);
    expect(traveler.statusCode, traveler.body).toBe(200);
    expect(traveler.json().data).toMatchObject({
      entryDate: '2026-12-03',
      checkOutDate: '2026-12-06',
      selfRegistration: { status: 'pending' },
      stay: { contractReference: id, numberOfPersons: 2, paymentType: 'PLATF' },
    });

    // The reservations list says it is complete.
    const list = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/reservations`,
      owner.token,
    );
    const listed = list.json<{ data: { id: string; registeredGuests: number }[] }>().data;
    expect(listed.find((r) => r.id === id)?.registeredGuests).toBe(2);
    expect(
      (await call('GET', `/api/public/checkin/${link.token}`)).json().data.reservation,
    ).toMatchObject({ registeredGuests: 2 });
  });

  it('stops working once the reservation is cancelled, or past its departure', async () => {
    const id = await createReservation(ctx, owner, booking({ holderName: 'Cancelled' }));
    const link = await linkOf(ctx, owner.token, id);
    const put = await call('PUT', `/api/reservations/${id}`, owner.token, { status: 'cancelled' });
    expect(put.statusCode, put.body).toBe(200);
    const info = await call('GET', `/api/public/checkin/${link.token}`);
    expect(info.statusCode).toBe(404);
    expect(info.json().code).toBe('CHECKIN_LINK_INVALID');
    const post = await call('POST', `/api/public/checkin/${link.token}`, undefined, guest('Max'));
    expect(post.statusCode).toBe(404);
    expect(
      (await call('GET', `/api/reservations/${id}/checkin-link`, owner.token)).statusCode,
    ).toBe(404);

    const past = await createReservation(
      ctx,
      owner,
      booking({ arrival: '2026-11-20', departure: '2026-11-30' }),
    );
    const old = await linkOf(ctx, owner.token, past);
    expect((await call('GET', `/api/public/checkin/${old.token}`)).statusCode).toBe(404);
    // An unknown token answers as a revoked one.
    expect((await call('GET', `/api/public/checkin/${'x'.repeat(32)}`)).statusCode).toBe(404);
  });

  it('is e-mailed to the holder in the language chosen, and audited', async () => {
    const id = await createReservation(
      ctx,
      owner,
      booking({ holderEmail: 'lena.keller@example.de', holderName: 'Lena Keller' }),
    );
    const res = await call('POST', `/api/reservations/${id}/checkin-link/send`, owner.token, {
      language: 'de',
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json<{ data: { url: string } }>().data;
    const mail = await ctx.smtp.waitFor('lena.keller@example.de');
    expect(mail.subject).toContain('Check-in für Ihren Aufenthalt');
    expect(mail.text).toContain(link.url);
    expect(mail.text).toContain('3. Dezember 2026');
    expect(mail.text).toContain('0 von 2');
    // Signed by the establishment, which writes to its guest, not by Hospes.
    const establishmentName = owner.body.establishment.name;
    expect(mail.text.trimEnd().endsWith(establishmentName)).toBe(true);
    expect(mail.text).not.toContain('Hospes-Team');
    expect(mail.html).toContain(`<p>${establishmentName}</p>`);
    expect(mail.html).not.toContain('Hospes-Team');
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'reservation.checkin_link_sent')));
    expect(entry?.actorUserId).toBe(owner.userId);

    // No holder's e-mail: refused; another tenant: not found; a bad language: 400.
    const noMail = await createReservation(ctx, owner, booking({ holderEmail: null }));
    const refused = await call(
      'POST',
      `/api/reservations/${noMail}/checkin-link/send`,
      owner.token,
      {},
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('EMAIL_REQUIRED');
    const foreign = await call(
      'POST',
      `/api/reservations/${id}/checkin-link/send`,
      other.token,
      {},
    );
    expect(foreign.statusCode).toBe(404);
    const bad = await call('POST', `/api/reservations/${id}/checkin-link/send`, owner.token, {
      language: 'xx',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the reminder before the arrival', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;

  beforeAll(async () => {
    ctx = await createTestContext({ reservationReminderSeconds: 1 }, { now: () => NOW });
    owner = await registerVerifiedOwner(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The establishment as a PUT body, with these settings changed. */
  async function establishmentBody(changes: Record<string, unknown>) {
    const url = `/api/establishments/${owner.establishmentId}`;
    const current = (await caller(ctx)('GET', url, owner.token)).json<{
      data: Record<string, string>;
    }>().data;
    const keep = ['name', 'type', 'nif', 'address', 'city', 'province', 'postalCode', 'phone'];
    return {
      ...Object.fromEntries(keep.map((k) => [k, current[k]])),
      contactName: current.contactName,
      contactEmail: current.contactEmail,
      ...changes,
    };
  }

  /** The establishment's reminder days (the setting), the rest of it as it is. */
  async function setReminderDays(days: number) {
    const call = caller(ctx);
    const url = `/api/establishments/${owner.establishmentId}`;
    const res = await call(
      'PUT',
      url,
      owner.token,
      await establishmentBody({ reservationReminderDays: days }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.reservationReminderDays).toBe(days);
  }

  it('goes once to the holder of an incomplete booking arriving within the days set', async () => {
    const call = caller(ctx);
    // Off (0) while the bookings are made, so that no round reminds a half-made one.
    await setReminderDays(0);
    const bad = await call('PUT', `/api/establishments/${owner.establishmentId}`, owner.token, {
      reservationReminderDays: 31,
    });
    expect(bad.statusCode).toBe(400);
    // Within 2 days (the default) and one guest missing: reminded, in the link's language.
    const due = await createReservation(
      ctx,
      owner,
      booking({ holderEmail: 'due@example.fr', arrival: '2026-12-03', guests: 2 }),
    );
    const sent = await call('POST', `/api/reservations/${due}/checkin-link/send`, owner.token, {
      language: 'fr',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const link = await linkOf(ctx, owner.token, due);
    const first = await call('POST', `/api/public/checkin/${link.token}`, undefined, guest('Zoé'));
    expect(first.statusCode, first.body).toBe(201);
    // Too far ahead, complete, cancelled, without e-mail: no reminder.
    await createReservation(
      ctx,
      owner,
      booking({ holderEmail: 'later@example.com', arrival: '2026-12-05', departure: '2026-12-07' }),
    );
    const complete = await createReservation(
      ctx,
      owner,
      booking({ holderEmail: 'complete@example.com', guests: 1 }),
    );
    const completeLink = await linkOf(ctx, owner.token, complete);
    expect(
      (await call('POST', `/api/public/checkin/${completeLink.token}`, undefined, guest('Ole')))
        .statusCode,
    ).toBe(201);
    const cancelled = await createReservation(
      ctx,
      owner,
      booking({ holderEmail: 'cancelled@example.com', status: 'cancelled' }),
    );
    expect(cancelled).toBeTruthy();

    // Nothing while the setting is off; then the default, 2 days.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ctx.smtp.messages.filter((m) => /Rappel|Reminder|Recordatorio/.test(m.subject))).toEqual(
      [],
    );
    await setReminderDays(2);
    const reminder = await ctx.smtp.waitFor('due@example.fr', {
      subject: /Rappel/,
      timeoutMs: 15_000,
    });
    expect(reminder.text, reminder.text).toContain('1 sur 2');
    expect(reminder.text).toContain(link.url);
    // Three more rounds: nothing else is sent, to anyone.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const reminders = ctx.smtp.messages.filter((m) =>
      /Rappel|Reminder|Recordatorio/.test(m.subject),
    );
    expect(reminders).toHaveLength(1);
    const listed = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/reservations`,
      owner.token,
    );
    const rows = listed.json<{ data: { id: string; reminderSentAt: string | null }[] }>().data;
    expect(rows.find((r) => r.id === due)?.reminderSentAt).not.toBeNull();
    expect(rows.filter((r) => r.reminderSentAt !== null)).toHaveLength(1);
  });

  it('confirms a complete reservation’s guests by itself on its day of arrival, and tells the owners', async () => {
    const call = caller(ctx);
    const setting = await call(
      'PUT',
      `/api/establishments/${owner.establishmentId}`,
      owner.token,
      await establishmentBody({ autoConfirmReservationCheckins: true }),
    );
    expect(setting.statusCode, setting.body).toBe(200);
    expect(setting.json().data.autoConfirmReservationCheckins).toBe(true);
    // Arriving today (2026-12-01) and tomorrow; no holder's e-mail, so no reminder either.
    const today = await createReservation(
      ctx,
      owner,
      booking({ holderName: 'Eva Lind', holderEmail: null, arrival: '2026-12-01', guests: 2 }),
    );
    const tomorrow = await createReservation(
      ctx,
      owner,
      booking({ holderName: 'Per Lind', holderEmail: null, arrival: '2026-12-02', guests: 1 }),
    );
    const todayLink = await linkOf(ctx, owner.token, today);
    const tomorrowLink = await linkOf(ctx, owner.token, tomorrow);
    for (const name of ['Eva', 'Nils']) {
      const res = await call(
        'POST',
        `/api/public/checkin/${todayLink.token}`,
        undefined,
        guest(name),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const early = await call(
      'POST',
      `/api/public/checkin/${tomorrowLink.token}`,
      undefined,
      guest('Per'),
    );
    expect(early.statusCode, early.body).toBe(201);

    const summary = await ctx.smtp.waitFor(owner.email, { subject: /Eva Lind/, timeoutMs: 15_000 });
    expect(summary.text).toContain('2');
    const registrations = await ctx.database.db
      .select()
      .from(selfRegistrations)
      .where(eq(selfRegistrations.reservationId, today));
    expect(registrations.map((r) => [r.status, r.confirmedBy])).toEqual([
      ['confirmed', null],
      ['confirmed', null],
    ]);
    const traveler = await call('GET', `/api/pilgrims/${registrations[0]!.pilgrimId}`, owner.token);
    expect(traveler.json().data).toMatchObject({
      entryDate: '2026-12-01',
      selfRegistration: { status: 'confirmed' },
    });
    const listed = (
      await call('GET', `/api/establishments/${owner.establishmentId}/reservations`, owner.token)
    ).json<{ data: { id: string; status: string }[] }>().data;
    expect(listed.find((r) => r.id === today)?.status).toBe('checked_in');
    // Tomorrow's waits for its day, complete or not.
    expect(listed.find((r) => r.id === tomorrow)?.status).toBe('confirmed');
    const pending = await ctx.database.db
      .select()
      .from(selfRegistrations)
      .where(eq(selfRegistrations.reservationId, tomorrow));
    expect(pending.map((r) => r.status)).toEqual(['pending']);
    // One summary, whatever the rounds since.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(ctx.smtp.messages.filter((m) => /Eva Lind/.test(m.subject))).toHaveLength(1);
  });
});
