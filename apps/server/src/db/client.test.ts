import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db';
import { seedDataDir } from '../../test/server-process';
import { openDatabase, PGLITE_MEMORY_SETTINGS, type Db } from './client';

/** The backend process that `db` (a database or a transaction) runs its statements on. */
async function backendOf(db: Pick<Db, 'execute'>): Promise<number> {
  const result = (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: { pid: number }[];
  };
  return result.rows[0]!.pid;
}

/** Ends a backend from another connection, as an administrator or a restart would. */
async function terminate(pid: number) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query('select pg_terminate_backend($1)', [pid]);
  await admin.end();
}

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

  it('survive a connection lost while idle: reported, and the next query opens another', async () => {
    const database = await openTestDatabase({ poolSize: 1 });
    try {
      const { db } = database;
      const first = await backendOf(db);
      const lost = new Promise<Error>((resolve) => database.onConnectionLost!(resolve));
      await terminate(first);
      expect((await lost).message).toMatch(/terminat/);
      expect(await backendOf(db)).not.toBe(first);
    } finally {
      await database.close();
    }
  });

  it('survive a connection lost in the middle of a transaction: the transaction fails, nothing else', async () => {
    const database = await openTestDatabase({ poolSize: 1 });
    try {
      const { db } = database;
      const lost: Error[] = [];
      database.onConnectionLost!((err) => lost.push(err));
      const failed = await db
        .transaction(async (tx) => {
          await terminate(await backendOf(tx));
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(failed).toBeInstanceOf(Error);
      expect(lost.length).toBeGreaterThan(0);
      const { rows } = (await db.execute(sql`select 1 as one`)) as unknown as {
        rows: { one: number }[];
      };
      expect(rows[0]!.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('The embedded database (PGlite)', () => {
  it("is opened with PostgreSQL's memory bounded (decision 065): shared buffers, sorts, maintenance", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-pglite-memory-'));
    // The tests' migrated database (a fresh one would be made and migrated: seconds), opened as
    // the server opens its data directory.
    await seedDataDir(dataDir);
    const database = await openDatabase({ dataDir });
    try {
      const { rows } = await database.sql(
        `select name, current_setting(name) as value from unnest($1::text[]) as name`,
        [Object.keys(PGLITE_MEMORY_SETTINGS)],
      );
      expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual({
        shared_buffers: '32MB',
        work_mem: '4MB',
        maintenance_work_mem: '16MB',
        temp_buffers: '8MB',
        wal_buffers: '1MB',
      });
    } finally {
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
