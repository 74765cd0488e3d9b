/**
 * The reservation reports (RH) of reservations (decision 071): their rows, the requests they went
 * in, the guests registered through a reservation's link, and the write of a request with its
 * reservations under the establishment's lock.
 */
import { and, asc, desc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  establishments,
  pilgrims,
  reservationReports,
  reservations,
  selfRegistrations,
  sesSendSchedules,
  sesSubmissions,
  type EstablishmentRow,
  type ReservationReportRow,
  type ReservationRow,
  type TravelerDbRow,
} from '../../db/schema';
import { inScope, type Scope } from '../../db/scope';
import type { NewSubmissionRow, SubmissionRow } from './ses.repository';

/** A report row with the request it went in. */
export interface ReportWithSubmission {
  report: ReservationReportRow;
  submission: Pick<
    SubmissionRow,
    | 'id'
    | 'operation'
    | 'state'
    | 'loteState'
    | 'environment'
    | 'createdAt'
    | 'responseText'
    | 'failure'
  >;
}

export function createReservationReportsRepository(db: Db) {
  const repository = {
    /** A reservation within the caller's reach, with its establishment. */
    async reservationInScope(
      id: string,
      scope: Scope,
      tx: Db = db,
    ): Promise<{ reservation: ReservationRow; establishment: EstablishmentRow } | null> {
      const [row] = await tx
        .select({ reservation: reservations, establishment: establishments })
        .from(reservations)
        .innerJoin(establishments, eq(establishments.id, reservations.establishmentId))
        .where(and(eq(reservations.id, id), inScope(scope, reservations.establishmentId)));
      return row ?? null;
    },

    async establishment(id: string, tx: Db = db): Promise<EstablishmentRow | null> {
      const [row] = await tx.select().from(establishments).where(eq(establishments.id, id));
      return row ?? null;
    },

    /** An establishment's reservations still running on or after `from` (its list's). */
    async reservationsOf(
      establishmentId: string,
      options: { from?: string; createdSince?: Date; ids?: readonly string[]; limit?: number },
      tx: Db = db,
    ): Promise<ReservationRow[]> {
      if (options.ids && options.ids.length === 0) return [];
      return tx
        .select()
        .from(reservations)
        .where(
          and(
            eq(reservations.establishmentId, establishmentId),
            options.from ? gte(reservations.departure, options.from) : undefined,
            options.createdSince ? gte(reservations.createdAt, options.createdSince) : undefined,
            options.ids ? inArray(reservations.id, [...options.ids]) : undefined,
          ),
        )
        .orderBy(asc(reservations.arrival), asc(reservations.id))
        .limit(options.limit ?? 500);
    },

    /** The guests registered through these reservations' links (pending or confirmed), oldest first. */
    async guestsOf(
      reservationIds: readonly string[],
      tx: Db = db,
    ): Promise<{ reservationId: string; traveler: TravelerDbRow }[]> {
      if (reservationIds.length === 0) return [];
      const rows = await tx
        .select({ reservationId: selfRegistrations.reservationId, traveler: pilgrims })
        .from(selfRegistrations)
        .innerJoin(pilgrims, eq(pilgrims.id, selfRegistrations.pilgrimId))
        .where(inArray(selfRegistrations.reservationId, [...reservationIds]))
        .orderBy(asc(selfRegistrations.createdAt), asc(pilgrims.id));
      return rows.map((r) => ({ reservationId: r.reservationId!, traveler: r.traveler }));
    },

    /** Every report row of these reservations, oldest request first. */
    async reportsOf(
      reservationIds: readonly string[],
      tx: Db = db,
    ): Promise<ReportWithSubmission[]> {
      if (reservationIds.length === 0) return [];
      return tx
        .select({
          report: reservationReports,
          submission: {
            id: sesSubmissions.id,
            operation: sesSubmissions.operation,
            state: sesSubmissions.state,
            loteState: sesSubmissions.loteState,
            environment: sesSubmissions.environment,
            createdAt: sesSubmissions.createdAt,
            responseText: sesSubmissions.responseText,
            failure: sesSubmissions.failure,
          },
        })
        .from(reservationReports)
        .innerJoin(sesSubmissions, eq(sesSubmissions.id, reservationReports.submissionId))
        .where(inArray(reservationReports.reservationId, [...reservationIds]))
        .orderBy(asc(sesSubmissions.createdAt), asc(sesSubmissions.id));
    },

    /**
     * Writes a request and its reservations, with the establishment's row locked, unless `stillDue`
     * (read again under the lock) says otherwise: two rounds, or a round and a click, send once.
     * A cancellation marks the altas whose codes it cancels. Answers whether it was written.
     */
    async insertReports(
      submission: NewSubmissionRow,
      rows: {
        reservationId: string;
        orden: number;
        fingerprint: string;
        guestsSent: number;
        /** A cancellation's: the code it cancels (the alta holding it is marked). */
        cancels?: string;
      }[],
      stillDue: (reports: ReportWithSubmission[]) => boolean,
      tx: Db = db,
    ): Promise<boolean> {
      return tx.transaction(async (t) => {
        await t
          .select({ id: establishments.id })
          .from(establishments)
          .where(eq(establishments.id, submission.establishmentId))
          .for('update');
        const current = await repository.reportsOf(
          rows.map((r) => r.reservationId),
          t,
        );
        if (!stillDue(current)) return false;
        await t.insert(sesSubmissions).values(submission);
        await t.insert(reservationReports).values(
          rows.map((r) => ({
            submissionId: submission.id,
            reservationId: r.reservationId,
            orden: r.orden,
            fingerprint: r.fingerprint,
            guestsSent: r.guestsSent,
            communicationCode: r.cancels ?? null,
          })),
        );
        for (const r of rows) {
          if (!r.cancels) continue;
          const altas = current.filter(
            (c) =>
              c.report.reservationId === r.reservationId &&
              c.report.communicationCode === r.cancels &&
              c.submission.operation === 'A',
          );
          for (const alta of altas)
            await t
              .update(reservationReports)
              .set({ cancelledBy: submission.id })
              .where(
                and(
                  eq(reservationReports.submissionId, alta.report.submissionId),
                  eq(reservationReports.reservationId, r.reservationId),
                ),
              );
        }
        return true;
      });
    },

    /** The reservations a request holds, with their establishments. */
    async reservationsOfSubmission(
      submissionId: string,
      tx: Db = db,
    ): Promise<{ reservation: ReservationRow; establishment: EstablishmentRow }[]> {
      return tx
        .select({ reservation: reservations, establishment: establishments })
        .from(reservationReports)
        .innerJoin(reservations, eq(reservations.id, reservationReports.reservationId))
        .innerJoin(establishments, eq(establishments.id, reservations.establishmentId))
        .where(eq(reservationReports.submissionId, submissionId));
    },

    /** The connected establishments whose reservation reports go by themselves, and how. */
    async automaticEstablishments(tx: Db = db) {
      return tx
        .select({
          establishment: establishments,
          mode: sesSendSchedules.mode,
          atTime: sesSendSchedules.atTime,
          enabledAt: sesSendSchedules.enabledAt,
        })
        .from(sesSendSchedules)
        .innerJoin(establishments, eq(establishments.id, sesSendSchedules.establishmentId))
        .where(and(eq(sesSendSchedules.kind, 'RH'), ne(sesSendSchedules.mode, 'manual')))
        .orderBy(desc(establishments.id));
    },
  };
  return repository;
}
export type ReservationReportsRepository = ReturnType<typeof createReservationReportsRepository>;
