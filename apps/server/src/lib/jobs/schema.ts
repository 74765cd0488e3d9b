/**
 * The job queue's tables (pg-boss's own schema, `pgboss`), created or brought up to pg-boss's
 * version by pg-boss itself, under its advisory lock (so two processes starting at once agree).
 * db/client.ts runs it after the app's migrations, on PostgreSQL and on PGlite alike.
 */
import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../../db/client';

export const JOB_SCHEMA = 'pgboss';

/** Any constant shared by every process on one database: one queue created at a time. */
const CREATE_QUEUE_LOCK = 4_107_385_112;

export interface QueueSettings {
  policy: 'standard' | 'stately';
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

/**
 * Creates a queue (its row and its partition of pgboss.job) unless it exists. pg-boss's
 * create_queue inserts the row, then adds a partition with foreign keys to the queue table: two
 * processes creating queues at the same moment deadlock on PostgreSQL. Here every creation waits
 * for the one under way (a transaction-scoped advisory lock, taken first in the same statement).
 */
export async function createQueue(sql: SqlExecutor, name: string, settings: QueueSettings) {
  await sql(
    `with lock as materialized (select pg_advisory_xact_lock(${CREATE_QUEUE_LOCK}))
      select ${JOB_SCHEMA}.create_queue($1, $2::json) from lock`,
    [name, JSON.stringify(settings)],
  );
}

/** pg-boss's own queue for cron schedules, which its clock creates at start (without the lock). */
const CRON_QUEUE = '__pgboss__send-it';

export async function migrateJobQueue(sql: SqlExecutor): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => sql(text, values) },
    schema: JOB_SCHEMA,
    migrate: true,
    // Only the migration: no maintenance, no cron, no workers.
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  // Created here, under the lock: when pg-boss's clock creates it at start, it exists already.
  await createQueue(sql, CRON_QUEUE, { policy: 'standard' });
}
