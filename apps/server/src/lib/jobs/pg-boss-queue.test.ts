/**
 * The job queue on the test's database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a job that
 * keeps failing is retried with a growing delay and ends failed, listed to platform admins by GET
 * /api/admin/jobs; what a failed statement stores; an interval schedule worked by two queues (two
 * processes) runs each time once; a cron schedule runs. A job surviving a kill -9, and two server
 * processes on one PostgreSQL: jobs.process.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminJobListResponseSchema } from '@hospes/shared/admin';
import { createAdminSession, createUserSession } from '../../../test/accounts';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import type { JobQueue } from './job-queue';
import { createPgBossQueue } from './pg-boss-queue';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let staff: Awaited<ReturnType<typeof createUserSession>>;
const queues: JobQueue[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdminSession(ctx);
  staff = await createUserSession(ctx, 'user');
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await ctx?.close();
});

const quietLog = () => ({ debug: vi.fn(), warn: vi.fn(), error: vi.fn() });

/** A queue on the test's database, stopped at the end of the file at the latest. */
function newQueue(options: Partial<Parameters<typeof createPgBossQueue>[0]> = {}) {
  const queue = createPgBossQueue({ sql: ctx.database.sql, log: quietLog(), ...options });
  queues.push(queue);
  return queue;
}

const listJobs = (query: string, token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/admin/jobs${query}`,
    headers: token ? bearer(token) : {},
  });

async function jobRows(name: string) {
  const { rows } = await ctx.database.sql(
    `select id, state, retry_count, output from pgboss.job where name = $1 order by created_on`,
    [name],
  );
  return rows as { id: string; state: string; retry_count: number; output: unknown }[];
}

describe('the statements of the queue', () => {
  it('a text of statements that fails inside its own transaction leaves the connection usable', async () => {
    // pg-boss's maintenance sends such texts (BEGIN; lock; …; COMMIT).
    await expect(
      ctx.database.sql('begin; select pg_advisory_xact_lock(1); select 1/0; commit;'),
    ).rejects.toThrow(/division by zero/);
    expect((await ctx.database.sql('select 1 as x')).rows).toEqual([{ x: 1 }]);
    expect((await ctx.database.sql('select 1 as x; select 2 as y')).rows).toEqual([{ y: 2 }]);
  });
});

describe('a job that keeps failing', () => {
  it('is retried with a growing delay, then stays failed, listed to platform admins', async () => {
    const queue = newQueue();
    const attempts: { retryCount: number; at: number }[] = [];
    await queue.work(
      'test-mail-alert',
      async (data: { to: string }, job) => {
        attempts.push({ retryCount: job.retryCount, at: Date.now() });
        throw new Error(`SMTP refused ${data.to}: 550 mailbox unavailable`);
      },
      { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true, pollingIntervalSeconds: 0.5 },
    );
    await queue.start();
    const id = await queue.send('test-mail-alert', { to: 'owner@hospes.test' });

    await vi.waitFor(
      async () => expect((await jobRows('test-mail-alert'))[0]?.state).toBe('failed'),
      { timeout: 20_000, interval: 200 },
    );
    // The first run, then two retries, each after a longer wait: at least 1 s, then at least 2 s
    // (the delay doubles from retryDelaySeconds; the database sets when a retry may start).
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1900);

    const res = await listJobs('', admin.token);
    expect(res.statusCode).toBe(200);
    const body = AdminJobListResponseSchema.parse(res.json());
    expect(body.data).toContainEqual(
      expect.objectContaining({
        id,
        name: 'test-mail-alert',
        state: 'failed',
        retryCount: 2,
        retryLimit: 2,
        error: 'SMTP refused owner@hospes.test: 550 mailbox unavailable',
      }),
    );
    expect(body.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(1);
    const job = body.data.find((j) => j.id === id)!;
    expect(job.completedAt).not.toBeNull();
    expect(JSON.stringify(job)).not.toMatch(/at .*\.ts:\d+/); // no stack

    // Other states on request; pg-boss's own jobs are never listed.
    const completed = await listJobs('?state=completed&limit=5', admin.token);
    expect(completed.statusCode).toBe(200);
    expect(completed.json().data.every((j: { state: string }) => j.state === 'completed')).toBe(
      true,
    );
    expect(JSON.stringify(completed.json())).not.toContain('__pgboss__');
    // Administrators only.
    expect((await listJobs('', staff.token)).statusCode).toBe(403);
    expect((await listJobs('')).statusCode).toBe(401);
    const bad = await listJobs('?state=stuck', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('stores a failed statement without its SQL nor its values', async () => {
    const queue = newQueue();
    await queue.work(
      'test-statement',
      async () => {
        await ctx.database.db.execute(sql`select ${'Y1234567X-secret'}::int`);
      },
      { retryLimit: 0, pollingIntervalSeconds: 0.5 },
    );
    await queue.start();
    const id = await queue.send('test-statement', {});
    await vi.waitFor(
      async () => expect((await jobRows('test-statement'))[0]?.state).toBe('failed'),
      { timeout: 10_000, interval: 200 },
    );
    const [row] = await jobRows('test-statement');
    expect(JSON.stringify(row!.output)).not.toContain('Y1234567X-secret');
    expect(JSON.stringify(row!.output)).not.toMatch(/select/i);
    const listed = (await listJobs('?limit=100', admin.token))
      .json()
      .data.find((j: { id: string }) => j.id === id);
    expect(listed.error).toBe('A database statement failed (SQLSTATE 22P02)');
  });
});

describe('a run that cannot be marked done', () => {
  it('stays active, to be retried once expired, and does not stop the server', async () => {
    // The database refuses the statement that marks a run completed (a connection lost then).
    const log = quietLog();
    const queue = newQueue({
      log,
      sql: (text, values) =>
        /state = 'completed',\s+output = \$3::jsonb/.test(text)
          ? Promise.reject(new Error('Connection terminated unexpectedly'))
          : ctx.database.sql(text, values),
    });
    const ran = vi.fn(async () => {});
    await queue.work('test-unmarked', ran, { pollingIntervalSeconds: 0.5 });
    await queue.start();
    const id = await queue.send('test-unmarked', {});
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalled(), { timeout: 10_000, interval: 100 });
    expect(ran).toHaveBeenCalledTimes(1);
    expect(await jobRows('test-unmarked')).toEqual([
      expect.objectContaining({ id, state: 'active' }),
    ]);
    expect(log.warn.mock.calls[0]![1]).toMatch(/could not be marked done/);
  });
});

describe('schedules', () => {
  it('every so many seconds: two queues on one database (two processes) run each time once, one run at a time', async () => {
    const runs: { queue: string; id: string; start: number; end: number }[] = [];
    const first = newQueue();
    const second = newQueue();
    for (const [tag, queue] of [
      ['first', first],
      ['second', second],
    ] as const) {
      await queue.work(
        'test-every-second',
        async (_data, job) => {
          const start = Date.now();
          await new Promise((resolve) => setTimeout(resolve, 100));
          runs.push({ queue: tag, id: job.id, start, end: Date.now() });
        },
        { pollingIntervalSeconds: 0.5 },
      );
      await queue.schedule('test-every-second', { everySeconds: 1, atStart: true });
    }
    await Promise.all([first.start(), second.start()]);
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(4), {
      timeout: 20_000,
      interval: 100,
    });
    await Promise.all([first.stop(), second.stop()]);

    // Each run is a job of its own, run once, and none began before the one before it ended.
    expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
    const byStart = [...runs].sort((a, b) => a.start - b.start);
    for (let i = 1; i < byStart.length; i++)
      expect(byStart[i]!.start).toBeGreaterThanOrEqual(byStart[i - 1]!.end);
    const rows = await jobRows('test-every-second');
    expect(rows.filter((r) => r.state === 'completed')).toHaveLength(runs.length);
    // And the next one waits, alone.
    expect(rows.filter((r) => r.state === 'created')).toHaveLength(1);
  });

  it('a restart keeps the waiting run, brought forward when the interval was shortened', async () => {
    const startAfter = async () =>
      (
        await ctx.database.sql(
          `select start_after::text as at, extract(epoch from start_after - now())::int as seconds,
              state
            from pgboss.job where name = $1`,
          ['test-hourly'],
        )
      ).rows;
    const before = newQueue();
    await before.work('test-hourly', async () => {});
    await before.schedule('test-hourly', { everySeconds: 3600, atStart: false });
    await before.start();
    await before.stop();
    const [waiting] = await startAfter();
    expect(waiting).toMatchObject({ state: 'created' });
    expect(waiting!.seconds).toBeGreaterThan(3500);

    // The same interval again: the same run, at the same time.
    const same = newQueue();
    await same.work('test-hourly', async () => {});
    await same.schedule('test-hourly', { everySeconds: 3600, atStart: true });
    await same.start();
    await same.stop();
    // (The time itself, not the seconds left, which move on while the queue starts.)
    const [kept, ...more] = await startAfter();
    expect(more).toEqual([]);
    expect(kept).toMatchObject({ state: 'created', at: waiting!.at });

    // Every 10 minutes now: the waiting run within 10 minutes.
    const shorter = newQueue();
    await shorter.work('test-hourly', async () => {});
    await shorter.schedule('test-hourly', { everySeconds: 600, atStart: false });
    await shorter.start();
    await shorter.stop();
    const [brought] = await startAfter();
    expect(brought).toMatchObject({ state: 'created' });
    expect(brought!.seconds).toBeLessThanOrEqual(600);
  });

  it('stores a waiting run again when none is left (its store failed, or it died on its last retry)', async () => {
    const queue = newQueue({ scheduleWatchSeconds: 0.5 });
    await queue.work('test-watched', async () => {});
    await queue.schedule('test-watched', { everySeconds: 3600, atStart: false });
    await queue.start();
    const waiting = async () =>
      (
        await ctx.database.sql(`select id from pgboss.job where name = $1 and state = 'created'`, [
          'test-watched',
        ])
      ).rows;
    const [first] = await waiting();
    expect(first).toBeDefined();
    // The run that would have stored the next one is gone.
    await ctx.database.sql(`delete from pgboss.job where name = $1`, ['test-watched']);
    await vi.waitFor(
      async () => {
        const rows = await waiting();
        expect(rows).toHaveLength(1);
        expect(rows[0]!.id).not.toBe(first!.id);
      },
      { timeout: 15_000, interval: 200 },
    );
    await queue.stop();
  });

  it('a cron expression in a time zone: stored in the database, run by the queue', async () => {
    const queue = newQueue({ cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 });
    const ran = vi.fn(async () => {});
    await queue.work('test-cron', ran, { pollingIntervalSeconds: 0.5 });
    // Every minute: its last minute is always within the minute pg-boss looks back on.
    await queue.schedule('test-cron', { cron: '* * * * *', tz: 'Europe/Madrid' });
    await queue.start();
    const { rows } = await ctx.database.sql(
      `select cron, timezone from pgboss.schedule where name = $1`,
      ['test-cron'],
    );
    expect(rows).toEqual([{ cron: '* * * * *', timezone: 'Europe/Madrid' }]);
    await vi.waitFor(() => expect(ran).toHaveBeenCalled(), { timeout: 20_000, interval: 200 });
    await queue.stop();
  });

  it('refuses a schedule without a handler, and a job sent to a queue nobody declared is still stored', async () => {
    const queue = newQueue();
    await expect(queue.schedule('test-nobody', { everySeconds: 5, atStart: true })).rejects.toThrow(
      /No handler/,
    );
    const id = await queue.send('test-later', { n: 1 }, { startAfterSeconds: 3600 });
    expect(await jobRows('test-later')).toEqual([
      expect.objectContaining({ id, state: 'created', retry_count: 0 }),
    ]);
  });
});
