/**
 * Queries of the authorities' files (SES.HOSPEDAJES, the Mossos d'Esquadra's) and of the uploads
 * the owner confirms. Every query of travelers carries the caller's scope (or an establishment
 * already checked against it) in its WHERE clause; every method takes an optional `tx`.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  authorityUploadItems,
  authorityUploads,
  establishments,
  users,
  pilgrims,
  selfRegistrations,
  type TravelerDbRow,
} from '../../../db/schema';
import type { Scope } from '../../../db/scope';
import { establishmentInScope } from '../establishment-in-scope';

export interface TravelerRow {
  row: TravelerDbRow;
  establishmentName: string;
}

const travelerColumns = { row: pilgrims, establishmentName: establishments.name };

export function createAuthorityFilesRepository(db: Db) {
  return {
    /** The establishment row, when the scope reaches it. */
    establishmentInScope: (id: string, scope: Scope, tx: Db = db) =>
      establishmentInScope(tx, id, scope),

    /** Travelers of one establishment, by id or by entry dates, oldest entry first. */
    async travelersOfEstablishment(
      establishmentId: string,
      where: { ids: string[] } | { from?: string; to?: string },
      limit: number,
      tx: Db = db,
    ): Promise<TravelerRow[]> {
      const conditions: SQL[] = [eq(pilgrims.establishmentId, establishmentId)];
      if ('ids' in where) conditions.push(inArray(pilgrims.id, where.ids));
      else {
        if (where.from) conditions.push(gte(pilgrims.entryDate, where.from));
        if (where.to) conditions.push(lte(pilgrims.entryDate, where.to));
      }
      return tx
        .select(travelerColumns)
        .from(pilgrims)
        .innerJoin(establishments, eq(establishments.id, pilgrims.establishmentId))
        .where(and(...conditions))
        .orderBy(asc(pilgrims.entryDate), asc(pilgrims.createdAt), asc(pilgrims.id))
        .limit(limit);
    },

    /** Of these travelers, those who checked themselves in and await the desk's confirmation. */
    async awaitingConfirmation(pilgrimIds: string[], tx: Db = db): Promise<Set<string>> {
      const pending = new Set<string>();
      for (let i = 0; i < pilgrimIds.length; i += 1000) {
        const rows = await tx
          .select({ id: selfRegistrations.pilgrimId })
          .from(selfRegistrations)
          .where(
            and(
              inArray(selfRegistrations.pilgrimId, pilgrimIds.slice(i, i + 1000)),
              eq(selfRegistrations.status, 'pending'),
            ),
          );
        for (const row of rows) pending.add(row.id);
      }
      return pending;
    },

    /** The next sequence of the establishment's Mossos file names: 1 to 999, then 1 again. */
    async nextMossosSequence(establishmentId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .update(establishments)
        .set({ mossosFileSeq: sql`${establishments.mossosFileSeq} % 999 + 1` })
        .where(eq(establishments.id, establishmentId))
        .returning({ seq: establishments.mossosFileSeq });
      return row!.seq;
    },

    /** A file made for the Mossos portal, with its travelers (not yet uploaded). */
    async createUpload(
      values: { establishmentId: string; reference: string; createdBy: string | null },
      pilgrimIds: string[],
      tx: Db = db,
    ): Promise<string> {
      return tx.transaction(async (t) => {
        const [row] = await t
          .insert(authorityUploads)
          .values({ ...values, authority: 'mossos' })
          .returning({ id: authorityUploads.id });
        if (pilgrimIds.length)
          await t
            .insert(authorityUploadItems)
            .values(pilgrimIds.map((pilgrimId) => ({ uploadId: row!.id, pilgrimId })));
        return row!.id;
      });
    },

    /** An upload of the establishment (already checked against the scope), with its counts. */
    async upload(establishmentId: string, uploadId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: authorityUploads.id,
          establishmentId: authorityUploads.establishmentId,
          authority: authorityUploads.authority,
          reference: authorityUploads.reference,
          receiptSize: authorityUploads.receiptSize,
          uploadedAt: authorityUploads.uploadedAt,
          uploadedByName: users.name,
          createdAt: authorityUploads.createdAt,
          travelers: sql<number>`(select count(*)::int from ${authorityUploadItems} where ${authorityUploadItems.uploadId} = ${authorityUploads.id})`,
        })
        .from(authorityUploads)
        .leftJoin(users, eq(users.id, authorityUploads.uploadedBy))
        .where(
          and(
            eq(authorityUploads.id, uploadId),
            eq(authorityUploads.establishmentId, establishmentId),
          ),
        );
      return row ?? null;
    },

    /**
     * Takes back a confirmation (decision 061): not uploaded any more, its receipt gone. False when
     * it was not recorded as uploaded.
     */
    async unmarkUploaded(establishmentId: string, uploadId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(authorityUploads)
        .set({ uploadedAt: null, uploadedBy: null, receipt: null, receiptSize: null })
        .where(
          and(
            eq(authorityUploads.id, uploadId),
            eq(authorityUploads.establishmentId, establishmentId),
            isNotNull(authorityUploads.uploadedAt),
          ),
        )
        .returning({ id: authorityUploads.id });
      return rows.length > 0;
    },

    /** Records the upload confirmed (once: a second confirmation changes nothing). */
    async markUploaded(
      establishmentId: string,
      uploadId: string,
      values: {
        uploadedBy: string | null;
        at: Date;
        receipt: Buffer | null;
        receiptSize: number | null;
      },
      tx: Db = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(authorityUploads)
        .set({
          uploadedAt: values.at,
          uploadedBy: values.uploadedBy,
          ...(values.receipt ? { receipt: values.receipt, receiptSize: values.receiptSize } : {}),
        })
        .where(
          and(
            eq(authorityUploads.id, uploadId),
            eq(authorityUploads.establishmentId, establishmentId),
          ),
        )
        .returning({ id: authorityUploads.id });
      return rows.length > 0;
    },

    /** The travelers of an upload. */
    uploadItems: (uploadId: string, tx: Db = db) =>
      tx
        .select({ pilgrimId: authorityUploadItems.pilgrimId })
        .from(authorityUploadItems)
        .where(eq(authorityUploadItems.uploadId, uploadId)),

    /** The sealed receipt of an upload of the establishment, when one was attached. */
    async receipt(establishmentId: string, uploadId: string, tx: Db = db) {
      const [row] = await tx
        .select({ receipt: authorityUploads.receipt, reference: authorityUploads.reference })
        .from(authorityUploads)
        .where(
          and(
            eq(authorityUploads.id, uploadId),
            eq(authorityUploads.establishmentId, establishmentId),
          ),
        );
      return row?.receipt ? { receipt: row.receipt, reference: row.reference } : null;
    },

    /**
     * The confirmed uploads of these travelers (their establishments already checked), newest
     * first: what the record and the deadline guard read.
     */
    async uploadsOf(pilgrimIds: string[], tx: Db = db) {
      const out: {
        pilgrimId: string;
        uploadId: string;
        authority: 'mossos';
        reference: string;
        uploadedAt: Date;
      }[] = [];
      for (let i = 0; i < pilgrimIds.length; i += 1000) {
        const rows = await tx
          .select({
            pilgrimId: authorityUploadItems.pilgrimId,
            uploadId: authorityUploads.id,
            authority: authorityUploads.authority,
            reference: authorityUploads.reference,
            uploadedAt: authorityUploads.uploadedAt,
          })
          .from(authorityUploadItems)
          .innerJoin(authorityUploads, eq(authorityUploads.id, authorityUploadItems.uploadId))
          .where(
            and(
              inArray(authorityUploadItems.pilgrimId, pilgrimIds.slice(i, i + 1000)),
              isNotNull(authorityUploads.uploadedAt),
            ),
          )
          .orderBy(desc(authorityUploads.uploadedAt));
        for (const row of rows) out.push({ ...row, uploadedAt: row.uploadedAt! });
      }
      return out;
    },
  };
}
export type AuthorityFilesRepository = ReturnType<typeof createAuthorityFilesRepository>;
