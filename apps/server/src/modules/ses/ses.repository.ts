/**
 * Queries of the SES.HOSPEDAJES sending (decision 035): an establishment's web-service connection,
 * the requests sent and their travelers. Reads of tenant data carry the caller's scope, or an
 * establishment already checked against it; every method takes an optional `tx`.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  establishments,
  pilgrims,
  reservationReports,
  sesSendSchedules,
  sesSubmissionItems,
  sesSubmissions,
  users,
} from '../../db/schema';
import { inScope, type Scope } from '../../db/scope';
import type { Authority } from '@hospes/shared/codes';
import type { SesCorrectionState } from '@hospes/shared/ses';

export type SubmissionRow = typeof sesSubmissions.$inferSelect;
export type NewSubmissionRow = typeof sesSubmissions.$inferInsert;
export type SubmissionItemRow = typeof sesSubmissionItems.$inferSelect;
/** Why a traveler's communication needs no sending again (see alreadyCommunicated). */
export type SentOutcome = 'stored' | 'pending' | 'unknown';

export interface ConnectionRow {
  establishmentId: string;
  user: string | null;
  password: Buffer | null;
  environment: 'production' | 'test';
  landlordCode: string | null;
  /** What routes it (reportingAuthority): the authority chosen, the province, the postal code. */
  authority: Authority | null;
  province: string | null;
  postalCode: string | null;
  nif: string;
  /** The Ertzaintza's A19 certificate, sealed, and its password (decision 056). */
  a19Certificate: Buffer | null;
  a19Password: Buffer | null;
  a19Subject: string | null;
  a19ExpiresAt: Date | null;
  a19Environment: 'production' | 'test';
}

const connectionColumns = {
  establishmentId: establishments.id,
  user: establishments.sesUser,
  password: establishments.sesPassword,
  environment: establishments.sesEnvironment,
  landlordCode: establishments.landlordCode,
  authority: establishments.authority,
  province: establishments.province,
  postalCode: establishments.postalCode,
  nif: establishments.nif,
  a19Certificate: establishments.a19Certificate,
  a19Password: establishments.a19CertificatePassword,
  a19Subject: establishments.a19CertificateSubject,
  a19ExpiresAt: establishments.a19CertificateExpiresAt,
  a19Environment: establishments.a19Environment,
};

/** Per traveler: the request it went in, its communication's result and its name. */
export interface SubmissionTravelerRow extends SubmissionItemRow {
  firstName: string;
  lastName: string;
  secondLastName: string | null;
}

/** A report's state as it settles (processed, refused…), told in the transaction that wrote it. */
export type ReportSettled = (
  row: { id: string; establishmentId: string; state: string },
  tx: Db,
) => Promise<void>;

/**
 * `settled` runs in the transaction that moves a request to processed or refused (the webhooks'
 * outbox, decision 069).
 */
export function createSesRepository(db: Db, options: { settled?: ReportSettled } = {}) {
  const { settled } = options;
  /** Runs `write` (returning the rows it changed), then `settled`, in one transaction. */
  async function settling(
    values: { state?: string | null },
    tx: Db,
    write: (t: Db) => Promise<{ id: string; establishmentId: string; state: string }[]>,
  ) {
    if (!settled || (values.state !== 'processed' && values.state !== 'refused')) {
      await write(tx);
      return;
    }
    await tx.transaction(async (t) => {
      for (const row of await write(t)) await settled(row, t);
    });
  }
  const changed = {
    id: sesSubmissions.id,
    establishmentId: sesSubmissions.establishmentId,
    state: sesSubmissions.state,
  };
  const repository = {
    /** Whether the caller reaches this establishment. */
    async establishmentInReach(id: string, scope: Scope, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: establishments.id })
        .from(establishments)
        .where(and(eq(establishments.id, id), inScope(scope, establishments.id)));
      return !!row;
    },

    /** Whether the caller reaches this traveler. */
    async travelerInReach(id: string, scope: Scope, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: pilgrims.id })
        .from(pilgrims)
        .where(and(eq(pilgrims.id, id), inScope(scope, pilgrims.establishmentId)));
      return !!row;
    },

    /** The establishment of a traveler the caller reaches, or null. */
    async establishmentOfTraveler(id: string, scope: Scope, tx: Db = db): Promise<string | null> {
      const [row] = await tx
        .select({ establishmentId: pilgrims.establishmentId })
        .from(pilgrims)
        .where(and(eq(pilgrims.id, id), inScope(scope, pilgrims.establishmentId)));
      return row?.establishmentId ?? null;
    },

    async connection(establishmentId: string, tx: Db = db): Promise<ConnectionRow | null> {
      const [row] = await tx
        .select(connectionColumns)
        .from(establishments)
        .where(eq(establishments.id, establishmentId));
      return row ?? null;
    },

    async setConnection(
      establishmentId: string,
      values: { user: string | null; password: Buffer | null; environment: 'production' | 'test' },
      tx: Db = db,
    ) {
      await tx
        .update(establishments)
        .set({
          sesUser: values.user,
          sesPassword: values.password,
          sesEnvironment: values.environment,
          updatedAt: new Date(),
        })
        .where(eq(establishments.id, establishmentId));
    },

    /** The A19 certificate of an establishment and its service (decision 056); nulls remove it. */
    async setA19Certificate(
      establishmentId: string,
      values: {
        certificate: Buffer | null;
        password: Buffer | null;
        subject: string | null;
        expiresAt: Date | null;
        environment: 'production' | 'test';
      },
      tx: Db = db,
    ) {
      await tx
        .update(establishments)
        .set({
          a19Certificate: values.certificate,
          a19CertificatePassword: values.password,
          a19CertificateSubject: values.subject,
          a19CertificateExpiresAt: values.expiresAt,
          a19Environment: values.environment,
          updatedAt: new Date(),
        })
        .where(eq(establishments.id, establishmentId));
    },

    /**
     * A request answered at once (the A19 service, decision 056): every traveler's communication
     * code or error, and the request's state, in one transaction; only while it is still sending.
     */
    async recordAnswered(
      id: string,
      values: Partial<NewSubmissionRow>,
      item: { communicationCode: string | null; error: string | null },
      tx: Db = db,
    ) {
      await tx.transaction(async (t) => {
        const [sending] = await t
          .select({ id: sesSubmissions.id })
          .from(sesSubmissions)
          .where(and(eq(sesSubmissions.id, id), eq(sesSubmissions.state, 'sending')))
          .for('update');
        if (!sending) return;
        await t
          .update(sesSubmissionItems)
          .set({ communicationCode: item.communicationCode, error: item.error })
          .where(eq(sesSubmissionItems.submissionId, id));
        const rows = await t
          .update(sesSubmissions)
          .set(values)
          .where(eq(sesSubmissions.id, id))
          .returning(changed);
        if (values.state === 'processed' || values.state === 'refused')
          for (const row of rows) await settled?.(row, t);
      });
    },

    /**
     * Sets an establishment's send modes back to manual (its web-service user removed: nothing can
     * go by itself, decision 048); answers the kinds that were automatic.
     */
    async resetSendModes(establishmentId: string, now: Date, tx: Db = db): Promise<string[]> {
      const rows = await tx
        .update(sesSendSchedules)
        .set({ mode: 'manual', atTime: null, enabledAt: null, updatedAt: now })
        .where(
          and(
            eq(sesSendSchedules.establishmentId, establishmentId),
            sql`${sesSendSchedules.mode} <> 'manual'`,
          ),
        )
        .returning({ kind: sesSendSchedules.kind });
      return rows.map((r) => r.kind);
    },

    /**
     * Of these travelers, those whose communication of this kind to this service needs no sending
     * again, and why: `stored` (the service gave it a code), `pending` (on its way or queued) or
     * `unknown` (sent, and no answer says what became of it). A rejected or refused one, or one
     * that never left, is not among them; nor one sent to the other service (test or production).
     */
    async alreadyCommunicated(
      pilgrimIds: string[],
      kind: 'PV' | 'RH',
      environment: 'production' | 'test',
      tx: Db = db,
    ): Promise<Map<string, SentOutcome>> {
      const found = new Map<string, SentOutcome>();
      if (pilgrimIds.length === 0) return found;
      const cancellation = alias(sesSubmissions, 'cancellation');
      const rows = await tx
        .select({
          pilgrimId: sesSubmissionItems.pilgrimId,
          code: sesSubmissionItems.communicationCode,
          error: sesSubmissionItems.error,
          state: sesSubmissions.state,
          cancelledBy: sesSubmissionItems.cancelledBy,
          correctionState: cancellation.correctionState,
        })
        .from(sesSubmissionItems)
        .innerJoin(sesSubmissions, eq(sesSubmissions.id, sesSubmissionItems.submissionId))
        .leftJoin(cancellation, eq(cancellation.id, sesSubmissionItems.cancelledBy))
        .where(
          and(
            inArray(sesSubmissionItems.pilgrimId, pilgrimIds),
            eq(sesSubmissions.kind, kind),
            eq(sesSubmissions.environment, environment),
            // Cancellations (operation B) report nobody (decision 045).
            eq(sesSubmissions.operation, 'A'),
          ),
        );
      // The strongest reason wins: stored, then on its way, then unknown.
      const rank: Record<SentOutcome, number> = { stored: 3, pending: 2, unknown: 1 };
      for (const row of rows) {
        // A stored communication whose cancellation was asked (and not refused) no longer
        // stands for the report: the traveler is sent again (decision 045); but a correction's
        // waits for its cancellation's lote, and its own new alta (decision 048).
        if (row.cancelledBy && row.correctionState !== 'waiting') continue;
        const outcome: SentOutcome | null = row.code
          ? 'stored'
          : row.error || row.state === 'refused' || row.state === 'failed'
            ? null
            : row.state === 'sending' || row.state === 'queued'
              ? 'pending'
              : 'unknown';
        const before = found.get(row.pilgrimId);
        if (outcome && (!before || rank[outcome] > rank[before])) found.set(row.pilgrimId, outcome);
      }
      return found;
    },

    /**
     * Records a request and its travelers, unless, with the establishment's row locked (so that
     * two sends of one establishment, from two desks or two processes, go one after the other),
     * some of them turn out to be already communicated as `blocking` says: then nothing is written
     * and those travelers are answered.
     */
    async insertUnlessSent(
      submission: NewSubmissionRow,
      items: { pilgrimId: string; orden: number }[],
      blocking: (found: Map<string, SentOutcome>) => Map<string, SentOutcome>,
      tx: Db = db,
    ): Promise<Map<string, SentOutcome>> {
      return tx.transaction(async (t) => {
        await t
          .select({ id: establishments.id })
          .from(establishments)
          .where(eq(establishments.id, submission.establishmentId))
          .for('update');
        const blocked = blocking(
          await repository.alreadyCommunicated(
            items.map((i) => i.pilgrimId),
            submission.kind,
            submission.environment,
            t,
          ),
        );
        if (blocked.size > 0) return blocked;
        await t.insert(sesSubmissions).values(submission);
        await t
          .insert(sesSubmissionItems)
          .values(items.map((item) => ({ ...item, submissionId: submission.id })));
        return blocked;
      });
    },

    async update(id: string, values: Partial<NewSubmissionRow>, tx: Db = db) {
      await settling(values, tx, (t) =>
        t.update(sesSubmissions).set(values).where(eq(sesSubmissions.id, id)).returning(changed),
      );
    },

    /** As `update`, only while the request is still queued (a look that came second changes nothing). */
    async updateQueued(id: string, values: Partial<NewSubmissionRow>, tx: Db = db) {
      await settling(values, tx, (t) =>
        t
          .update(sesSubmissions)
          .set(values)
          .where(and(eq(sesSubmissions.id, id), eq(sesSubmissions.state, 'queued')))
          .returning(changed),
      );
    },

    /**
     * Takes a queued request for a look by hand: only if nobody looked at it in the last `gapMs`,
     * stamping the look, so that two clicks (or a click and the timer) make one call.
     */
    async claimForCheck(id: string, now: Date, gapMs: number, tx: Db = db) {
      const [row] = await tx
        .update(sesSubmissions)
        .set({ checkedAt: now })
        .where(
          and(
            eq(sesSubmissions.id, id),
            eq(sesSubmissions.state, 'queued'),
            isNotNull(sesSubmissions.lote),
            sql`(${sesSubmissions.checkedAt} is null or ${sesSubmissions.checkedAt} <= ${new Date(now.getTime() - gapMs)})`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * A processed lote: each communication's code or error on its travelers, and the request's
     * state, in one transaction.
     */
    async recordResults(
      id: string,
      values: Partial<NewSubmissionRow>,
      results: {
        orden: number;
        communicationCode: string | null;
        errorType: string | null;
        error: string | null;
      }[],
      tx: Db = db,
    ) {
      await tx.transaction(async (t) => {
        // Only once: a look that came second finds the request processed and writes nothing.
        const [queued] = await t
          .select({ id: sesSubmissions.id })
          .from(sesSubmissions)
          .where(and(eq(sesSubmissions.id, id), eq(sesSubmissions.state, 'queued')))
          .for('update');
        if (!queued) return;
        for (const result of results) {
          await t
            .update(sesSubmissionItems)
            .set({
              communicationCode: result.communicationCode,
              errorType: result.errorType,
              error: result.error,
            })
            .where(
              and(
                eq(sesSubmissionItems.submissionId, id),
                eq(sesSubmissionItems.orden, result.orden),
              ),
            );
          // A reservation's RH (decision 071): its communication is the reservation's, not a
          // traveler's. A cancellation's row keeps the code it cancelled, and takes its error.
          await t
            .update(reservationReports)
            .set({ errorType: result.errorType, error: result.error })
            .where(
              and(
                eq(reservationReports.submissionId, id),
                eq(reservationReports.orden, result.orden),
              ),
            );
          await t
            .update(reservationReports)
            .set({ communicationCode: result.communicationCode })
            .where(
              and(
                eq(reservationReports.submissionId, id),
                eq(reservationReports.orden, result.orden),
                sql`exists (select 1 from ses_submissions s where s.id = ${id} and s.operation = 'A')`,
              ),
            );
        }
        const rows = await t
          .update(sesSubmissions)
          .set(values)
          .where(eq(sesSubmissions.id, id))
          .returning(changed);
        if (values.state === 'processed' || values.state === 'refused')
          for (const row of rows) await settled?.(row, t);
      });
    },

    /**
     * Takes the queued requests due for a look (at most `limit`, oldest first) and moves their next
     * look `leaseMs` ahead, so that another process of the same database does not ask about them
     * at the same time.
     */
    async claimDue(now: Date, limit: number, leaseMs: number, tx: Db = db) {
      return tx.transaction(async (t) => {
        const due = await t
          .select({ id: sesSubmissions.id })
          .from(sesSubmissions)
          .where(
            and(
              isNotNull(sesSubmissions.nextCheckAt),
              lte(sesSubmissions.nextCheckAt, now),
              eq(sesSubmissions.state, 'queued'),
            ),
          )
          .orderBy(asc(sesSubmissions.nextCheckAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return t
          .update(sesSubmissions)
          .set({ nextCheckAt: new Date(now.getTime() + leaseMs) })
          .where(
            inArray(
              sesSubmissions.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      });
    },

    /** Requests left 'sending' since before `before` (a process stopped mid-request): uncertain. */
    async settleStaleSending(before: Date, tx: Db = db) {
      await tx
        .update(sesSubmissions)
        .set({
          state: 'uncertain',
          failure: 'network',
          // A correction's cancellation without an answer: its new alta does not go by itself.
          correctionState: sql`case when ${sesSubmissions.correctionState} = 'waiting' then 'failed' else ${sesSubmissions.correctionState} end`,
          correctionError: sql`case when ${sesSubmissions.correctionState} = 'waiting' then 'network' else ${sesSubmissions.correctionError} end`,
        })
        .where(and(eq(sesSubmissions.state, 'sending'), lte(sesSubmissions.createdAt, before)));
    },

    /** A request the caller may see (everyone's for `{ admin: true }`), or null. */
    async findInScope(id: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({ submission: sesSubmissions, sentByName: users.name })
        .from(sesSubmissions)
        .leftJoin(users, eq(users.id, sesSubmissions.sentBy))
        .where(and(eq(sesSubmissions.id, id), inScope(scope, sesSubmissions.establishmentId)));
      return row ?? null;
    },

    async travelersOf(submissionIds: string[], tx: Db = db): Promise<SubmissionTravelerRow[]> {
      if (submissionIds.length === 0) return [];
      return tx
        .select({
          submissionId: sesSubmissionItems.submissionId,
          pilgrimId: sesSubmissionItems.pilgrimId,
          orden: sesSubmissionItems.orden,
          communicationCode: sesSubmissionItems.communicationCode,
          errorType: sesSubmissionItems.errorType,
          error: sesSubmissionItems.error,
          cancelledBy: sesSubmissionItems.cancelledBy,
          firstName: pilgrims.firstName,
          lastName: pilgrims.lastName,
          secondLastName: pilgrims.secondLastName,
        })
        .from(sesSubmissionItems)
        .innerJoin(pilgrims, eq(pilgrims.id, sesSubmissionItems.pilgrimId))
        .where(inArray(sesSubmissionItems.submissionId, submissionIds))
        .orderBy(asc(sesSubmissionItems.orden), asc(pilgrims.lastName), asc(pilgrims.id));
    },

    /** An establishment's requests, newest first, and how many there are. */
    async listOf(establishmentId: string, page: number, limit: number, tx: Db = db) {
      const rows = await tx
        .select({ submission: sesSubmissions, sentByName: users.name })
        .from(sesSubmissions)
        .leftJoin(users, eq(users.id, sesSubmissions.sentBy))
        .where(eq(sesSubmissions.establishmentId, establishmentId))
        .orderBy(desc(sesSubmissions.createdAt), desc(sesSubmissions.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await tx
        .select({ n: count() })
        .from(sesSubmissions)
        .where(eq(sesSubmissions.establishmentId, establishmentId));
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * A traveler's communications, newest first, each with the state of the cancellation asked for
     * it, if any (decision 045).
     */
    async ofTraveler(pilgrimId: string, tx: Db = db) {
      const cancellation = alias(sesSubmissions, 'cancellation');
      return tx
        .select({
          submission: sesSubmissions,
          item: sesSubmissionItems,
          cancellationState: cancellation.state,
          cancellationLoteState: cancellation.loteState,
        })
        .from(sesSubmissionItems)
        .innerJoin(sesSubmissions, eq(sesSubmissions.id, sesSubmissionItems.submissionId))
        .leftJoin(cancellation, eq(cancellation.id, sesSubmissionItems.cancelledBy))
        .where(eq(sesSubmissionItems.pilgrimId, pilgrimId))
        .orderBy(desc(sesSubmissions.createdAt), desc(sesSubmissions.id));
    },

    /**
     * The alta items of an establishment stored under this communication code (one per traveler
     * of its stay), with the state of the cancellation asked for it, if any (decision 045).
     */
    async storedUnder(establishmentId: string, code: string, tx: Db = db) {
      const cancellation = alias(sesSubmissions, 'cancellation');
      return tx
        .select({
          submission: sesSubmissions,
          item: sesSubmissionItems,
          cancellationState: cancellation.state,
          cancellationLoteState: cancellation.loteState,
        })
        .from(sesSubmissionItems)
        .innerJoin(sesSubmissions, eq(sesSubmissions.id, sesSubmissionItems.submissionId))
        .leftJoin(cancellation, eq(cancellation.id, sesSubmissionItems.cancelledBy))
        .where(
          and(
            eq(sesSubmissions.establishmentId, establishmentId),
            eq(sesSubmissions.operation, 'A'),
            eq(sesSubmissionItems.communicationCode, code),
          ),
        );
    },

    /**
     * The communications stored for these travelers and not cancelled (nor being cancelled): what
     * a deletion must cancel first (decision 045).
     */
    async storedNotCancelled(pilgrimIds: string[], tx: Db = db) {
      if (pilgrimIds.length === 0) return [];
      return tx
        .selectDistinct({
          establishmentId: sesSubmissions.establishmentId,
          authority: sesSubmissions.authority,
          kind: sesSubmissions.kind,
          environment: sesSubmissions.environment,
          code: sesSubmissionItems.communicationCode,
        })
        .from(sesSubmissionItems)
        .innerJoin(sesSubmissions, eq(sesSubmissions.id, sesSubmissionItems.submissionId))
        .where(
          and(
            inArray(sesSubmissionItems.pilgrimId, pilgrimIds),
            eq(sesSubmissions.operation, 'A'),
            isNotNull(sesSubmissionItems.communicationCode),
            isNull(sesSubmissionItems.cancelledBy),
          ),
        );
    },

    /**
     * Records a cancellation (operation B) of a stored code and marks the code's alta items as
     * being cancelled by it, unless, with the establishment's row locked, a cancellation of it is
     * already asked (then nothing is written and false is answered).
     */
    async insertCancellation(
      submission: NewSubmissionRow,
      code: string,
      tx: Db = db,
    ): Promise<boolean> {
      return tx.transaction(async (t) => {
        await t
          .select({ id: establishments.id })
          .from(establishments)
          .where(eq(establishments.id, submission.establishmentId))
          .for('update');
        const items = await repository.storedUnder(submission.establishmentId, code, t);
        if (items.length === 0 || items.some((i) => i.item.cancelledBy)) return false;
        await t.insert(sesSubmissions).values(submission);
        await t.insert(sesSubmissionItems).values(
          items.map((i) => ({
            submissionId: submission.id,
            pilgrimId: i.item.pilgrimId,
            orden: 1,
            communicationCode: code,
          })),
        );
        await t
          .update(sesSubmissionItems)
          .set({ cancelledBy: submission.id })
          .where(
            and(
              inArray(
                sesSubmissionItems.submissionId,
                items.map((i) => i.submission.id),
              ),
              eq(sesSubmissionItems.communicationCode, code),
            ),
          );
        return true;
      });
    },

    /** A cancellation that did not cancel (refused, never sent): its code counts as stored again. */
    async clearCancellation(cancellationId: string, tx: Db = db) {
      await tx
        .update(sesSubmissionItems)
        .set({ cancelledBy: null })
        .where(eq(sesSubmissionItems.cancelledBy, cancellationId));
      await tx
        .update(reservationReports)
        .set({ cancelledBy: null })
        .where(eq(reservationReports.cancelledBy, cancellationId));
    },

    /**
     * Takes a correction's new alta for sending: only while it waits (or, on a retry of its job,
     * is left sending by a run cut off), stamped `sending`, so that one run sends it.
     */
    async claimCorrection(cancellationId: string, retry: boolean, tx: Db = db) {
      const [row] = await tx
        .update(sesSubmissions)
        .set({ correctionState: 'sending' })
        .where(
          and(
            eq(sesSubmissions.id, cancellationId),
            eq(sesSubmissions.operation, 'B'),
            inArray(sesSubmissions.correctionState, retry ? ['waiting', 'sending'] : ['waiting']),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** A correction's state, only from one of `from` (a run that came second changes nothing). */
    async setCorrection(
      cancellationId: string,
      from: SesCorrectionState[],
      values: { correctionState: SesCorrectionState; correctionError?: string | null },
      tx: Db = db,
    ) {
      await tx
        .update(sesSubmissions)
        .set(values)
        .where(
          and(eq(sesSubmissions.id, cancellationId), inArray(sesSubmissions.correctionState, from)),
        );
    },

    /** A request by id (no scope: for the server's own work). */
    async submission(id: string, tx: Db = db) {
      const [row] = await tx.select().from(sesSubmissions).where(eq(sesSubmissions.id, id));
      return row ?? null;
    },
  };
  return repository;
}
export type SesRepository = ReturnType<typeof createSesRepository>;
