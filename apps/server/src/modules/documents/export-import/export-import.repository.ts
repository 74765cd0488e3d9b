/**
 * Queries of the export and the import of the traveler file. Every query of travelers carries the caller's scope (or an establishment
 * already checked against it) in its WHERE clause; every method takes an optional `tx`.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { establishments, pilgrims, type NewTravelerRow } from '../../../db/schema';
import type { Scope } from '../../../db/scope';
import { establishmentInScope } from '../establishment-in-scope';
import { listConditions, type ListDays, type TravelerFilter } from '../../travelers';

/** An export row as read: the traveler as JSON text (see rowFromJson) and the keyset position. */
export interface ExportRow {
  json: string;
  establishmentName: string;
  /** Where the establishment is: its clock (decision 028) counts the days of a stay. */
  establishmentProvince: string;
  establishmentPostalCode: string;
  entryDate: string;
  id: string;
}

/** Where a keyset page starts: after this (entry date, id). */
export interface ExportCursor {
  entryDate: string;
  id: string;
}

export interface ExportSelection {
  scope: Scope;
  filter: TravelerFilter;
  ids?: string[];
  /** The day the stay indicator filter counts to (see ListDays). */
  today: ListDays;
}

function selectionConditions(selection: ExportSelection): SQL[] {
  const conditions = listConditions(selection.scope, selection.filter, selection.today);
  if (selection.ids) conditions.push(inArray(pilgrims.id, selection.ids));
  return conditions;
}

export function createExportImportRepository(db: Db) {
  return {
    /** The establishment row, when the scope reaches it. */
    establishmentInScope: (id: string, scope: Scope, tx: Db = db) =>
      establishmentInScope(tx, id, scope),

    /**
     * Locks the establishment against a concurrent import (FOR NO KEY UPDATE: registrations,
     * which only take a key-share lock through their foreign key, go on meanwhile).
     */
    async lockEstablishmentForImport(id: string, tx: Db) {
      await tx
        .select({ id: establishments.id })
        .from(establishments)
        .where(eq(establishments.id, id))
        .for('no key update');
    },

    /** How many travelers an export will hold. */
    async exportCount(selection: ExportSelection, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(pilgrims)
        .where(and(...selectionConditions(selection)));
      return row?.total ?? 0;
    },

    /**
     * One keyset page of an export, ordered by (entry date, id): a short query however deep the
     * page, so a long export never holds the database (PGlite has one connection) for long.
     */
    async exportBatch(
      selection: ExportSelection,
      order: 'asc' | 'desc',
      after: ExportCursor | null,
      limit: number,
      tx: Db = db,
    ): Promise<ExportRow[]> {
      const conditions = selectionConditions(selection);
      if (after) {
        const key = sql`(${pilgrims.entryDate}, ${pilgrims.id})`;
        const cursor = sql`(${after.entryDate}::date, ${after.id}::uuid)`;
        conditions.push(order === 'asc' ? sql`${key} > ${cursor}` : sql`${key} < ${cursor}`);
      }
      const direction = order === 'asc' ? asc : desc;
      // Rows stay JSON text until the writer needs them, one at a time: a page of parsed rows
      // would outlive a young-generation collection and leave its garbage in the old one.
      return tx
        .select({
          json: sql<string>`row_to_json(${pilgrims})::text`,
          establishmentName: establishments.name,
          establishmentProvince: establishments.province,
          establishmentPostalCode: establishments.postalCode,
          entryDate: pilgrims.entryDate,
          id: pilgrims.id,
        })
        .from(pilgrims)
        .innerJoin(establishments, eq(establishments.id, pilgrims.establishmentId))
        .where(and(...conditions))
        .orderBy(direction(pilgrims.entryDate), direction(pilgrims.id))
        .limit(limit);
    },

    /**
     * Of these document numbers, the (document number, entry date) pairs already registered at the
     * establishment, as `number|date` keys.
     */
    async existingDocumentKeys(
      establishmentId: string,
      documentNumbers: string[],
      tx: Db = db,
    ): Promise<Set<string>> {
      const keys = new Set<string>();
      const unique = [...new Set(documentNumbers)];
      for (let i = 0; i < unique.length; i += 1000) {
        const rows = await tx
          .select({ number: pilgrims.documentNumber, entryDate: pilgrims.entryDate })
          .from(pilgrims)
          .where(
            and(
              eq(pilgrims.establishmentId, establishmentId),
              inArray(pilgrims.documentNumber, unique.slice(i, i + 1000)),
            ),
          );
        for (const r of rows) keys.add(`${r.number}|${r.entryDate}`);
      }
      return keys;
    },

    /** The travelers without a document (minors) who entered the establishment on these days. */
    async undocumentedOn(establishmentId: string, entryDates: string[], tx: Db = db) {
      const days = [...new Set(entryDates)];
      if (days.length === 0) return [];
      return tx
        .select({
          firstName: pilgrims.firstName,
          lastName: pilgrims.lastName,
          dateOfBirth: pilgrims.dateOfBirth,
          entryDate: pilgrims.entryDate,
        })
        .from(pilgrims)
        .where(
          and(
            eq(pilgrims.establishmentId, establishmentId),
            isNull(pilgrims.documentNumber),
            inArray(pilgrims.entryDate, days),
          ),
        );
    },

    /** Inserts travelers, in statements of at most 500 rows. */
    async insertMany(values: (NewTravelerRow & { id: string })[], tx: Db) {
      for (let i = 0; i < values.length; i += 500) {
        await tx.insert(pilgrims).values(values.slice(i, i + 500));
      }
    },
  };
}
export type ExportImportRepository = ReturnType<typeof createExportImportRepository>;
