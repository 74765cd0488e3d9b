/**
 * A list page's travelers are written by the database as the API's JSON (the repository's
 * apiTraveler), one traveler read by toTravelerDto: the two writers must give the same answer for
 * every kind of traveler, on every day (the length of stay and the stay indicator count to today).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@hospes/shared/dates';
import { ListTravelersQuerySchema, TravelerSchema } from '@hospes/shared/travelers';
import { createAdminSession } from '../../../test/accounts';
import {
  dataUrl,
  jpegBytes,
  PNG_BYTES,
  travelerBody,
  WEBP_BYTES,
} from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  travelersServiceWith,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
const ids: string[] = [];
const TODAY = '2026-06-15';

async function register(overrides: Record<string, unknown>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/pilgrims',
    headers: bearer(owner.token),
    payload: travelerBody(owner.establishmentId, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ data: { id: string } }>().data.id;
  ids.push(id);
  return id;
}

const exec = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await registerVerifiedOwner(ctx, { name: 'Albergue "O Cebreiro" \\ Ñ — 巡礼' });
  admin = await createAdminSession(ctx);

  // Stays on each side of every threshold of the stay indicator, with and without a check-out.
  for (const back of [-1, 0, 1, 2, 3, 6, 7, 30]) {
    for (const checkOut of [null, -1, 0, 1]) {
      if (checkOut !== null && checkOut < -back) continue; // out before in: refused
      await register({
        entryDate: addDays(TODAY, -back),
        checkOutDate: checkOut === null ? null : addDays(TODAY, checkOut),
        documentExpeditionDate: '2020-01-01',
        frontDocImage: '',
        signatureImage: dataUrl(PNG_BYTES),
      });
    }
  }
  // Every optional part present, three images, and text that JSON has to escape.
  const full = await register({
    firstName: 'Zoë "Zo" \\ O’Brien',
    lastName: 'Ñúñez\tTab',
    secondLastName: 'García-Łukasz 😀',
    documentType: 'D',
    passportNumber: '12345678Z',
    documentSupportNumber: 'ABC123456',
    nationality: 'ESP',
    gender: 'F',
    entryDate: addDays(TODAY, -2),
    checkOutDate: addDays(TODAY, 3),
    contactInfo: {
      email: 'zoe@example.es',
      phone: '+34 600 111 222',
      phone2: '+34 600 333 444',
      address: 'Rúa do Vilar 1, </script>',
    },
    address: {
      street: 'Rúa do Vilar 1',
      complement: '2º B',
      municipalityCode: '15078',
      municipalityName: 'Santiago de Compostela',
      postalCode: '15705',
      country: 'ESP',
    },
    stay: {
      contractReference: 'R-2026/001',
      contractDate: addDays(TODAY, -10),
      entryDateTime: `${addDays(TODAY, -2)}T14:30:00`,
      exitDateTime: `${addDays(TODAY, 3)}T10:00:00`,
      numberOfPersons: 2,
      numberOfRooms: 1,
      internetBooking: true,
      paymentType: 'TARJT',
      paymentDate: addDays(TODAY, -2),
      paymentMethod: 'VISA',
      paymentHolder: 'Zoë O’Brien',
      cardExpiry: '12/2028',
    },
    frontDocImage: dataUrl(jpegBytes(4096), 'image/jpeg'),
    backDocImage: dataUrl(WEBP_BYTES, 'image/webp'),
    signatureImage: dataUrl(PNG_BYTES),
  });
  // What only other paths write: an import without a number, a number past six digits, part of an
  // address (not an address), a payment without a card, a self check-in of each status.
  const [imported, bigNumber, partial, selfPending, selfConfirmed] = ids;
  await exec(sql`update pilgrims set source = 'import', report_year = null, report_seq = null
    where id = ${imported}`);
  await exec(sql`update pilgrims set report_seq = 1234567 where id = ${bigNumber}`);
  await exec(sql`update pilgrims set address_street = 'Calle Mayor 3', address_postal_code = null,
    address_country = 'ESP', internet_booking = false, payment_type = 'EFECT' where id = ${partial}`);
  for (const [id, status, code] of [
    [selfPending, 'pending', 'PEND0001'],
    [selfConfirmed, 'confirmed', 'CONF0001'],
  ] as const) {
    await exec(sql`insert into self_registrations (pilgrim_id, establishment_id, confirmation_code, status)
      values (${id}, ${owner.establishmentId}, ${code}, ${status})`);
  }
  expect(full).toBeDefined();
});

afterAll(async () => {
  await ctx?.close();
});

const serviceOn = (day: string) =>
  travelersServiceWith(
    ctx,
    () => ({}),
    undefined,
    () => new Date(`${day}T12:00:00Z`),
  );

const actorOf = (role: 'admin' | 'user') =>
  role === 'admin'
    ? { id: admin.userId, sessionId: 's', role, name: 'A', email: admin.email }
    : { id: owner.userId, sessionId: 's', role, name: 'O', email: owner.email };

describe('a traveler written by the database (lists) and by toTravelerDto (one traveler)', () => {
  for (const day of [TODAY, addDays(TODAY, 1), addDays(TODAY, 5), addDays(TODAY, 40)]) {
    it(`are the same answer, counted to ${day}`, async () => {
      const service = await serviceOn(day);
      for (const role of ['user', 'admin'] as const) {
        const actor = actorOf(role);
        for (const query of [
          { limit: '100' },
          { limit: '20', page: '2' },
          // Value-sensitive filters: ids first, then rows by id (another statement).
          { search: 'traveler', limit: '100' },
          { stayStatus: 'recent', limit: '100' },
        ]) {
          const { data } = await service.list(
            actor,
            ListTravelersQuerySchema.parse({ establishmentId: owner.establishmentId, ...query }),
          );
          if (!query.stayStatus && !query.search) expect(data.length).toBeGreaterThan(0);
          for (const text of data) {
            const listed = JSON.parse(text) as { id: string };
            const read = await service.get(actor, listed.id);
            // Exactly the same properties and values (JSON round trip: no undefined on either side).
            expect(listed).toStrictEqual(JSON.parse(JSON.stringify(read)));
            expect(TravelerSchema.parse(listed)).toStrictEqual(listed);
          }
        }
      }
    });
  }

  it('covers what it claims: statuses, numbers, addresses, documents, self check-ins', async () => {
    const service = await serviceOn(TODAY);
    const { data } = await service.list(
      actorOf('user'),
      ListTravelersQuerySchema.parse({ limit: '100' }),
    );
    const all = data.map((t) => TravelerSchema.parse(JSON.parse(t)));
    expect(all).toHaveLength(ids.length);
    expect(new Set(all.map((p) => p.stayStatus))).toEqual(
      new Set([null, 'recent', 'long', 'tooLong']),
    );
    expect(all.map((p) => p.reportNumber)).toEqual(
      expect.arrayContaining([
        null,
        expect.stringMatching(/^2026\/1234567$/),
        expect.stringMatching(/^\d{4}\/\d{6}$/),
      ]),
    );
    expect(all.some((p) => p.source === 'import')).toBe(true);
    expect(all.some((p) => p.address === null)).toBe(true);
    expect(all.some((p) => p.address?.complement === '2º B')).toBe(true);
    expect(all.some((p) => p.documentUploads.length === 3)).toBe(true);
    expect(all.map((p) => p.selfRegistration?.status)).toEqual(
      expect.arrayContaining(['pending', 'confirmed']),
    );
    expect(all.some((p) => p.stay.internetBooking === false)).toBe(true);
    expect(all.find((p) => p.documentUploads.length === 3)!.firstName).toBe('Zoë "Zo" \\ O’Brien');
  });

  it('answers the same travelers over HTTP, in the contract and with no other property', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/pilgrims?limit=100&establishmentId=${owner.establishmentId}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<{ data: { id: string }[]; pagination: unknown }>();
    expect(body.data).toHaveLength(ids.length);
    expect(body.pagination).toEqual({ total: ids.length, page: 1, limit: 100, totalPages: 1 });
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/pilgrims/${body.data[0]!.id}`,
      headers: bearer(owner.token),
    });
    expect(body.data[0]).toStrictEqual(one.json<{ data: unknown }>().data);
  });
});
