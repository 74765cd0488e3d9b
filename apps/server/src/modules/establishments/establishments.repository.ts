import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListEstablishmentsQuery } from '@hospes/shared/establishments';
import { findProvince, provinceKey } from '@hospes/shared/provinces';
import { escapeLike, searchTerms } from '@hospes/shared/search';
import type { Db } from '../../db/client';
import { byName, isoTimestamp } from '../../db/sql-helpers';
import {
  establishmentMembers,
  establishments,
  nifHolds,
  travelerDocuments,
  pilgrims,
} from '../../db/schema';
import { deleteDocumentPhotos, keepsDocumentImages } from './document-photos';
import { inScope, letterKey, unaccentLower, type Scope } from '../../db/scope';
import { stayEnd } from '../retention';

export type NewEstablishment = typeof establishments.$inferInsert;
export type EstablishmentRow = typeof establishments.$inferSelect;

/**
 * The row plus the activity figures every establishment answer carries. The subqueries name the
 * outer column in full: drizzle leaves columns unqualified in a single-table select.
 */
const outerId = sql.raw('"establishments"."id"');
const withStats = {
  row: establishments,
  pilgrimsCount: sql<number>`(select count(*)::int from pilgrims p where p.establishment_id = ${outerId})`,
  lastLogin: isoTimestamp(
    sql`select max(u.last_login_at) from establishment_members m join users u on u.id = m.user_id where m.establishment_id = ${outerId}`,
  ),
  lastActivity: isoTimestamp(
    sql`select max(p.updated_at) from pilgrims p where p.establishment_id = ${outerId}`,
  ),
};
export type EstablishmentWithStats = {
  row: EstablishmentRow;
  pilgrimsCount: number;
  lastLogin: string | null;
  lastActivity: string | null;
};

function containsAll(expression: SQL, terms: string[]): SQL[] {
  return terms.map((term) => sql`${expression} like ${`%${escapeLike(term)}%`} escape '\\'`);
}

export function createEstablishmentsRepository(db: Db) {
  return {
    async findByNif(nif: string, tx: Db = db) {
      const [row] = await tx.select().from(establishments).where(eq(establishments.nif, nif));
      return row ?? null;
    },

    /**
     * Whether a registration must be refused for the NIF: an establishment has it, or a
     * registration with a known e-mail held it (decision 049).
     */
    async isNifTaken(nif: string, tx: Db = db) {
      const [row] = await tx
        .select({ nif: establishments.nif })
        .from(establishments)
        .where(eq(establishments.nif, nif))
        .unionAll(tx.select({ nif: nifHolds.nif }).from(nifHolds).where(eq(nifHolds.nif, nif)))
        .limit(1);
      return row !== undefined;
    },

    /** Holds a NIF registered with a known e-mail, as a new account's establishment would. */
    async holdNif(nif: string, tx: Db = db) {
      await tx.insert(nifHolds).values({ nif }).onConflictDoNothing();
    },

    async insertWithOwner(values: NewEstablishment, ownerId: string, tx: Db = db) {
      const [row] = await tx.insert(establishments).values(values).returning();
      await tx
        .insert(establishmentMembers)
        .values({ establishmentId: row!.id, userId: ownerId, role: 'owner' });
      return row!;
    },

    /** One establishment with its figures, when the scope reaches it. */
    async findInScope(
      id: string,
      scope: Scope,
      tx: Db = db,
    ): Promise<EstablishmentWithStats | null> {
      const [row] = await tx
        .select(withStats)
        .from(establishments)
        .where(and(eq(establishments.id, id), inScope(scope, establishments.id)));
      return row ?? null;
    },

    /** The row alone, locked for an update or a delete, when the scope reaches it. */
    async lockInScope(id: string, scope: Scope, tx: Db = db): Promise<EstablishmentRow | null> {
      const [row] = await tx
        .select()
        .from(establishments)
        .where(and(eq(establishments.id, id), inScope(scope, establishments.id)))
        .for('update');
      return row ?? null;
    },

    /**
     * Up to `limit` travelers of an establishment that still have a photo of their identity
     * document (front, back), locked in id order (as an edit locks a traveler before reading its
     * establishment): one moved elsewhere meanwhile drops out once its move commits.
     */
    async lockTravelersWithPhotos(establishmentId: string, limit: number, tx: Db) {
      const rows = await tx
        .select({ id: pilgrims.id })
        .from(pilgrims)
        .where(
          and(
            eq(pilgrims.establishmentId, establishmentId),
            sql`exists (select 1 from ${travelerDocuments} where ${travelerDocuments.pilgrimId} = ${pilgrims.id}
              and ${travelerDocuments.kind} in ('front', 'back'))`,
          ),
        )
        .orderBy(asc(pilgrims.id))
        .limit(limit)
        .for('update', { of: pilgrims });
      return rows.map((row) => row.id);
    },

    /** Locks every traveler of an establishment, in id order. */
    async lockTravelers(establishmentId: string, tx: Db) {
      await tx
        .select({ id: pilgrims.id })
        .from(pilgrims)
        .where(eq(pilgrims.establishmentId, establishmentId))
        .orderBy(asc(pilgrims.id))
        .for('update');
    },

    /** Whether an establishment keeps photos of documents, under a share lock (see there). */
    keepsDocumentImages: (establishmentId: string, tx: Db) =>
      keepsDocumentImages(tx, establishmentId),

    /** Deletes these travelers' photos of the identity document (see there). */
    deleteDocumentPhotos: (pilgrimIds: string[], tx: Db) => deleteDocumentPhotos(tx, pilgrimIds),

    /** The admin list: filters (accent- and case-insensitive), by name, one page. */
    async list(query: ListEstablishmentsQuery, tx: Db = db) {
      const conditions: SQL[] = [];
      const terms = searchTerms(query.search);
      if (terms.length) {
        const haystack = unaccentLower(
          sql`${establishments.name} || ' ' || ${establishments.nif} || ' ' || ${establishments.city} || ' ' || ${establishments.province} || ' ' || ${establishments.contactName} || ' ' || ${establishments.contactEmail}`,
        );
        conditions.push(...containsAll(haystack, terms));
      }
      if (query.type) conditions.push(eq(establishments.type, query.type));
      if (query.status) conditions.push(eq(establishments.status, query.status));
      if (query.city)
        conditions.push(
          ...containsAll(unaccentLower(establishments.city), searchTerms(query.city)),
        );
      if (query.province) {
        const province = findProvince(query.province);
        if (province) {
          const keys = [
            ...new Set(
              [province.name, ...province.variants, ...province.name.split('/')].map(provinceKey),
            ),
          ];
          conditions.push(
            sql`(${letterKey(establishments.province)} in (${sql.join(
              keys.map((k) => sql`${k}`),
              sql`, `,
            )}) or substr(${establishments.postalCode}, 1, 2) = ${province.code})`,
          );
        } else {
          conditions.push(
            ...containsAll(unaccentLower(establishments.province), searchTerms(query.province)),
          );
        }
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [count] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(establishments)
        .where(where);
      const rows = await tx
        .select(withStats)
        .from(establishments)
        .where(where)
        .orderBy(asc(byName(establishments.name)), asc(establishments.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return { rows, total: count?.total ?? 0 };
    },

    /** The establishments a user belongs to, with the user's role in each. */
    async listForUser(userId: string, tx: Db = db) {
      return tx
        .select({ ...withStats, role: establishmentMembers.role })
        .from(establishments)
        .innerJoin(
          establishmentMembers,
          and(
            eq(establishmentMembers.establishmentId, establishments.id),
            eq(establishmentMembers.userId, userId),
          ),
        )
        .orderBy(asc(byName(establishments.name)), asc(establishments.id));
    },

    async update(id: string, scope: Scope, values: Partial<NewEstablishment>, tx: Db = db) {
      const [row] = await tx
        .update(establishments)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(establishments.id, id), inScope(scope, establishments.id)))
        .returning();
      return row ?? null;
    },

    /** Travelers of an establishment whose stay ended on or after `cutoff` (their retention runs). */
    async countRetainedTravelers(id: string, cutoff: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(pilgrims)
        .where(and(eq(pilgrims.establishmentId, id), sql`${stayEnd} >= ${cutoff}`));
      return row?.n ?? 0;
    },

    /** Deletes an establishment in scope and its (retention-expired) travelers; their ids. */
    async deleteInScope(id: string, scope: Scope, tx: Db = db) {
      const removed = await tx
        .delete(pilgrims)
        .where(and(eq(pilgrims.establishmentId, id), inScope(scope, pilgrims.establishmentId)))
        .returning({ id: pilgrims.id });
      const [row] = await tx
        .delete(establishments)
        .where(and(eq(establishments.id, id), inScope(scope, establishments.id)))
        .returning({ id: establishments.id });
      return row ? { id: row.id, pilgrimIds: removed.map((r) => r.id) } : null;
    },
  };
}
export type EstablishmentsRepository = ReturnType<typeof createEstablishmentsRepository>;
