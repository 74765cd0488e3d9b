import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db';

describe.skipIf(process.env.TEST_DB !== 'postgres')('PostgreSQL connections', () => {
  it('are replaced after their lifetime, and their named statements go with them', async () => {
    const database = await openTestDatabase({ poolSize: 1, connectionLifetimeSeconds: 1 });
    try {
      const { db } = database;
      const named = db
        .select({ one: sql<number>`1` })
        .from(sql`(select 1) as t`)
        .prepare('probe');
      await named.execute();
      const state = async () =>
        (
          (await db.execute(sql`
            select pg_backend_pid() as pid,
              (select count(*)::int from pg_prepared_statements where name = 'probe') as named`)) as unknown as {
            rows: { pid: number; named: number }[];
          }
        ).rows[0]!;
      const before = await state();
      expect(before.named).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const after = await state();
      expect(after.pid).not.toBe(before.pid);
      expect(after.named).toBe(0);
    } finally {
      await database.close();
    }
  });
});
