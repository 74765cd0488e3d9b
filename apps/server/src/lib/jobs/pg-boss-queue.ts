/**
 * The job queue over pg-boss (docs/decisions/041-the-job-queue.md), on the app's own database
 * connection: node-postgres's pool on PostgreSQL, the one PGlite instance otherwise (pg-boss only
 * needs `executeSql`; its SQL, advisory locks and `SKIP LOCKED` included, runs on PGlite as is).
 *
 * - A job is a row of `pgboss.job`: sent, it survives any restart; a process takes it with
 *   `FOR UPDATE SKIP LOCKED`, so one process runs it whatever their number.
 * - A failed run is retried after a delay that doubles each time; after the last retry the job
 *   stays `failed` (listed by `list`, GET /api/admin/jobs). A run cut off by a crash stays
 *   `active` until its expiry, then is retried.
 * - A schedule lives in the database too: cron ones in pg-boss's schedule table (its once-a-minute
 *   clock, run by one process at a time); one every so many seconds is a chain of jobs, each run
 *   storing the next one, at most one waiting at a time (the queue's `stately` policy), so
 *   several processes setting the same schedule still run it once per interval.
 */
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { pgErrorCode, type SqlExecutor } from '../../db/client';
import {
  JOB_STATES,
  type JobHandler,
  type JobQueue,
  type JobState,
  type JobSummary,
  type ScheduleWhen,
  type WorkOptions,
} from './job-queue';
import { createQueue, JOB_SCHEMA, type QueueSettings } from './schema';

export interface PgBossQueueOptions {
  sql: SqlExecutor;
  log: Pick<FastifyBaseLogger, 'debug' | 'warn' | 'error'>;
  /** Seconds between looks for due cron schedules (default 30), and for what they sent (5). */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  /** Seconds between expiries of stalled runs and archiving of finished jobs (default 120). */
  maintenanceIntervalSeconds?: number;
  /** How long `stop` waits for runs under way (default 5 s, half the server's shutdown). */
  stopTimeoutSeconds?: number;
  /** Seconds between looks for an interval schedule without a waiting run (default: its
   * interval, from 60 s to an hour). */
  scheduleWatchSeconds?: number;
}

/**
 * The statements that mark a run done or failed: pg-boss sends them without awaiting them, so a
 * failure (a connection lost) would be an unhandled rejection, which stops the server. The run
 * then stays `active` until its expiry and is retried, as after a crash.
 */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
const UNAWAITED = new Set([plans.completeJobs(JOB_SCHEMA), plans.failJobsById(JOB_SCHEMA)]);

/** The one singleton key of a schedule's jobs: with the `stately` policy, one waits at a time. */
const SCHEDULE_KEY = 'schedule';

const DEFAULTS = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  pollingIntervalSeconds: 2,
} satisfies Required<WorkOptions>;

interface Registration {
  handler: JobHandler<object>;
  options: Required<WorkOptions>;
}

/**
 * What a failed run stores, and the admin call shows: the error's message, unless it came from a
 * statement (drizzle puts the SQL and its values, travelers' data among them, into its message).
 */
export function storedError(err: unknown): Error {
  const code = pgErrorCode(err);
  let fromQuery = false;
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; i++) {
    if ('query' in e && 'params' in e) fromQuery = true;
    e = (e as { cause?: unknown }).cause;
  }
  const message =
    code || fromQuery
      ? `A database statement failed${code ? ` (SQLSTATE ${code})` : ''}`
      : err instanceof Error
        ? err.message
        : String(err);
  const stored = new Error(message.slice(0, 1000));
  if (err instanceof Error) stored.name = err.name;
  return stored;
}

/** The message of what pg-boss stored as a failed job's output. */
function errorOf(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const { message, value } = output as { message?: unknown; value?: unknown };
  if (typeof message === 'string') return message;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const inner = (value as { message?: unknown }).message;
    if (typeof inner === 'string') return inner;
  }
  return null;
}

const dateOf = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : dateOf(value);

export function createPgBossQueue(options: PgBossQueueOptions): JobQueue {
  const { log } = options;
  const stopTimeoutMs = (options.stopTimeoutSeconds ?? 5) * 1000;

  // Every statement pg-boss sends goes through here: stop() waits for those under way before the
  // database may close, and none is sent after.
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const executeSql: SqlExecutor = (text, values) => {
    if (closed) return Promise.reject(new Error('The job queue is stopped'));
    let query = options.sql(text, values);
    if (UNAWAITED.has(text))
      query = query.catch((err: unknown) => {
        log.warn({ err }, 'job queue: a run could not be marked done; it runs again once expired');
        return { rows: [{ count: 0 }] };
      });
    const done = () => inFlight.delete(query);
    inFlight.add(query);
    query.then(done, done);
    return query;
  };

  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => executeSql(text, values) },
    schema: JOB_SCHEMA,
    migrate: false, // db/client.ts migrated it
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
    cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
    cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds ?? 5,
    // Finished jobs move to pgboss.archive after 12 hours, failed ones after 30 days (listed
    // until then); archived ones are deleted after 7 days.
    archiveCompletedAfterSeconds: 12 * 3600,
    archiveFailedAfterSeconds: 30 * 86_400,
    deleteAfterDays: 7,
  });
  let stopping = false;
  boss.on('error', (err) => {
    if (!stopping) log.error({ err }, 'job queue: pg-boss failed (it tries again)');
  });

  const registrations = new Map<string, Registration>();
  const schedules = new Map<string, ScheduleWhen>();
  const queues = new Map<string, Promise<void>>();
  const stopSignal = new AbortController();
  const running = new Set<Promise<unknown>>();
  let started = false;

  /** The queue's row, with its retry policy (every process sending to it uses it). */
  async function declareQueue(name: string) {
    const registration = registrations.get(name);
    const o = registration?.options ?? DEFAULTS;
    const settings: QueueSettings = {
      policy: schedules.has(name) ? 'stately' : 'standard',
      retryLimit: o.retryLimit,
      retryDelay: o.retryDelaySeconds,
      retryBackoff: o.retryBackoff,
      expireInSeconds: o.expireInSeconds,
    };
    await createQueue(executeSql, name, settings);
    // Already there (created by another process, or by an earlier version): these settings win.
    await boss.updateQueue(name, { name, ...settings });
  }

  function ensureQueue(name: string): Promise<void> {
    let declared = queues.get(name);
    if (!declared) {
      declared = declareQueue(name);
      queues.set(name, declared);
      declared.catch(() => queues.delete(name));
    }
    return declared;
  }

  /**
   * The schedule's next run, `afterSeconds` from now, unless one is already waiting (stored by
   * another process, or by this one at start): the stately queue keeps one.
   */
  async function sendOccurrence(name: string, afterSeconds: number) {
    const id = await boss.send(name, {}, { singletonKey: SCHEDULE_KEY, startAfter: afterSeconds });
    if (id) log.debug({ job: name, jobId: id, afterSeconds }, 'job scheduled');
  }

  async function startSchedule(name: string, when: ScheduleWhen) {
    await ensureQueue(name);
    if ('cron' in when) {
      await boss.schedule(name, when.cron, {}, { tz: when.tz, singletonKey: SCHEDULE_KEY });
      return;
    }
    const pending = await executeSql(
      `select 1 from ${JOB_SCHEMA}.job where name = $1 and state < 'completed' limit 1`,
      [name],
    );
    if (pending.rows.length === 0) {
      await sendOccurrence(name, when.atStart ? 0 : when.everySeconds);
      return;
    }
    // A run is waiting: no later than one interval from now (the interval may have been shortened).
    await executeSql(
      `update ${JOB_SCHEMA}.job set start_after = least(start_after, now() + $2 * interval '1 second')
        where name = $1 and state = 'created'`,
      [name, when.everySeconds],
    );
  }

  async function run(name: string, job: PgBoss.JobWithMetadata<object>) {
    const registration = registrations.get(name)!;
    const context = { id: job.id, retryCount: job.retryCount, signal: stopSignal.signal };
    log.debug({ job: name, jobId: job.id, retryCount: job.retryCount }, 'job started');
    try {
      await registration.handler(job.data ?? {}, context);
      log.debug({ job: name, jobId: job.id }, 'job done');
    } catch (err) {
      const last = job.retryCount >= job.retryLimit;
      if (last)
        log.error(
          { err, job: name, jobId: job.id, retryCount: job.retryCount },
          'job failed after its last retry; it stays failed (GET /api/admin/jobs?state=failed)',
        );
      else
        log.warn(
          { err, job: name, jobId: job.id, retryCount: job.retryCount },
          'job failed; it will be retried',
        );
      throw storedError(err);
    } finally {
      const when = schedules.get(name);
      // Whatever this run's fate, the next one is stored (a failed run is retried on its own).
      if (when && 'everySeconds' in when)
        await sendOccurrence(name, when.everySeconds).catch((err: unknown) =>
          log.error({ err, job: name }, 'job queue: the next run could not be stored'),
        );
    }
  }

  async function startWorker(name: string) {
    const { options: o } = registrations.get(name)!;
    await ensureQueue(name);
    await boss.work<object>(
      name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: o.pollingIntervalSeconds },
      async ([job]) => {
        const running$ = run(name, job!);
        running.add(running$);
        const forget = () => running.delete(running$);
        running$.then(forget, forget);
        await running$;
      },
    );
  }

  /**
   * An interval schedule's next run is stored by the run before it. Should that store fail (the
   * database away for a moment) or a run die on its last retry, no run would wait any more: a
   * look every interval (at most an hour) stores one again when none is waiting.
   */
  const watchdogs = new Map<string, ReturnType<typeof setInterval>>();
  function watchSchedule(name: string, when: ScheduleWhen) {
    clearInterval(watchdogs.get(name));
    if (!('everySeconds' in when)) return;
    const everyMs =
      (options.scheduleWatchSeconds ?? Math.min(Math.max(when.everySeconds, 60), 3600)) * 1000;
    const timer = setInterval(() => {
      if (stopping || closed) return;
      startSchedule(name, { ...when, atStart: false }).catch((err: unknown) =>
        log.warn({ err, job: name }, 'job queue: could not look at the waiting run'),
      );
    }, everyMs);
    timer.unref();
    watchdogs.set(name, timer);
  }

  return {
    async start() {
      if (started) return;
      started = true;
      await boss.start();
      // Schedules first: a run due at once is there for the worker's first look.
      for (const [name, when] of schedules) {
        await startSchedule(name, when);
        watchSchedule(name, when);
      }
      for (const name of registrations.keys()) await startWorker(name);
    },

    async stop() {
      if (!started || stopping) return;
      stopping = true;
      for (const timer of watchdogs.values()) clearInterval(timer);
      watchdogs.clear();
      stopSignal.abort();
      const deadline = Date.now() + stopTimeoutMs;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: stopTimeoutMs });
      // A fetch under way when pg-boss stopped may still hand over a job: it runs (its signal
      // aborted) and is marked done. Then no statement is left, and none is sent after.
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if ((inFlight.size === 0 && running.size === 0) || Date.now() > deadline) break;
      }
      closed = true;
    },

    async work(name, handler, workOptions = {}) {
      registrations.set(name, {
        handler: handler as JobHandler<object>,
        options: { ...DEFAULTS, ...workOptions },
      });
      if (started) await startWorker(name);
    },

    async send(name, data, sendOptions = {}) {
      await ensureQueue(name);
      const id = await boss.send(name, data, { startAfter: sendOptions.startAfterSeconds ?? 0 });
      if (!id) throw new Error(`The job of ${name} was not stored`);
      return id;
    },

    async schedule(name, when) {
      if (!registrations.has(name)) throw new Error(`No handler for the scheduled job ${name}`);
      schedules.set(name, when);
      if (started) {
        // The queue was declared as a standard one by work(): declared again, now stately.
        queues.delete(name);
        await startSchedule(name, when);
        watchSchedule(name, when);
      }
    },

    async list({ state, page, limit }) {
      if (!JOB_STATES.includes(state)) throw new Error(`Unknown job state ${String(state)}`);
      // pg-boss's own queues (the cron's) are not the app's jobs.
      const where = `state = $1::${JOB_SCHEMA}.job_state and name not like '\\_\\_pgboss\\_\\_%'`;
      const [{ rows }, count] = await Promise.all([
        executeSql(
          `select id, name, state, retry_count, retry_limit, created_on, start_after, started_on,
              completed_on, output
            from ${JOB_SCHEMA}.job where ${where}
            order by created_on desc, id desc limit $2 offset $3`,
          [state, limit, (page - 1) * limit],
        ),
        executeSql(`select count(*)::int as total from ${JOB_SCHEMA}.job where ${where}`, [state]),
      ]);
      const data: JobSummary[] = rows.map((row) => ({
        id: String(row.id),
        name: String(row.name),
        state: row.state as JobState,
        retryCount: Number(row.retry_count),
        retryLimit: Number(row.retry_limit),
        createdAt: dateOf(row.created_on),
        startAfter: dateOf(row.start_after),
        startedAt: dateOrNull(row.started_on),
        completedAt: dateOrNull(row.completed_on),
        error: row.state === 'failed' || row.state === 'retry' ? errorOf(row.output) : null,
      }));
      return { data, total: Number(count.rows[0]?.total ?? 0) };
    },
  };
}
