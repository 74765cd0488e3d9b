/**
 * One check-in link per guest of a reservation (decision 071): a link per slot, made once; the
 * holder's opens with the booking's name and contact; each registers its guest once, counted with
 * the booking's own link; another tenant finds nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfRegistrations } from '../../db/schema';
import {
  bearer,
  createTestContext,
  freshAddress,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { travelerBody } from '../../../test/traveler-factories';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let other: Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

function call(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: freshAddress(),
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const guest = (firstName: string) =>
  travelerBody(null, { firstName, entryDate: undefined, checkOutDate: undefined });
const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;

describe('a check-in link per guest', () => {
  it('gives each guest a link of their own, registering them once, counted with the booking’s', async () => {
    const created = await call(
      'POST',
      `/api/establishments/${owner.establishmentId}/reservations`,
      owner.token,
      {
        holderName: 'Anna Schmidt',
        holderEmail: 'anna@example.de',
        arrival: '2027-03-01',
        departure: '2027-03-04',
        guests: 2,
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;

    const res = await call('GET', `/api/reservations/${id}/guest-links`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const links = res.json<{ data: { slot: number; url: string; registered: boolean }[] }>().data;
    expect(links.map((l) => [l.slot, l.registered])).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(new Set(links.map((l) => tokenOf(l.url))).size).toBe(2);
    // The same links on every call; another tenant finds no reservation.
    const again = await call('GET', `/api/reservations/${id}/guest-links`, owner.token);
    expect(again.json().data).toEqual(links);
    const foreign = await call('GET', `/api/reservations/${id}/guest-links`, other.token);
    expect(foreign.statusCode).toBe(404);

    // The holder's slot opens with the booking's name and e-mail; the second knows only its slot.
    const holder = await call('GET', `/api/public/checkin/${tokenOf(links[0]!.url)}`);
    expect(holder.statusCode, holder.body).toBe(200);
    expect(holder.json().data.reservation.guest).toEqual({
      slot: 1,
      registered: false,
      firstName: 'Anna',
      lastName: 'Schmidt',
      email: 'anna@example.de',
      phone: null,
    });
    const second = tokenOf(links[1]!.url);
    expect(
      (await call('GET', `/api/public/checkin/${second}`)).json().data.reservation.guest,
    ).toEqual({
      slot: 2,
      registered: false,
    });

    // Guest 2 registers through their link, once.
    const registered = await call(
      'POST',
      `/api/public/checkin/${second}`,
      undefined,
      guest('Jonas'),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const twice = await call('POST', `/api/public/checkin/${second}`, undefined, guest('Lena'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('CHECKIN_GUEST_REGISTERED');
    const info = (await call('GET', `/api/public/checkin/${second}`)).json().data.reservation;
    expect(info).toMatchObject({ registeredGuests: 1, guest: { slot: 2, registered: true } });
    const attached = await ctx.database.db
      .select()
      .from(selfRegistrations)
      .where(eq(selfRegistrations.reservationId, id));
    expect(attached).toHaveLength(1);

    // The booking's own link takes the other guest; then the holder's slot finds it complete.
    const booking = await call('GET', `/api/reservations/${id}/checkin-link`, owner.token);
    const viaBooking = await call(
      'POST',
      `/api/public/checkin/${tokenOf(booking.json().data.url)}`,
      undefined,
      guest('Anna'),
    );
    expect(viaBooking.statusCode, viaBooking.body).toBe(201);
    const full = await call(
      'POST',
      `/api/public/checkin/${tokenOf(links[0]!.url)}`,
      undefined,
      guest('Anna'),
    );
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('RESERVATION_CHECKIN_COMPLETE');
    const listed = (await call('GET', `/api/reservations/${id}/guest-links`, owner.token)).json()
      .data;
    expect(listed.map((l: { registered: boolean }) => l.registered)).toEqual([false, true]);
  });
});
