/**
 * An establishment's day is its own: the Canary Islands are an hour behind the mainland, so a
 * registration there at 23:30 is of that day, not of the mainland's next one.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateTravelerInputSchema,
  ListTravelersQuerySchema,
  type Traveler,
} from '@hospes/shared/travelers';
import { establishments } from '../../db/schema';
import { createAdminSession } from '../../../test/accounts';
import { travelerBody } from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  travelersServiceWith,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await registerVerifiedOwner(ctx);
});
afterAll(() => ctx.close());

const placeIn = (province: string, postalCode: string) =>
  ctx.database.db
    .update(establishments)
    .set({ province, postalCode })
    .where(eq(establishments.id, owner.establishmentId));

/** 23:30 in Las Palmas in winter (UTC+0): 00:30 of the next day in Madrid. */
const LATE_EVENING = new Date('2026-01-15T23:30:00Z');

async function registeredWithoutDates() {
  const service = await travelersServiceWith(
    ctx,
    () => ({}),
    undefined,
    () => LATE_EVENING,
  );
  const input = CreateTravelerInputSchema.parse(
    travelerBody(owner.establishmentId, {
      entryDate: undefined,
      checkOutDate: undefined,
      frontDocImage: '',
    }),
  );
  const { pilgrim } = await service.create(
    { id: owner.userId, sessionId: 's', role: 'user', name: 'O', email: owner.email },
    input,
    { actorId: owner.userId, requestId: null, ip: null },
  );
  return pilgrim;
}

describe('the day of an establishment', () => {
  it('defaults the entry date to the Canary Islands’ day there, and to the mainland’s elsewhere', async () => {
    await placeIn('Las Palmas', '35001');
    expect((await registeredWithoutDates()).entryDate).toBe('2026-01-15');
    await placeIn('A Coruña', '15705');
    expect((await registeredWithoutDates()).entryDate).toBe('2026-01-16');
  });

  it('tells the pilgrim’s page the establishment’s clock', async () => {
    await placeIn('Santa Cruz de Tenerife', '38001');
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/establishments/${owner.establishmentId}/checkin-link`,
      headers: bearer(owner.token),
    });
    const token = link.json<{ data: { token: string } }>().data.token;
    const info = await ctx.app.inject({ method: 'GET', url: `/api/public/checkin/${token}` });
    expect(info.json().data.establishment.timeZone).toBe('Atlantic/Canary');
    await placeIn('A Coruña', '15705');
    const mainland = await ctx.app.inject({ method: 'GET', url: `/api/public/checkin/${token}` });
    expect(mainland.json().data.establishment.timeZone).toBe('Europe/Madrid');
  });
});

/**
 * Travelers of an island establishment and of a mainland one with the same dates, each with the
 * indicator it shows at 23:30 in Las Palmas (the 15th) = 00:30 in Madrid (the 16th).
 */
const STAYS = [
  { label: 'twoNightsAgo', entryDate: '2026-01-14', checkOutDate: null },
  { label: 'islandToday', entryDate: '2026-01-15', checkOutDate: null },
  { label: 'mainlandToday', entryDate: '2026-01-16', checkOutDate: null },
  { label: 'sixNights', entryDate: '2026-01-09', checkOutDate: null },
  { label: 'leavingMainlandToday', entryDate: '2026-01-12', checkOutDate: '2026-01-16' },
] as const;
type Label = (typeof STAYS)[number]['label'];
const EXPECTED: Record<'islands' | 'mainland', Record<Label, [Traveler['stayStatus'], number]>> = {
  islands: {
    twoNightsAgo: ['recent', 1],
    // Entered on the island's today: a recent arrival of 0 nights, not one of the future.
    islandToday: ['recent', 0],
    mainlandToday: [null, 0],
    sixNights: ['long', 6],
    leavingMainlandToday: ['long', 4],
  },
  mainland: {
    twoNightsAgo: [null, 2],
    islandToday: ['recent', 1],
    mainlandToday: ['recent', 0],
    sixNights: ['tooLong', 7],
    leavingMainlandToday: [null, 4],
  },
};

describe('the stay indicator of lists, by the clock of each traveler’s establishment', () => {
  let island: Awaited<ReturnType<typeof registerVerifiedOwner>>;
  let mainland: Awaited<ReturnType<typeof registerVerifiedOwner>>;
  let admin: Awaited<ReturnType<typeof createAdminSession>>;
  const where = new Map<string, 'islands' | 'mainland'>();

  beforeAll(async () => {
    island = await registerVerifiedOwner(ctx);
    mainland = await registerVerifiedOwner(ctx);
    admin = await createAdminSession(ctx);
    await ctx.database.db
      .update(establishments)
      .set({ province: 'Santa Cruz de Tenerife', postalCode: '38001' })
      .where(eq(establishments.id, island.establishmentId));
    for (const [owner, place] of [
      [island, 'islands'],
      [mainland, 'mainland'],
    ] as const) {
      for (const stay of STAYS) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/pilgrims',
          headers: bearer(owner.token),
          payload: travelerBody(owner.establishmentId, {
            firstName: stay.label,
            lastName: 'Clock',
            entryDate: stay.entryDate,
            checkOutDate: stay.checkOutDate,
            documentExpeditionDate: '2020-01-01',
            frontDocImage: '',
          }),
        });
        expect(res.statusCode, res.body).toBe(201);
        where.set(res.json<{ data: { id: string } }>().data.id, place);
      }
    }
    // Earlier stays, long over, so that a list reaches them through every form of page.
    await ctx.database.db.execute(sql`
      insert into pilgrims (
        establishment_id, first_name, last_name, nationality, document_type, document_number,
        date_of_birth, gender, document_expedition_date, entry_date, check_out_date, language,
        email, phone,
        emergency_name, emergency_phone, emergency_relationship, search_text
      )
      select ${island.establishmentId}::uuid, 'Earlier', 'Guest', 'FRA', 'P',
        'PE' || lpad(g::text, 7, '0'), date '1980-01-01', 'F', date '2020-01-01',
        date '2025-01-01', date '2025-01-02', 'fr', 'earlier' || g || '@example.com', '+34 600 000 000', 'Contact',
        '+34 600 000 001', 'family', 'guest'
      from generate_series(1, 120) as g`);
  });

  const actors = () => ({
    admin: {
      id: admin.userId,
      sessionId: 's',
      role: 'admin' as const,
      name: 'A',
      email: admin.email,
    },
    island: {
      id: island.userId,
      sessionId: 's',
      role: 'user' as const,
      name: 'I',
      email: island.email,
    },
  });

  /** The travelers of this test in a list answer, as [place, label] → [indicator, nights]. */
  const shown = (data: string[]) =>
    Object.fromEntries(
      data
        .map((text) => JSON.parse(text) as Traveler)
        .filter((p) => where.has(p.id))
        .map((p) => [`${where.get(p.id)}.${p.firstName}`, [p.stayStatus, p.daysOfStay]]),
    );
  const expectedOf = (places: ('islands' | 'mainland')[], status?: Traveler['stayStatus']) =>
    Object.fromEntries(
      places.flatMap((place) =>
        Object.entries(EXPECTED[place])
          .filter(([, [s]]) => status === undefined || s === status)
          .map(([label, value]) => [`${place}.${label}`, value]),
      ),
    );

  it('shows each traveler’s indicator and nights by its establishment’s day, one traveler too', async () => {
    const service = await travelersServiceWith(
      ctx,
      () => ({}),
      undefined,
      () => LATE_EVENING,
    );
    const { admin: adminActor } = actors();
    // Across establishments of both clocks; then one traveler read, and a value-sensitive list.
    const { data } = await service.list(
      adminActor,
      ListTravelersQuerySchema.parse({ limit: '100' }),
    );
    expect(shown(data)).toEqual(expectedOf(['islands', 'mainland']));
    for (const text of data.filter((t) => where.has((JSON.parse(t) as Traveler).id))) {
      const listed = JSON.parse(text) as Traveler;
      const read = await service.get(adminActor, listed.id);
      expect(listed).toStrictEqual(JSON.parse(JSON.stringify(read)));
    }
    const search = await service.list(
      adminActor,
      ListTravelersQuerySchema.parse({ search: 'Clock', limit: '100' }),
    );
    expect(shown(search.data)).toEqual(expectedOf(['islands', 'mainland']));
  });

  it('shows them so on every form of page: first, shallow, and through the deferred join', async () => {
    const service = await travelersServiceWith(
      ctx,
      () => ({}),
      undefined,
      () => LATE_EVENING,
    );
    for (const sortOrder of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const { data } = await service.list(
          actors().admin,
          ListTravelersQuerySchema.parse({ sortBy: 'entryDate', sortOrder, page, limit: '20' }),
        );
        seen.push(...data);
        if (data.length < 20) break;
      }
      expect(seen.length).toBeGreaterThan(120);
      expect(shown(seen), sortOrder).toEqual(expectedOf(['islands', 'mainland']));
    }
  });

  it('filters by the indicator as each traveler’s establishment shows it', async () => {
    const service = await travelersServiceWith(
      ctx,
      () => ({}),
      undefined,
      () => LATE_EVENING,
    );
    const { admin: adminActor, island: islandActor } = actors();
    for (const status of ['recent', 'long', 'tooLong'] as const) {
      const all = await service.list(
        adminActor,
        ListTravelersQuerySchema.parse({ stayStatus: status, limit: '100' }),
      );
      expect(shown(all.data), status).toEqual(expectedOf(['islands', 'mainland'], status));
      const mine = await service.list(
        islandActor,
        ListTravelersQuerySchema.parse({ stayStatus: status, limit: '100' }),
      );
      expect(shown(mine.data), status).toEqual(expectedOf(['islands'], status));
      const one = await service.list(
        adminActor,
        ListTravelersQuerySchema.parse({
          stayStatus: status,
          establishmentId: mainland.establishmentId,
          limit: '100',
        }),
      );
      expect(shown(one.data), status).toEqual(expectedOf(['mainland'], status));
      // A full page: the total is counted by the same rule.
      const counted = await service.list(
        islandActor,
        ListTravelersQuerySchema.parse({ stayStatus: status, limit: '1' }),
      );
      expect(counted.total, status).toBe(Object.keys(expectedOf(['islands'], status)).length);
    }
  });

  it('is one day for every establishment the rest of the day', async () => {
    const service = await travelersServiceWith(
      ctx,
      () => ({}),
      undefined,
      () => new Date('2026-01-16T12:00:00Z'),
    );
    const { data } = await service.list(
      actors().admin,
      ListTravelersQuerySchema.parse({ stayStatus: 'recent', limit: '100' }),
    );
    expect(shown(data)).toEqual({
      'islands.islandToday': ['recent', 1],
      'islands.mainlandToday': ['recent', 0],
      'mainland.islandToday': ['recent', 1],
      'mainland.mainlandToday': ['recent', 0],
    });
  });
});
