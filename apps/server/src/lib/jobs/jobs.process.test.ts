/**
 * The job queue across server processes (src/server.ts started as `npm run dev` does): a job
 * stored by a server killed with SIGKILL before it ran runs once after the restart (on PGlite in
 * DATA_DIR, or on PostgreSQL with TEST_DATABASE_URL); two servers on one PostgreSQL run a
 * scheduled job once.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../../db/client';
import { createPostgresTestDatabase } from '../../../test/db';
import {
  seedDataDir,
  startServer,
  type LogLine,
  type ServerProcess,
} from '../../../test/server-process';
import { SES_CHECKS_JOB } from '../../modules/ses/ses.service';
import { RETENTION_PURGE_JOB } from '../../modules/retention/retention.service';

const onPostgres = process.env.TEST_DB === 'postgres';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface ServerDatabase {
  env: Record<string, string>;
  query(text: string, values: unknown[]): Promise<Record<string, unknown>[]>;
}

/** A data dir (and a database on PostgreSQL) of the test's own, and how to query it. */
async function serverDatabase(): Promise<ServerDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-jobs-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  if (onPostgres) {
    const database = await createPostgresTestDatabase();
    cleanups.push(() => database.drop());
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
      async query(text: string, values: unknown[]) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          return (await client.query(text, values)).rows as Record<string, unknown>[];
        } finally {
          await client.end();
        }
      },
    };
  }
  await seedDataDir(dataDir);
  return {
    env: { DATA_DIR: dataDir },
    /** Only once no server holds the data dir. */
    async query(text: string, values: unknown[]) {
      const pglite = await PGlite.create(path.join(dataDir, 'pgdata'), {
        extensions: PGLITE_EXTENSIONS,
      });
      try {
        return (await pglite.query<Record<string, unknown>>(text, values)).rows;
      } finally {
        await pglite.close();
      }
    },
  };
}

/** A server, killed at the end of the test if still running. */
async function server(env: Record<string, string>): Promise<ServerProcess> {
  const started = await startServer(env);
  cleanups.push(() => started.stop('SIGKILL'));
  return started;
}

const started = (name: string) => (line: LogLine) =>
  line.msg === 'job started' && line.job === name;

describe('a job stored before the server is killed', () => {
  it('runs once after a restart', { timeout: 150_000 }, async () => {
    const database = await serverDatabase();
    // Only the lote checks, the first one due 8 seconds after it is stored.
    const env = { ...database.env, SES_CHECK_SECONDS: '8', RETENTION_PURGE_HOURS: '0' };

    const first = await server(env);
    const scheduled = await first.waitForLine(
      (line) => line.msg === 'job scheduled' && line.job === SES_CHECKS_JOB,
      10_000,
    );
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    // It had not run.
    expect(first.lines.filter(started(SES_CHECKS_JOB))).toEqual([]);

    const second = await server(env);
    await second.waitForLine(
      (line) => line.msg === 'job done' && line.jobId === scheduled.jobId,
      60_000,
    );
    expect(await second.stop('SIGTERM')).toBe(0);

    // The same job, run once, by the second server, which did not store another one at start.
    const runs = second.lines.filter(started(SES_CHECKS_JOB));
    expect(runs.filter((line) => line.jobId === scheduled.jobId)).toHaveLength(1);
    expect(
      second.lines.filter((line) => line.msg === 'job scheduled' && line.jobId === scheduled.jobId),
    ).toEqual([]);
    const [row] = await database.query('select state, retry_count from pgboss.job where id = $1', [
      scheduled.jobId,
    ]);
    expect(row).toEqual({ state: 'completed', retry_count: 0 });
  });
});

describe('two server processes on one PostgreSQL', () => {
  it.runIf(onPostgres)('run a scheduled job once', { timeout: 150_000 }, async () => {
    const database = await serverDatabase();
    // The retention purge: due when first scheduled, then in an hour. The lote checks: every
    // second, worked by both.
    const env = { ...database.env, RETENTION_PURGE_HOURS: '1', SES_CHECK_SECONDS: '1' };
    const first = await server(env);
    await first.waitForLine(
      (line) => line.msg === 'job done' && line.job === RETENTION_PURGE_JOB,
      30_000,
    );
    const second = await server(env);
    // Both at work for a while: until four lote checks have run since the second started.
    const checksBefore = [...first.lines, ...second.lines].filter(started(SES_CHECKS_JOB)).length;
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        const checks = [...first.lines, ...second.lines].filter(started(SES_CHECKS_JOB)).length;
        if (checks - checksBefore >= 4) done(resolve);
      }, 100);
      const limit = setTimeout(() => done(() => reject(new Error('no lote checks'))), 60_000);
      const done = (settle: () => void) => {
        clearInterval(timer);
        clearTimeout(limit);
        settle();
      };
    });
    expect(await second.stop('SIGTERM')).toBe(0);
    expect(await first.stop('SIGTERM')).toBe(0);

    const lines = [...first.lines, ...second.lines];
    // The purge ran once, though both servers scheduled it when they started.
    expect(lines.filter(started(RETENTION_PURGE_JOB))).toHaveLength(1);
    const purges = await database.query(
      'select state from pgboss.job where name = $1 order by created_on',
      [RETENTION_PURGE_JOB],
    );
    expect(purges).toEqual([{ state: 'completed' }, { state: 'created' }]);
    // Each lote check ran once, whichever server took it.
    const checks = lines.filter(started(SES_CHECKS_JOB)).map((line) => line.jobId);
    expect(new Set(checks).size).toBe(checks.length);
  });
});
