/**
 * The job queue's tables (pg-boss's own schema, `pgboss`), created or brought up to pg-boss's
 * version by pg-boss itself, under its advisory lock (so two processes starting at once agree).
 * db/client.ts runs it after the app's migrations, on PostgreSQL and on PGlite alike.
 */
import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../../db/client';

export const JOB_SCHEMA = 'pgboss';

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
}
