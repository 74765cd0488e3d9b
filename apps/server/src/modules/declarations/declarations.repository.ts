import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  establishmentDeclarations,
  establishments,
  users,
  type EstablishmentRow,
} from '../../db/schema';
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
