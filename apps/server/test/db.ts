import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteOptions, type Database } from '../src/db/client';

/**
 * A database of its own for one test file: PGlite loaded from the migrated snapshot, or, when the
 * project runs with TEST_DB=postgres, a fresh database on TEST_DATABASE_URL, dropped afterwards.
 */
export async function openTestDatabase(
  pool: { poolSize?: number; connectionLifetimeSeconds?: number } = {},
): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const created = await createPostgresTestDatabase({ template: inject('postgresTemplate') });
    const database = await openDatabase({ url: created.url, poolSize: 5, ...pool });
    return {
      ...database,
      async close() {
        await database.close();
        await created.drop();
      },
    };
  }
  const snapshot = await fs.readFile(inject('pgliteSnapshot'));
  const pglite = await PGlite.create({
    loadDataDir: new Blob([snapshot]),
    ...pgliteOptions(),
  });
  return openDatabase({ pglite });
}

/**
 * A database of its own on TEST_DATABASE_URL, empty or a copy of `template` (the migrated one of
 * global-setup): its address, and `drop`, which waits for its connections to close (of this process
 * or another) and drops it.
 */
export async function createPostgresTestDatabase({
  template,
}: { template?: string } = {}): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hospes_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      // pool.end() resolves before its connections have closed: wait for them, so that `with
      // (force)` does not kill one mid-goodbye (an uncaught 57P01 error in the test run).
      for (let i = 0; i < 100; i++) {
        const { rows } = await drop.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
