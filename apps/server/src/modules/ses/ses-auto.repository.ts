/**
 * Queries of the automatic sends and the deadline guard (decision 044): the send modes of an
 * establishment, the runs that are due (taken by one process), the travelers not yet sent, those
 * still to report, lotes that came back with errors, and what the owner was already told.
 * Reads of tenant data carry the caller's scope, or an establishment already checked against it.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportingAuthority } from '@hospes/shared/provinces';
import {
  authorityUploadItems,
  authorityUploads,
  establishments,
  pilgrims,
  selfRegistrations,
  sesAlerts,
  sesSendSchedules,
  sesSubmissionItems,
  sesSubmissions,
} from '../../db/schema';
import { activeOwnersOf } from '../../db/owners';
import { inScope, type Scope } from '../../db/scope';

export type SesKind = 'PV' | 'RH';
export type SesSendModeValue = (typeof sesSendSchedules.$inferSelect)['mode'];
export type ScheduleRow = typeof sesSendSchedules.$inferSelect;
export type AlertRow = typeof sesAlerts.$inferSelect;

/** The establishments whose sends are not manual, with what their clock and connection need. */
export interface AutomaticRow {
  establishmentId: string;
  kind: SesKind;
  mode: SesSendModeValue;
  atTime: string | null;
  enabledAt: Date | null;
  lastRunAt: Date | null;
  province: string;
  postalCode: string;
}

/** A traveler that may be still to report, with their latest partes communication, if any. */
export interface GuardTravelerRow {
  id: string;
  establishmentId: string;
  establishmentName: string;
  province: string;
  postalCode: string;
  /** The authority chosen for the establishment; null: its province's. */
  establishmentAuthority: 'ses' | 'mossos' | 'ertzaintza' | null;
  firstName: string;
  lastName: string;
  secondLastName: string | null;
  entryDate: string;
  entryDateTime: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface GuardItemRow {
  pilgrimId: string;
  state: (typeof sesSubmissions.$inferSelect)['state'];
  communicationCode: string | null;
  error: string | null;
  responseText: string | null;
  createdAt: Date;
}

/** A traveler registered at the desk or confirmed from a self check-in (decision 033). */
const confirmedRegistration = sql`${pilgrims.source} = 'registration' and not exists (
  select 1 from ${selfRegistrations}
  where ${selfRegistrations.pilgrimId} = ${pilgrims.id} and ${selfRegistrations.status} = 'pending')`;

/** Sends from Hospes: a SES web-service user, or an A19 certificate (decision 056). */
const connected = or(
  and(isNotNull(establishments.sesUser), isNotNull(establishments.sesPassword)),
  and(isNotNull(establishments.a19Certificate), isNotNull(establishments.a19CertificatePassword)),
);

/** A traveler to send by itself, with what tells their stay (decision 048). */
export interface UnsentRow {
  id: string;
  createdAt: Date;
  dateOfBirth: string;
  entryDate: string;
  entryDateTime: string | null;
  contractReference: string | null;
}

export function createSesAutoRepository(db: Db) {
  const repository = {
    async schedules(establishmentId: string, tx: Db = db): Promise<ScheduleRow[]> {
      return tx
        .select()
        .from(sesSendSchedules)
        .where(eq(sesSendSchedules.establishmentId, establishmentId));
    },

    /**
     * Sets a kind's mode. Switched on (from manual), it counts from now: the travelers registered
     * since, the first daily run at the next occurrence, the first batch an interval from now.
     */
    async setSchedule(
      establishmentId: string,
      kind: SesKind,
      values: { mode: SesSendModeValue; atTime: string | null },
      now: Date,
      tx: Db = db,
    ) {
      const [before] = await tx
        .select()
        .from(sesSendSchedules)
        .where(
          and(
            eq(sesSendSchedules.establishmentId, establishmentId),
            eq(sesSendSchedules.kind, kind),
          ),
        );
      const switchedOn = values.mode !== 'manual' && (!before || before.mode === 'manual');
      const changed = !before || before.mode !== values.mode || before.atTime !== values.atTime;
      const row = {
        establishmentId,
        kind,
        mode: values.mode,
        atTime: values.mode === 'daily' ? values.atTime : null,
        enabledAt: values.mode === 'manual' ? null : switchedOn ? now : (before?.enabledAt ?? now),
        lastRunAt: changed ? now : (before?.lastRunAt ?? now),
        updatedAt: now,
      };
      await tx
        .insert(sesSendSchedules)
        .values(row)
        .onConflictDoUpdate({
          target: [sesSendSchedules.establishmentId, sesSendSchedules.kind],
          set: {
            mode: row.mode,
            atTime: row.atTime,
            enabledAt: row.enabledAt,
            lastRunAt: row.lastRunAt,
            updatedAt: row.updatedAt,
          },
        });
    },

    /** Every automatic mode of an establishment with a web-service user. */
    async automatic(tx: Db = db): Promise<AutomaticRow[]> {
      return tx
        .select({
          establishmentId: sesSendSchedules.establishmentId,
          kind: sesSendSchedules.kind,
          mode: sesSendSchedules.mode,
          atTime: sesSendSchedules.atTime,
          enabledAt: sesSendSchedules.enabledAt,
          lastRunAt: sesSendSchedules.lastRunAt,
          province: establishments.province,
          postalCode: establishments.postalCode,
        })
        .from(sesSendSchedules)
        .innerJoin(establishments, eq(establishments.id, sesSendSchedules.establishmentId))
        .where(and(ne(sesSendSchedules.mode, 'manual'), connected));
    },

    /**
     * Takes a run: only if none was taken since `dueAt` (the occurrence), stamping it, in one
     * statement, so that of several processes one takes it.
     */
    async claimRun(
      establishmentId: string,
      kind: SesKind,
      dueAt: Date,
      now: Date,
      tx: Db = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(sesSendSchedules)
        .set({ lastRunAt: now })
        .where(
          and(
            eq(sesSendSchedules.establishmentId, establishmentId),
            eq(sesSendSchedules.kind, kind),
            ne(sesSendSchedules.mode, 'manual'),
            sql`(${sesSendSchedules.lastRunAt} is null or ${sesSendSchedules.lastRunAt} < ${dueAt})`,
          ),
        )
        .returning({ id: sesSendSchedules.establishmentId });
      return rows.length > 0;
    },

    /**
     * The travelers of an establishment to send by themselves, oldest first: confirmed
     * registrations since `since` whose communication of this kind to this service was never
     * stored, is not on its way, got an answer (an unanswered one is not sent again without the
     * user), and, if refused or rejected, was changed since.
     */
    async unsent(
      establishmentId: string,
      kind: SesKind,
      environment: 'production' | 'test',
      since: Date,
      limit: number,
      tx: Db = db,
    ): Promise<string[]> {
      return (
        await repository.unsentStays(establishmentId, kind, environment, since, limit, tx)
      ).map((r) => r.id);
    },

    /**
     * As `unsent`, with what tells a traveler's stay (its contract reference), whether they are a
     * minor on arrival, and when they were registered (decision 048: a stay goes whole).
     */
    async unsentStays(
      establishmentId: string,
      kind: SesKind,
      environment: 'production' | 'test',
      since: Date,
      limit: number,
      tx: Db = db,
    ): Promise<UnsentRow[]> {
      return tx
        .select({
          id: pilgrims.id,
          createdAt: pilgrims.createdAt,
          dateOfBirth: pilgrims.dateOfBirth,
          entryDate: pilgrims.entryDate,
          entryDateTime: pilgrims.entryDateTime,
          contractReference: pilgrims.contractReference,
        })
        .from(pilgrims)
        .where(
          and(
            eq(pilgrims.establishmentId, establishmentId),
            // Implied by the next (a row is changed after it is created); it lets the
            // (establishment, updated_at) index narrow the rows.
            gte(pilgrims.updatedAt, since),
            gte(pilgrims.createdAt, since),
            confirmedRegistration,
            // A reservation's guests are in its own RH (decision 071), not one of their own.
            kind === 'RH'
              ? sql`not exists (select 1 from ${selfRegistrations} r
                  where r.pilgrim_id = ${pilgrims.id} and r.reservation_id is not null)`
              : undefined,
            sql`not exists (
              select 1 from ${sesSubmissionItems}
              join ${sesSubmissions} on ${sesSubmissions.id} = ${sesSubmissionItems.submissionId}
              where ${sesSubmissionItems.pilgrimId} = ${pilgrims.id}
                and ${sesSubmissions.operation} = 'A'
                and (${sesSubmissionItems.cancelledBy} is null
                  -- A correction's stay waits for its own new alta (decision 048).
                  or exists (select 1 from ${sesSubmissions} c
                    where c.id = ${sesSubmissionItems.cancelledBy} and c.correction_state = 'waiting'))
                and ${sesSubmissions.kind} = ${kind}
                and ${sesSubmissions.environment} = ${environment}
                and (${sesSubmissionItems.communicationCode} is not null
                  or (${sesSubmissionItems.error} is null
                    and ${sesSubmissions.state} in ('sending', 'queued', 'uncertain', 'processed'))
                  or ((${sesSubmissionItems.error} is not null or ${sesSubmissions.state} = 'refused')
                    and ${pilgrims.updatedAt} <= coalesce(${sesSubmissions.processedAt}, ${sesSubmissions.createdAt}))))`,
          ),
        )
        .orderBy(asc(pilgrims.createdAt), asc(pilgrims.id))
        .limit(limit);
    },

    /**
     * Travelers who may still be to report: confirmed registrations since `since` of the
     * establishments in reach that send from Hospes (a web-service user).
     */
    async guardTravelers(
      scope: Scope,
      since: Date,
      establishmentId?: string,
      /** Establishments that report to the Mossos d'Esquadra (by upload: decision 057). */
      mossosIds: string[] = [],
      tx: Db = db,
    ): Promise<GuardTravelerRow[]> {
      return tx
        .select({
          id: pilgrims.id,
          establishmentId: pilgrims.establishmentId,
          establishmentName: establishments.name,
          province: establishments.province,
          postalCode: establishments.postalCode,
          establishmentAuthority: establishments.authority,
          firstName: pilgrims.firstName,
          lastName: pilgrims.lastName,
          secondLastName: pilgrims.secondLastName,
          entryDate: pilgrims.entryDate,
          entryDateTime: pilgrims.entryDateTime,
          createdAt: pilgrims.createdAt,
          updatedAt: pilgrims.updatedAt,
        })
        .from(pilgrims)
        .innerJoin(establishments, eq(establishments.id, pilgrims.establishmentId))
        .where(
          and(
            inScope(scope, pilgrims.establishmentId),
            establishmentId ? eq(pilgrims.establishmentId, establishmentId) : undefined,
            mossosIds.length
              ? or(connected, inArray(pilgrims.establishmentId, mossosIds))
              : connected,
            gte(pilgrims.updatedAt, since), // implied by the next, for the index
            gte(pilgrims.createdAt, since),
            confirmedRegistration,
          ),
        )
        .orderBy(asc(pilgrims.createdAt), asc(pilgrims.id))
        .limit(2000);
    },

    /** Their partes communications to the service of their establishment, newest first. */
    async partesOf(pilgrimIds: string[], tx: Db = db): Promise<GuardItemRow[]> {
      if (pilgrimIds.length === 0) return [];
      const out: GuardItemRow[] = [];
      for (let i = 0; i < pilgrimIds.length; i += 1000) {
        out.push(
          ...(await tx
            .select({
              pilgrimId: sesSubmissionItems.pilgrimId,
              state: sesSubmissions.state,
              communicationCode: sesSubmissionItems.communicationCode,
              error: sesSubmissionItems.error,
              responseText: sesSubmissions.responseText,
              createdAt: sesSubmissions.createdAt,
            })
            .from(sesSubmissionItems)
            .innerJoin(sesSubmissions, eq(sesSubmissions.id, sesSubmissionItems.submissionId))
            .innerJoin(establishments, eq(establishments.id, sesSubmissions.establishmentId))
            .where(
              and(
                inArray(sesSubmissionItems.pilgrimId, pilgrimIds.slice(i, i + 1000)),
                // Altas not cancelled since: a cancelled parte is to report again (decision 045).
                eq(sesSubmissions.operation, 'A'),
                // …or whose correction waits for its cancellation's lote (decision 048).
                or(
                  isNull(sesSubmissionItems.cancelledBy),
                  sql`exists (select 1 from ${sesSubmissions} c
                    where c.id = ${sesSubmissionItems.cancelledBy} and c.correction_state = 'waiting')`,
                ),
                eq(sesSubmissions.kind, 'PV'),
                // On the service the establishment sends to now: SES's, or the Ertzaintza's A19
                // with its own choice of pre-production (decision 061).
                sql`${sesSubmissions.environment} = case when ${sesSubmissions.authority} = 'ertzaintza'
                  then ${establishments.a19Environment} else ${establishments.sesEnvironment} end`,
              ),
            )
            .orderBy(desc(sesSubmissions.createdAt), desc(sesSubmissions.id))),
        );
      }
      return out;
    },

    /**
     * The establishments in the scope that report to the Mossos d'Esquadra (decision 057): chosen,
     * or by their province (read by reportingAuthority, as every spelling counts).
     */
    async mossosEstablishments(scope: Scope, establishmentId?: string, tx: Db = db) {
      const rows = await tx
        .select({
          id: establishments.id,
          name: establishments.name,
          province: establishments.province,
          postalCode: establishments.postalCode,
          authority: establishments.authority,
        })
        .from(establishments)
        .where(
          and(
            inScope(scope, establishments.id),
            establishmentId ? eq(establishments.id, establishmentId) : undefined,
            or(isNull(establishments.authority), eq(establishments.authority, 'mossos')),
          ),
        );
      return rows.filter((row) => reportingAuthority(row) === 'mossos');
    },

    /** Of these travelers, those in a Mossos file whose upload the owner confirmed. */
    async uploaded(pilgrimIds: string[], tx: Db = db): Promise<Set<string>> {
      const out = new Set<string>();
      for (let i = 0; i < pilgrimIds.length; i += 1000) {
        const rows = await tx
          .selectDistinct({ id: authorityUploadItems.pilgrimId })
          .from(authorityUploadItems)
          .innerJoin(authorityUploads, eq(authorityUploads.id, authorityUploadItems.uploadId))
          .where(
            and(
              inArray(authorityUploadItems.pilgrimId, pilgrimIds.slice(i, i + 1000)),
              isNotNull(authorityUploads.uploadedAt),
            ),
          );
        for (const row of rows) out.add(row.id);
      }
      return out;
    },

    /** The establishments that send from Hospes. */
    async connectedEstablishments(tx: Db = db) {
      return tx
        .select({
          id: establishments.id,
          name: establishments.name,
          province: establishments.province,
          postalCode: establishments.postalCode,
          authority: establishments.authority,
        })
        .from(establishments)
        .where(connected);
    },

    /** Requests since `since` that came back with errors: refused whole, or some rejected. */
    async lotesWithErrors(establishmentId: string, since: Date, tx: Db = db) {
      return tx
        .select({
          id: sesSubmissions.id,
          kind: sesSubmissions.kind,
          lote: sesSubmissions.lote,
          state: sesSubmissions.state,
          responseText: sesSubmissions.responseText,
        })
        .from(sesSubmissions)
        .where(
          and(
            eq(sesSubmissions.establishmentId, establishmentId),
            gte(sesSubmissions.createdAt, since),
            or(
              eq(sesSubmissions.state, 'refused'),
              and(
                eq(sesSubmissions.state, 'processed'),
                sql`exists (select 1 from ${sesSubmissionItems}
                  where ${sesSubmissionItems.submissionId} = ${sesSubmissions.id}
                    and ${sesSubmissionItems.error} is not null)`,
              ),
            ),
          ),
        )
        .orderBy(asc(sesSubmissions.createdAt));
    },

    /** The travelers these requests sent that the Ministry rejected, with its error. */
    async rejectedOf(submissionIds: string[], tx: Db = db) {
      if (submissionIds.length === 0) return [];
      return tx
        .select({
          submissionId: sesSubmissionItems.submissionId,
          firstName: pilgrims.firstName,
          lastName: pilgrims.lastName,
          secondLastName: pilgrims.secondLastName,
          error: sesSubmissionItems.error,
        })
        .from(sesSubmissionItems)
        .innerJoin(pilgrims, eq(pilgrims.id, sesSubmissionItems.pilgrimId))
        .where(
          and(
            inArray(sesSubmissionItems.submissionId, submissionIds),
            isNotNull(sesSubmissionItems.error),
          ),
        )
        .orderBy(asc(sesSubmissionItems.orden), asc(pilgrims.id));
    },

    async alertOf(establishmentId: string, tx: Db = db): Promise<AlertRow | null> {
      const [row] = await tx
        .select()
        .from(sesAlerts)
        .where(eq(sesAlerts.establishmentId, establishmentId));
      return row ?? null;
    },

    /**
     * Records an alert, only if nothing was recorded since `before` read it (another process
     * recorded one meanwhile): answers whether this one did.
     */
    async recordAlert(
      establishmentId: string,
      before: Date | null,
      values: Omit<AlertRow, 'establishmentId'>,
      tx: Db = db,
    ): Promise<boolean> {
      const rows = await tx
        .insert(sesAlerts)
        .values({ establishmentId, ...values })
        .onConflictDoUpdate({
          target: sesAlerts.establishmentId,
          set: values,
          setWhere: sql`${sesAlerts.alertedAt} is not distinct from ${before}`,
        })
        .returning({ id: sesAlerts.establishmentId });
      return rows.length > 0;
    },

    /** The owners of an establishment (active accounts), who get its alerts. */
    async ownersOf(establishmentId: string, tx: Db = db) {
      return activeOwnersOf(tx, establishmentId);
    },
  };
  return repository;
}
export type SesAutoRepository = ReturnType<typeof createSesAutoRepository>;
