import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ensurePrivateDir, repairModes } from './data-dir';
import { migrateJobQueue } from '../lib/jobs/schema';
import { PgliteClient } from './pglite-client';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Statements outside drizzle (the job queue's, lib/jobs): a text and its values, as node-postgres
 * takes them. Without values, the text may hold several statements (a transaction of its own);
 * the last one's rows answer.
 */
export type SqlExecutor = (
  text: string,
  values?: readonly unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  db: Db;
  kind: DatabaseKind;
  sql: SqlExecutor;
  close(): Promise<void>;
  /**
   * Where to report a PostgreSQL connection lost (the server restarted, the connection was ended),
   * idle or in use: the pool drops it and the next query opens another. Standard error until set.
   */
  onConnectionLost?(listener: (err: Error) => void): void;
}

/** The committed drizzle-kit migrations, found from src/ (dev, tests) or dist/ (production). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder not found');
}

/** The PostgreSQL extensions the migrations create, as PGlite loads them (from node_modules). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PostgreSQL's memory inside PGlite (decision 065). PGlite's WebAssembly memory grows to the
 * largest it has needed and is never given back, so what PostgreSQL may take is what the process
 * keeps: shared buffers of 128 MB (initdb's default) filled up through a day with pages the
 * operating system's cache also holds (PGlite reads its files through it); a sort or hash of up to
 * 4 MB per step; an index built or a table vacuumed (migrations) with up to 64 MB. An albergue's
 * working set is a few MB of rows and indexes.
 */
export const PGLITE_MEMORY_SETTINGS = {
  shared_buffers: '32MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '8MB',
  wal_buffers: '1MB',
} as const;

/** How the server opens PGlite: the extensions, and PGlite's own start parameters with ours. */
export function pgliteOptions(): { extensions: typeof PGLITE_EXTENSIONS; startParams: string[] } {
  return {
    extensions: PGLITE_EXTENSIONS,
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_MEMORY_SETTINGS).flatMap(([name, value]) => [
        '-c',
        `${name}=${value}`,
      ]),
    ],
  };
}

export type OpenOptions =
  | { url: string; poolSize?: number; connectionLifetimeSeconds?: number }
  | { dataDir: string }
  | { pglite: PGlite };

/**
 * How long a PostgreSQL connection lives at most. Named statements (decisions 016 and 017) stay
 * prepared on a connection until it closes, and a busy pool never closes an idle one; replacing
 * each connection hourly frees the statements of shapes no longer in use.
 */
const CONNECTION_LIFETIME_SECONDS = 3600;

/** The advisory lock under which a server migrates PostgreSQL (any fixed number of our own). */
const MIGRATION_LOCK = 4_605_326_001;

/**
 * Opens PostgreSQL (url) or PGlite (a data dir, or a ready instance), and applies migrations: the
 * app's (drizzle-kit's), then the job queue's own schema (pg-boss, lib/jobs).
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      maxLifetimeSeconds: options.connectionLifetimeSeconds ?? CONNECTION_LIFETIME_SECONDS,
    });
    // A connection's failure (PostgreSQL restarted, the connection ended) is emitted on the
    // connection, and for an idle one again on the pool: unheard, either would end the process.
    // Each connection reports its own; the query in flight, if any, fails on its own, and the pool
    // drops the connection.
    let connectionLost = (err: Error): void => {
      process.stderr.write(`A PostgreSQL connection was lost: ${err.message}\n`);
    };
    pool.on('connect', (connection) => connection.on('error', (err) => connectionLost(err)));
    pool.on('error', () => {}); // reported by the connection's own listener
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // Servers started at the same moment on one database would run the same migrations at once
    // (a duplicate CREATE TYPE fails one start): each waits for the others' under a lock held by
    // a connection of its own, released when the migrations are done (decision 046).
    const lock = new pg.Client({ connectionString: options.url });
    await lock.connect();
    const sql: SqlExecutor = async (text, values) => {
      if (values?.length) {
        const result = await pool.query<Record<string, unknown>>(text, [...values]);
        return { rows: result.rows };
      }
      // Without values, node-postgres sends the text as one simple query (several statements
      // allowed), and answers an array when there were several. One that fails inside its own
      // BEGIN leaves the connection in an aborted transaction: rolled back before it goes back.
      const connection = await pool.connect();
      try {
        const result = (await connection.query(text)) as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(result) ? result.at(-1) : result;
        return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
      } catch (err) {
        await connection.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        connection.release();
      }
    };
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(db as never, { migrationsFolder: migrationsFolder() });
      await migrateJobQueue(sql);
    } finally {
      await lock.end();
    }
    return {
      db,
      kind: 'postgres',
      sql,
      close: () => pool.end(),
      onConnectionLost: (listener) => {
        connectionLost = listener;
      },
    };
  }
  let client: PGlite;
  if ('pglite' in options) client = options.pglite;
  else {
    // Private to the server's user, as PostgreSQL wants its data directory (decision 040).
    const dir = path.join(options.dataDir, 'pgdata');
    ensurePrivateDir(options.dataDir);
    ensurePrivateDir(dir);
    const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    client = new PGlite(dir, pgliteOptions());
    await client.waitReady;
    // A new cluster's files are written readable and writable by anyone (0666), whatever the
    // umask; the files PostgreSQL creates later are 0600.
    if (fresh) repairModes(dir);
  }
  await client.waitReady;
  // drizzle calls query and transaction, which PgliteClient provides (in one call per statement).
  const pgliteClient = new PgliteClient(client);
  const db = drizzlePglite({
    client: pgliteClient as unknown as PGlite,
    schema,
  }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  const sql: SqlExecutor = async (text, values) => {
    if (values?.length) {
      const result = await pgliteClient.query<Record<string, unknown>>(text, [...values]);
      return { rows: result.rows };
    }
    // The simple protocol, several statements in one call (after any transaction under way).
    const result = await pgliteClient.execScript<Record<string, unknown>>(text);
    return { rows: result.rows };
  };
  await migrateJobQueue(sql);
  return {
    db,
    kind: 'pglite',
    sql,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * A prepared statement whose plan may be kept for any values (decision 017). drizzle sends it to
 * PostgreSQL under its name, so each connection parses it once and PostgreSQL may keep one plan
 * for it; PGlite is told the same through PgliteClient.keepPlan. Answers the statement.
 */
export function keepingPlan<T extends { getQuery(): { sql: string } }>(db: Db, statement: T): T {
  pgliteClientOf(db)?.keepPlan(statement.getQuery().sql);
  return statement;
}

/**
 * keepingPlan for a statement that is not prepared (it also runs in transactions, which a prepared
 * statement cannot): PGlite keeps the plan of this text, whatever values it is later run with.
 * Nothing to do on PostgreSQL, where only named statements keep a plan. Call it once, with any
 * values: only the text counts.
 */
export function keepPlanOf(db: Db, query: { toSQL(): { sql: string } } | SQL): void {
  const client = pgliteClientOf(db);
  if (!client) return;
  client.keepPlan(is(query, SQL) ? new PgDialect().sqlToQuery(query).sql : query.toSQL().sql);
}

/** The PgliteClient behind a drizzle database opened on PGlite (none on PostgreSQL). */
function pgliteClientOf(db: Db): PgliteClient | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PgliteClient ? client : null;
}

/** Postgres error code of a failed query, looking through drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 3 && current && typeof current === 'object'; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function constraintName(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 3 && current && typeof current === 'object'; i++) {
    const c = (current as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
