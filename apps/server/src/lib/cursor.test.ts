/**
 * The cursor of a sync's walk (lib/cursor.ts): rows created in the same microsecond are told
 * apart by their id, and a position keeps its microseconds (a JS Date would drop them and answer a
 * row twice).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../db/schema';
import { createReservationsRepository } from '../modules/reservations/reservations.repository';
import { createTestContext, registerVerifiedOwner, type TestContext } from '../../test/test-app';
import { decodeCursor, encodeCursor } from './cursor';
import { uuidv7 } from './ids';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('cursor pagination', () => {
  it('walks rows of one instant one by one, and rows a microsecond apart, each once', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const row = (n: number, at: string) => ({
      id: uuidv7(),
      establishmentId: owner.establishmentId,
      holderName: `Holder ${n}`,
      arrival: '2026-09-01',
      departure: '2026-09-02',
      guests: 1,
      source: 'manual' as const,
      createdAt: sql`${at}::timestamptz` as unknown as Date,
    });
    await ctx.database.db
      .insert(reservations)
      .values([
        row(1, '2026-09-01T10:00:00.123456Z'),
        row(2, '2026-09-01T10:00:00.123456Z'),
        row(3, '2026-09-01T10:00:00.123456Z'),
        row(4, '2026-09-01T10:00:00.123457Z'),
        row(5, '2026-09-01T10:00:00.123Z'),
      ]);
    const repo = createReservationsRepository(ctx.database.db);
    const seen: string[] = [];
    let after: ReturnType<typeof decodeCursor> = null;
    for (let page = 0; page < 10; page++) {
      const { rows, last } = await repo.listAfter(
        owner.establishmentId,
        { admin: true },
        {},
        after,
        1,
      );
      if (!last) break;
      seen.push(...rows.map((r) => r.holderName));
      after = decodeCursor(encodeCursor(last));
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    // Creation order: the millisecond one first, the microsecond later one last.
    expect(seen[0]).toBe('Holder 5');
    expect(seen[4]).toBe('Holder 4');
  });

  it('refuses a cursor it did not make', () => {
    expect(decodeCursor('start')).toBeNull();
    expect(decodeCursor('')).toBeNull();
    expect(() => decodeCursor(Buffer.from('2026-01-01|x').toString('base64url'))).toThrow();
  });
});
