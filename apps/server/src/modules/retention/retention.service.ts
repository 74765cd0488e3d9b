/**
 * The retention purge (docs/decisions/021-retention-purge.md): travelers whose 3-year retention
 * (RD 933/2021 art. 5.3) has ended, and who were entered at least as long ago, are deleted with their document images, self-registration and
 * registration keys, each deletion written to the audit log; expired sessions and one-time tokens
 * go too. It runs when the server starts and then every RETENTION_PURGE_HOURS.
 */
import { addYears, todayIso } from '@hospes/shared/dates';
import { and, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeTokens, pilgrims, sessions } from '../../db/schema';
import type { AuditRepository } from '../audit/audit.repository';
import type { TravelerCounts } from '../pilgrims/traveler-counts';

/** Years a traveler's record is kept from the end of the stay (RD 933/2021 art. 5.3). */
export const RETENTION_YEARS = 3;

/**
 * Today (in Spain) 3 years back. A stay that ended on this day (its check-out date, or its entry
 * date when it has none) is kept to the end of today, as periods of years run "de fecha a fecha"
 * (Código Civil art. 5): a record is retained while its stay ended on or after this day, and may go
 * once it ended before.
 */
export const retentionCutoff = (now: Date) => addYears(todayIso(now), -RETENTION_YEARS);

/**
 * The purge also waits until a record was entered at least as long ago: a stay typed today with a
 * wrong year, or imported from old books, is not deleted the next night.
 */
export function enteredBy(now: Date): Date {
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() - RETENTION_YEARS);
  return at;
}

/** SQL: the day a traveler's stay ended, from which its retention runs. */
export const stayEnd = sql`coalesce(${pilgrims.checkOutDate}, ${pilgrims.entryDate})`;

/** Any constant shared by every process on one database: one purge at a time. */
const PURGE_LOCK = 7_304_512_033;

export interface PurgeResult {
  travelers: number;
  sessions: number;
  tokens: number;
  /** Another process held the purge, or it was stopped: the rest is left for the next run. */
  skipped: boolean;
}

export function createRetentionService(deps: {
  db: Db;
  audit: AuditRepository;
  counts?: Pick<TravelerCounts, 'changed'>;
  now?: () => Date;
  /** Travelers deleted per transaction (default 500), so that no lock is held for long. */
  batchSize?: number;
}) {
  const { db, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const batchSize = deps.batchSize ?? 500;

  /** One batch in one transaction: null when another process holds the purge. */
  async function purgeBatch(cutoff: string, entered: Date): Promise<number | null> {
    return db.transaction(async (tx) => {
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}::bigint) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      if (!lock.rows[0]?.locked) return null;
      // Rows being edited right now are left for the next run instead of waited for.
      // The entry date's bound is implied (a check-out is never before the entry) and lets
      // PostgreSQL read the entry-date index instead of the whole table for each batch.
      const expired = tx
        .select({ id: pilgrims.id })
        .from(pilgrims)
        .where(
          and(
            lt(pilgrims.entryDate, cutoff),
            sql`${stayEnd} < ${cutoff}`,
            lte(pilgrims.createdAt, entered),
          ),
        )
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const deleted = await tx
        .delete(pilgrims)
        .where(inArray(pilgrims.id, expired))
        .returning({ id: pilgrims.id, establishmentId: pilgrims.establishmentId });
      await audit.record(
        { actorId: null, requestId: null, ip: null },
        deleted.map((row) => ({
          action: 'pilgrim.deleted' as const,
          entityType: 'pilgrim' as const,
          entityId: row.id,
          establishmentId: row.establishmentId,
          details: { reason: 'retentionExpired' },
        })),
        tx,
      );
      return deleted.length;
    });
  }

  return {
    /**
     * Deletes what is past its retention, batch by batch; how much went. With `signal` aborted it
     * stops before the next batch (a shutdown does not wait for a whole backlog).
     */
    async purge(options: { signal?: AbortSignal } = {}): Promise<PurgeResult> {
      const at = now();
      const cutoff = retentionCutoff(at);
      const entered = enteredBy(at);
      let travelers = 0;
      try {
        for (;;) {
          if (options.signal?.aborted) return { travelers, sessions: 0, tokens: 0, skipped: true };
          const deleted = await purgeBatch(cutoff, entered);
          if (deleted === null) return { travelers, sessions: 0, tokens: 0, skipped: true };
          travelers += deleted;
          if (deleted < batchSize) break;
        }
      } finally {
        if (travelers > 0) deps.counts?.changed();
      }
      const expiredSessions = await db
        .delete(sessions)
        .where(lt(sessions.expiresAt, at))
        .returning({ id: sessions.id });
      const expiredTokens = await db
        .delete(oneTimeTokens)
        .where(lt(oneTimeTokens.expiresAt, at))
        .returning({ id: oneTimeTokens.id });
      return {
        travelers,
        sessions: expiredSessions.length,
        tokens: expiredTokens.length,
        skipped: false,
      };
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;

/**
 * Runs `purge` once at `start()` and then every `intervalMs`, one run at a time; a failed run is
 * logged and the next one tries again. `stop()` cancels the timer, and waits for a run under way
 * to finish its batch.
 */
export function scheduleRetention(
  service: Pick<RetentionService, 'purge'>,
  intervalMs: number,
  log: {
    info(obj: unknown, msg: string): void;
    error(obj: unknown, msg: string): void;
  },
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const stopping = new AbortController();

  async function run() {
    try {
      const result = await service.purge({ signal: stopping.signal });
      if (result.travelers + result.sessions + result.tokens > 0)
        log.info(result, 'retention purge: records past their retention deleted');
    } catch (err) {
      log.error({ err }, 'retention purge failed; it runs again at the next interval');
    }
  }

  function tick() {
    timer = null;
    running = run().finally(() => {
      running = null;
      if (!stopped) {
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      }
    });
  }

  return {
    start() {
      if (stopped || timer || running) return;
      tick();
    },
    async stop() {
      stopped = true;
      stopping.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
