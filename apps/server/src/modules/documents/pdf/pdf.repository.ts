/**
 * Queries of the registration sheet. Every query of travelers carries the caller's scope (or an establishment
 * already checked against it) in its WHERE clause; every method takes an optional `tx`.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DocumentKind } from '@hospes/shared/codes';
import type { Db } from '../../../db/client';
import { establishments, travelerDocuments, pilgrims } from '../../../db/schema';
import { inScope, type Scope } from '../../../db/scope';

export function createPdfRepository(db: Db) {
  return {
    /** A traveler with its establishment's row, when the scope reaches it. */
    async travelerInScope(id: string, scope: Scope, tx: Db = db) {
      const [found] = await tx
        .select({ row: pilgrims, establishment: establishments })
        .from(pilgrims)
        .innerJoin(establishments, eq(establishments.id, pilgrims.establishmentId))
        .where(and(eq(pilgrims.id, id), inScope(scope, pilgrims.establishmentId)));
      return found ?? null;
    },

    /** The traveler's stored images of the given kinds, still encrypted. */
    async documentsOf(pilgrimId: string, kinds: DocumentKind[], tx: Db = db) {
      if (kinds.length === 0) return [];
      const rows = await tx
        .select({
          id: travelerDocuments.id,
          kind: travelerDocuments.kind,
          content: travelerDocuments.content,
        })
        .from(travelerDocuments)
        .where(
          and(eq(travelerDocuments.pilgrimId, pilgrimId), inArray(travelerDocuments.kind, kinds)),
        )
        .orderBy(asc(travelerDocuments.kind));
      return rows;
    },
  };
}
export type PdfRepository = ReturnType<typeof createPdfRepository>;
