/**
 * Queries of the SES.HOSPEDAJES files. Every query of travelers carries the caller's scope (or an establishment
 * already checked against it) in its WHERE clause; every method takes an optional `tx`.
 */
import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  establishments,
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
  };
}
export type AuthorityFilesRepository = ReturnType<typeof createAuthorityFilesRepository>;
