/**
 * The list's "cannot be reported" filter (`parte=unreportable`, decision 048): the parte's
 * pre-flight, which is not SQL, decides across all pages, not only the page the web holds; the
 * page and the total are those of the travelers it refuses, of the caller's establishments only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Traveler } from '@hospes/shared/travelers';
import { registerTraveler, sesReadyBody } from '../../../test/documents-helpers';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
/** The travelers the pre-flight refuses, newest entry first (the list's default order). */
const refused: string[] = [];

/** Entry dates a day apart, so that the list's order (newest entry first) is theirs. */
const entry = (i: number) => new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await registerVerifiedOwner(ctx);
  const other = await registerVerifiedOwner(ctx);
  for (let i = 0; i < 25; i++) {
    const day = entry(i);
    const next = entry(i + 1);
    // Every eleventh lacks the payment type the parte needs (no default set): pages 1, 2 and 3.
    const lacking = i % 11 === 2;
    const traveler = await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(owner.establishmentId, {
        entryDate: day,
        checkOutDate: next,
        stay: {
          entryDateTime: `${day}T18:00:00`,
          exitDateTime: `${next}T08:00:00`,
          ...(lacking ? {} : { paymentType: 'EFECT' }),
        },
      }),
    );
    if (lacking) refused.unshift(traveler.id);
  }
  // Another tenant's, which the owner's filter never counts.
  await registerTraveler(
    ctx,
    other.token,
    sesReadyBody(other.establishmentId, { stay: { entryDateTime: '2026-03-01T18:00:00' } }),
  );
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function list(query: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/pilgrims?${query}`,
    headers: bearer(owner.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Traveler[]; pagination: { total: number; totalPages: number } }>();
}

describe('the list of those who cannot be reported', () => {
  it('finds them on every page, and pages through them', async () => {
    expect(refused).toHaveLength(3);
    expect((await list('limit=10')).pagination.total).toBe(25);

    const all = await list('parte=unreportable&limit=10');
    expect(all.data.map((t) => t.id)).toEqual(refused);
    expect(all.pagination).toMatchObject({ total: 3, totalPages: 1 });

    const second = await list('parte=unreportable&limit=2&page=2');
    expect(second.data.map((t) => t.id)).toEqual([refused[2]]);
    expect(second.pagination).toMatchObject({ total: 3, totalPages: 2 });

    // With another filter, and in another order.
    const late = await list(
      `parte=unreportable&entryDateFrom=${entry(10)}&sortBy=entryDate&sortOrder=asc`,
    );
    expect(late.data.map((t) => t.id)).toEqual([refused[1], refused[0]]);
  });

  it('drops one once it is completed', async () => {
    const [fixed] = refused;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/pilgrims/${fixed}`,
      headers: bearer(owner.token),
      payload: { stay: { paymentType: 'EFECT' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await list('parte=unreportable');
    expect(after.data.map((t) => t.id)).toEqual(refused.slice(1));
    expect(after.pagination.total).toBe(2);
  });

  it('refuses a value it does not know', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/pilgrims?parte=everything',
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(400);
  });
});
