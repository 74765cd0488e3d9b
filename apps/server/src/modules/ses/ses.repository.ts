/**
 * Queries of the SES.HOSPEDAJES sending (decision 035): an establishment's web-service connection,
 * the requests sent and their travelers. Reads of tenant data carry the caller's scope, or an
 * establishment already checked against it; every method takes an optional `tx`.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  establishments,
  pilgrims,
  sesSubmissionItems,
  sesSubmissions,
  users,
} from '../../db/schema';
import { inScope, type Scope } from '../establishments/scope';

export type SubmissionRow = typeof sesSubmissions.$inferSelect;
export type NewSubmissionRow = typeof sesSubmissions.$inferInsert;
export type SubmissionItemRow = typeof sesSubmissionItems.$inferSelect;

export interface ConnectionRow {
  establishmentId: string;
  user: string | null;
  password: Buffer | null;
  environment: 'production' | 'test';
  landlordCode: string | null;
}

const connectionColumns = {
  establishmentId: establishments.id,
  user: establishments.sesUser,
  password: establishments.sesPassword,
  environment: establishments.sesEnvironment,
  landlordCode: establishments.landlordCode,
};

/** Per traveler: the request it went in, its communication's result and its name. */
export interface SubmissionTravelerRow extends SubmissionItemRow {
  firstName: string;
  lastName: string;
  secondLastName: string | null;
}

export function createSesRepository(db: Db) {
  return {
    /** Whether the caller reaches this establishment. */
    async establishmentInReach(id: string, scope: Scope, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: establishments.id })
        .from(establishments)
        .where(and(eq(establishments.id, id), inScope(scope, establishments.id)));
      return !!row;
    },

    /** Whether the caller reaches this traveler. */
    async pilgrimInReach(id: string, scope: Scope, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: pilgrims.id })
        .from(pilgrims)
        .where(and(eq(pilgrims.id, id), inScope(scope, pilgrims.establishmentId)));
      return !!row;
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

    /**
     * Of these travelers, those whose communication of this kind needs no sending again: stored by
     * the service, or sent and not answered yet (on its way, queued, or never answered).
     */
    async alreadyCommunicated(
      pilgrimIds: string[],
      kind: 'PV' | 'RH',
      tx: Db = db,
    ): Promise<Set<string>> {
      if (pilgrimIds.length === 0) return new Set();
      const rows = await tx
        .selectDistinct({ pilgrimId: sesSubmissionItems.pilgrimId })
        .from(sesSubmissionItems)
        .innerJoin(sesSubmissions, eq(sesSubmissions.id, sesSubmissionItems.submissionId))
        .where(
          and(
            inArray(sesSubmissionItems.pilgrimId, pilgrimIds),
            eq(sesSubmissions.kind, kind),
            sql`(${sesSubmissionItems.communicationCode} is not null or (${sesSubmissionItems.error} is null and ${sesSubmissions.state} in ('sending', 'queued', 'uncertain')))`,
          ),
        );
      return new Set(rows.map((r) => r.pilgrimId));
    },

    async insert(
      submission: NewSubmissionRow,
      items: { pilgrimId: string; orden: number }[],
      tx: Db = db,
    ) {
      await tx.transaction(async (t) => {
        await t.insert(sesSubmissions).values(submission);
        await t
          .insert(sesSubmissionItems)
          .values(items.map((item) => ({ ...item, submissionId: submission.id })));
      });
    },

    async update(id: string, values: Partial<NewSubmissionRow>, tx: Db = db) {
      await tx.update(sesSubmissions).set(values).where(eq(sesSubmissions.id, id));
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
        }
        await t.update(sesSubmissions).set(values).where(eq(sesSubmissions.id, id));
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
        .set({ state: 'uncertain', failure: 'network' })
        .where(and(eq(sesSubmissions.state, 'sending'), lte(sesSubmissions.createdAt, before)));
    },

    /** A request the caller may see, or null. */
    async findInScope(id: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({ submission: sesSubmissions, sentByName: users.name })
        .from(sesSubmissions)
        .leftJoin(users, eq(users.id, sesSubmissions.sentBy))
        .where(and(eq(sesSubmissions.id, id), inScope(scope, sesSubmissions.establishmentId)));
      return row ?? null;
    },

    async byId(id: string, tx: Db = db) {
      const [row] = await tx
        .select({ submission: sesSubmissions, sentByName: users.name })
        .from(sesSubmissions)
        .leftJoin(users, eq(users.id, sesSubmissions.sentBy))
        .where(eq(sesSubmissions.id, id));
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

    /** A traveler's communications, newest first. */
    async ofTraveler(pilgrimId: string, tx: Db = db) {
      return tx
        .select({ submission: sesSubmissions, item: sesSubmissionItems })
        .from(sesSubmissionItems)
        .innerJoin(sesSubmissions, eq(sesSubmissions.id, sesSubmissionItems.submissionId))
        .where(eq(sesSubmissionItems.pilgrimId, pilgrimId))
        .orderBy(desc(sesSubmissions.createdAt), desc(sesSubmissions.id));
    },
  };
}
export type SesRepository = ReturnType<typeof createSesRepository>;
