import { and, desc, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  establishmentDeclarations,
  establishments,
  users,
  type EstablishmentRow,
} from '../../db/schema';
import { activeOwnersOf } from '../../db/owners';
import { inScope, type Scope } from '../../db/scope';

export type NewDeclarationRow = typeof establishmentDeclarations.$inferInsert;

/** The declaraciones responsables (decision 063). Every query names the establishment. */
export function createDeclarationsRepository(db: Db) {
  return {
    /** The establishment, when the scope reaches it. */
    async establishmentInScope(id: string, scope: Scope): Promise<EstablishmentRow | null> {
      const [row] = await db
        .select()
        .from(establishments)
        .where(and(eq(establishments.id, id), inScope(scope, establishments.id)));
      return row ?? null;
    },

    /** The signed versions, newest first, without their PDFs. */
    async versions(establishmentId: string, tx: Db = db) {
      return tx
        .select({
          id: establishmentDeclarations.id,
          signedAt: establishmentDeclarations.signedAt,
          signedOn: establishmentDeclarations.signedOn,
          validUntil: establishmentDeclarations.validUntil,
          signerName: establishmentDeclarations.signerName,
          signedByName: users.name,
          language: establishmentDeclarations.language,
          size: establishmentDeclarations.pdfSize,
        })
        .from(establishmentDeclarations)
        .leftJoin(users, eq(users.id, establishmentDeclarations.signedBy))
        .where(eq(establishmentDeclarations.establishmentId, establishmentId))
        .orderBy(desc(establishmentDeclarations.signedAt), desc(establishmentDeclarations.id));
    },

    async insert(row: NewDeclarationRow, tx: Db = db): Promise<void> {
      await tx.insert(establishmentDeclarations).values(row);
    },

    /**
     * The newest version of each establishment, when it ends by `until` (YYYY-MM-DD) and its owners
     * were not yet told it expired: what the reminders look at (decision 083).
     */
    async endingBy(until: string, tx: Db = db) {
      const newest = tx
        .selectDistinctOn([establishmentDeclarations.establishmentId], {
          id: establishmentDeclarations.id,
          establishmentId: establishmentDeclarations.establishmentId,
          validUntil: establishmentDeclarations.validUntil,
          remindedState: establishmentDeclarations.remindedState,
        })
        .from(establishmentDeclarations)
        .orderBy(
          establishmentDeclarations.establishmentId,
          desc(establishmentDeclarations.signedAt),
          desc(establishmentDeclarations.id),
        )
        .as('newest');
      return tx
        .select({
          id: newest.id,
          validUntil: newest.validUntil,
          remindedState: newest.remindedState,
          establishment: {
            id: establishments.id,
            name: establishments.name,
            province: establishments.province,
            postalCode: establishments.postalCode,
          },
        })
        .from(newest)
        .innerJoin(establishments, eq(establishments.id, newest.establishmentId))
        .where(
          and(
            lte(newest.validUntil, until),
            or(isNull(newest.remindedState), ne(newest.remindedState, 'expired')),
          ),
        );
    },

    /**
     * Records that the owners are told `state`, if nobody recorded it since `from` was read (two
     * processes: one wins). Answers whether this call recorded it.
     */
    async markReminded(id: string, from: string | null, state: string, tx: Db = db) {
      const rows = await tx
        .update(establishmentDeclarations)
        .set({ remindedState: state })
        .where(
          and(
            eq(establishmentDeclarations.id, id),
            from === null
              ? isNull(establishmentDeclarations.remindedState)
              : eq(establishmentDeclarations.remindedState, from),
          ),
        )
        .returning({ id: establishmentDeclarations.id });
      return rows.length > 0;
    },

    /** A version with its establishment's name, and whether a newer version was signed since. */
    async withEstablishment(id: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: establishmentDeclarations.id,
          validUntil: establishmentDeclarations.validUntil,
          establishment: { id: establishments.id, name: establishments.name },
          superseded: sql<boolean>`exists (
            select 1 from ${establishmentDeclarations} as later
            where later.establishment_id = ${establishmentDeclarations.establishmentId}
              and later.signed_at > ${establishmentDeclarations.signedAt})`,
        })
        .from(establishmentDeclarations)
        .innerJoin(establishments, eq(establishments.id, establishmentDeclarations.establishmentId))
        .where(eq(establishmentDeclarations.id, id));
      return row ?? null;
    },

    /** The establishment's active owners: who signs, and who is reminded. */
    async ownersOf(establishmentId: string, tx: Db = db) {
      return activeOwnersOf(tx, establishmentId);
    },

    /** One version's sealed PDF, when it belongs to the establishment. */
    async pdf(establishmentId: string, id: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: establishmentDeclarations.id,
          pdf: establishmentDeclarations.pdf,
          signedOn: establishmentDeclarations.signedOn,
        })
        .from(establishmentDeclarations)
        .where(
          and(
            eq(establishmentDeclarations.id, id),
            eq(establishmentDeclarations.establishmentId, establishmentId),
          ),
        );
      return row ?? null;
    },
  };
}

export type DeclarationsRepository = ReturnType<typeof createDeclarationsRepository>;
