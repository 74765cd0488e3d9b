/**
 * An establishment's day is its own: the Canary Islands are an hour behind the mainland, so a
 * registration there at 23:30 is of that day, not of the mainland's next one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatePilgrimInputSchema } from '@hospes/shared/pilgrims';
import { establishments } from '../../db/schema';
import { pilgrimBody } from '../../../test/pilgrim-factories';
import {
  bearer,
  createTestContext,
  pilgrimsServiceWith,
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
  const service = await pilgrimsServiceWith(
    ctx,
    () => ({}),
    undefined,
    () => LATE_EVENING,
  );
  const input = CreatePilgrimInputSchema.parse(
    pilgrimBody(owner.establishmentId, {
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
