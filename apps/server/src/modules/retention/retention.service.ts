/**
 * The retention purge (docs/decisions/021-retention-purge.md, 022-retention-of-logs-and-messages.md):
 * travelers whose 3-year retention (RD 933/2021 art. 5.3) has ended, and who were entered at least
 * as long ago, are deleted with their document images, self-registration and registration keys,
 * each deletion written to the audit log. Then what has no reason left to be kept: expired sessions
 * and one-time tokens, audit entries older than 3 years (but never those of a traveler still in the
 * register), contact messages older than a year, and the outbox's `.eml` files older than a week.
 * It runs as a job (lib/jobs): when first scheduled, then every RETENTION_PURGE_HOURS.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { addYears, todayIso } from '@hospes/shared/dates';
import {
  AUDIT_RETENTION_YEARS,
  CONTACT_RETENTION_MONTHS,
  OUTBOX_RETENTION_DAYS,
  REGISTER_RETENTION_YEARS,
} from '@hospes/shared/retention';
import { and, asc, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Db } from '../../db/client';
import {
  auditLog,
  contactMessages,
  oneTimeTokens,
  pilgrims,
  sesSubmissionItems,
  sesSubmissions,
  authorityUploadItems,
  authorityUploads,
  reservations,
  sessions,
} from '../../db/schema';
import type { AuditRepository } from '../audit';
import type { TravelerCounts } from '../travelers';

/**
 * Today (in Spain) 3 years back. A stay that ended on this day (its check-out date, or its entry
 * date when it has none) is kept to the end of today, as periods of years run "de fecha a fecha"
 * (Código Civil art. 5): a record is retained while its stay ended on or after this day, and may go
 * once it ended before.
 */
export const retentionCutoff = (now: Date) => addYears(todayIso(now), -REGISTER_RETENTION_YEARS);

/** The same moment `months` months earlier. */
function monthsBefore(at: Date, months: number): Date {
  const before = new Date(at);
  before.setUTCMonth(before.getUTCMonth() - months);
  return before;
}

/**
 * The purge also waits until a record was entered at least as long ago: a stay typed today with a
 * wrong year, or imported from old books, is not deleted the next night.
 */
export const enteredBy = (now: Date) => monthsBefore(now, 12 * REGISTER_RETENTION_YEARS);

/**
 * Deletes the `.eml` files of `dir` last written before `before` (ms); how many went. Nothing
 * else there is touched, nor followed: other files, directories, links.
 */
export async function purgeOutbox(dir: string, before: number): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(dir, name);
    const stat = await fs.lstat(file).catch(() => null);
    if (!stat?.isFile() || stat.mtimeMs >= before) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}

const DAY_MS = 86_400_000;

/** SQL: the day a traveler's stay ended, from which its retention runs. */
export const stayEnd = sql`coalesce(${pilgrims.checkOutDate}, ${pilgrims.entryDate})`;

/** Any constant shared by every process on one database: one purge at a time. */
const PURGE_LOCK = 7_304_512_033;

export interface PurgeResult {
  travelers: number;
  sessions: number;
  tokens: number;
  auditEntries: number;
  contactMessages: number;
  /** Requests sent to SES.HOSPEDAJES older than the audit's 3 years, none of whose travelers is kept. */
  sesSubmissions: number;
  /** Mossos files made or uploaded (decision 057), on the same terms as the SES requests. */
  authorityUploads: number;
  /**
   * Reservations (decision 066) on the travelers' terms: departed more than 3 years ago, and
   * entered at least as long ago. Their holder's name, e-mail and phone go with them.
   */
  reservations: number;
  outboxFiles: number;
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
  /** The mailer's outbox directory (lib/mail/mailer outboxDir), whose old `.eml` files go. */
  outbox?: string;
  /** Audit entries deleted per statement (default 5,000). */
  auditBatchSize?: number;
}) {
  const { db, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const batchSize = deps.batchSize ?? 500;
  const auditBatchSize = deps.auditBatchSize ?? 5_000;

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

  /**
   * Deletes up to auditBatchSize audit entries from before `before`, oldest first from `from` on,
   * except those about a traveler still in the register: its own entries, and those that list it
   * (an SES file's `pilgrimIds`). Answers how many went and the time of the last, where the next
   * batch starts: read in the order of the time index, each entry kept is passed over once.
   */
  async function purgeAuditBatch(before: Date, from: Date | null) {
    const kept = sql`(${auditLog.entityType} = 'pilgrim' and exists (
        select 1 from ${pilgrims} where ${pilgrims.id} = ${auditLog.entityId}))
      or case when jsonb_typeof(${auditLog.details} -> 'pilgrimIds') = 'array'
        then exists (select 1 from ${pilgrims} where ${pilgrims.id}::text in (
          select jsonb_array_elements_text(${auditLog.details} -> 'pilgrimIds')))
        else false end`;
    const rows = await db
      .select({ id: auditLog.id, at: auditLog.at })
      .from(auditLog)
      .where(
        and(lt(auditLog.at, before), from ? gte(auditLog.at, from) : undefined, sql`not (${kept})`),
      )
      .orderBy(asc(auditLog.at))
      .limit(auditBatchSize);
    if (rows.length > 0)
      await db.delete(auditLog).where(
        inArray(
          auditLog.id,
          rows.map((row) => row.id),
        ),
      );
    return { deleted: rows.length, last: rows.at(-1)?.at ?? from };
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
      const result: PurgeResult = {
        travelers: 0,
        sessions: 0,
        tokens: 0,
        auditEntries: 0,
        contactMessages: 0,
        sesSubmissions: 0,
        authorityUploads: 0,
        reservations: 0,
        outboxFiles: 0,
        skipped: false,
      };
      const stopped = () => {
        result.skipped = Boolean(options.signal?.aborted);
        return result.skipped;
      };
      // This machine's outbox first: its files are no other process's to purge, whoever holds the
      // database's purge.
      if (deps.outbox && !stopped())
        result.outboxFiles = await purgeOutbox(
          deps.outbox,
          at.getTime() - OUTBOX_RETENTION_DAYS * DAY_MS,
        );
      try {
        for (;;) {
          if (stopped()) return result;
          const deleted = await purgeBatch(cutoff, entered);
          if (deleted === null) return { ...result, skipped: true };
          result.travelers += deleted;
          if (deleted < batchSize) break;
        }
      } finally {
        if (result.travelers > 0) deps.counts?.changed();
      }
      if (stopped()) return result;
      // A reservation's stay ends on its departure day; its retention runs from there, as a
      // traveler's runs from the check-out (retentionCutoff), once entered as long ago.
      result.reservations = (
        await db
          .delete(reservations)
          .where(and(lt(reservations.departure, cutoff), lt(reservations.createdAt, entered)))
          .returning({ id: reservations.id })
      ).length;
      result.sessions = (
        await db.delete(sessions).where(lt(sessions.expiresAt, at)).returning({ id: sessions.id })
      ).length;
      result.tokens = (
        await db
          .delete(oneTimeTokens)
          .where(lt(oneTimeTokens.expiresAt, at))
          .returning({ id: oneTimeTokens.id })
      ).length;
      const auditBefore = monthsBefore(at, 12 * AUDIT_RETENTION_YEARS);
      for (let from: Date | null = null; ;) {
        if (stopped()) return result;
        const batch = await purgeAuditBatch(auditBefore, from);
        result.auditEntries += batch.deleted;
        if (batch.deleted < auditBatchSize) break;
        from = batch.last;
      }
      result.contactMessages = (
        await db
          .delete(contactMessages)
          .where(lt(contactMessages.createdAt, monthsBefore(at, CONTACT_RETENTION_MONTHS)))
          .returning({ id: contactMessages.id })
      ).length;
      // A request sent to SES (decision 035) is a record of what was reported: kept as long as the
      // audit, and longer while one of its travelers is (their rows go with the traveler).
      result.sesSubmissions = (
        await db
          .delete(sesSubmissions)
          .where(
            and(
              lt(sesSubmissions.createdAt, auditBefore),
              sql`not exists (select 1 from ${sesSubmissionItems} where ${sesSubmissionItems.submissionId} = ${sesSubmissions.id})`,
            ),
          )
          .returning({ id: sesSubmissions.id })
      ).length;
      result.authorityUploads = (
        await db
          .delete(authorityUploads)
          .where(
            and(
              lt(authorityUploads.createdAt, auditBefore),
              sql`not exists (select 1 from ${authorityUploadItems} where ${authorityUploadItems.uploadId} = ${authorityUploads.id})`,
            ),
          )
          .returning({ id: authorityUploads.id })
      ).length;
      return result;
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;

/** The retention purge's job (lib/jobs): one run at a time, whichever process takes it. */
export const RETENTION_PURGE_JOB = 'retention-purge';

/**
 * Runs `purge` as a scheduled job: at once when the schedule is first set (a first start), then
 * every `everySeconds` after a run ends, restarts included; a failed run is logged and retried
 * (lib/jobs), and stopping the queue aborts a run under way at the end of its batch.
 */
export async function scheduleRetention(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  service: Pick<RetentionService, 'purge'>,
  everySeconds: number,
  log: { info(obj: unknown, msg: string): void },
) {
  await jobs.work(
    RETENTION_PURGE_JOB,
    async (_data, { signal }) => {
      const result = await service.purge({ signal });
      const { skipped: _skipped, ...counts } = result;
      if (Object.values(counts).some((n) => n > 0))
        log.info(result, 'retention purge: records past their retention deleted');
      // Cut short by a shutdown: not done, so the run is retried rather than a whole period away.
      signal.throwIfAborted();
    },
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 3600 },
  );
  await jobs.schedule(RETENTION_PURGE_JOB, { everySeconds, atStart: true });
}
