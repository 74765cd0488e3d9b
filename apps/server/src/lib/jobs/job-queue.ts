/**
 * The background work of the server as jobs in the database (docs/decisions/041-the-job-queue.md):
 * sent jobs survive a restart, run once however many server processes share the database, are
 * retried with a growing delay when they fail, and end in the `failed` state, listed to platform
 * administrators, when they keep failing. The implementation is pg-boss (pg-boss-queue.ts), on
 * PostgreSQL and on PGlite alike.
 */

import type { JobState } from '@hospes/shared/admin';

export { JOB_STATES, type JobState } from '@hospes/shared/admin';

export interface JobContext {
  id: string;
  /** 0 on the first run, then 1, 2… on each retry. */
  retryCount: number;
  /** Aborted when the server stops: a long job ends its current step and returns. */
  signal: AbortSignal;
}

/** Runs one job; a throw fails this attempt (retried while retries are left). */
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

/** How a queue's jobs are retried and how long one may run; kept with the queue in the database. */
export interface WorkOptions {
  /** Retries after the first run (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30); doubled on each further one (±50 %). */
  retryDelaySeconds?: number;
  /** false: every retry after retryDelaySeconds, without doubling (default true). */
  retryBackoff?: boolean;
  /** A run still going after this many seconds fails, and is retried (default 15 minutes). */
  expireInSeconds?: number;
  /** How often this process looks for due jobs (default 2 seconds). */
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

/**
 * When a scheduled job runs: at the minutes a cron expression names, in a time zone (`daily at
 * 21:00` is `0 21 * * *`); or every so many seconds after the last run ended, the first one at
 * once (`atStart`) or an interval after the schedule is first set.
 */
export type ScheduleWhen =
  { cron: string; tz: string } | { everySeconds: number; atStart: boolean };

export interface JobSummary {
  id: string;
  name: string;
  state: JobState;
  /** Retries so far. */
  retryCount: number;
  retryLimit: number;
  createdAt: Date;
  /** When it may run (again). */
  startAfter: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  /** The last failure's message (never a stack or SQL). */
  error: string | null;
}

export interface JobQueue {
  /** Creates the queues of the handlers and schedules given so far and starts working them. */
  start(): Promise<void>;
  /** Stops taking jobs, waits for the runs under way (their signal aborted), then stops. */
  stop(): Promise<void>;
  /** This process runs the jobs of `name` (before or after start). */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Stores a job; answers its id. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string>;
  /**
   * Runs the jobs of `name` (a queue this process works) on a schedule kept in the database: one
   * run per occurrence whichever process takes it; a run that fails is retried as any job.
   */
  schedule(name: string, when: ScheduleWhen): Promise<void>;
  /** Jobs of a state (failed ones by default), newest first. */
  list(query: {
    state: JobState;
    page: number;
    limit: number;
  }): Promise<{ data: JobSummary[]; total: number }>;
}
