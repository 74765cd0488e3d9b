import type { MemberRole } from '@hospes/shared/team';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AdminUsersQuery } from '@hospes/shared/admin';
import { escapeLike, searchTerms } from '@hospes/shared/search';
import type { Db } from '../../db/client';
import { byName } from '../../db/sql-helpers';
import {
  establishmentMembers,
  establishments,
  pilgrims,
  users,
  type UserRow,
} from '../../db/schema';
import { unaccentLower } from '../../db/scope';

export interface Membership {
  userId: string;
  id: string;
  name: string;
  role: MemberRole;
}

export interface ReportFilter {
  from: string;
  to: string;
  establishmentId: string | null;
}

/**
 * Queries of the admin area: users across every establishment, and registration figures.
 * Only administrators reach these (the routes say so), so no tenant scope applies: the platform
 * is their tenant.
 */
export function createAdminRepository(db: Db) {
  function reportWhere(filter: ReportFilter): SQL {
    const conditions: SQL[] = [
      gte(pilgrims.entryDate, filter.from),
      lte(pilgrims.entryDate, filter.to),
    ];
    if (filter.establishmentId)
      conditions.push(eq(pilgrims.establishmentId, filter.establishmentId));
    return and(...conditions)!;
  }

  return {
    /** One page of users, by name, filtered by name or e-mail, role and active state. */
    async listUsers(query: AdminUsersQuery, tx: Db = db) {
      // People only: an API key's principal (decision 068) is listed with its establishment's keys.
      const conditions: SQL[] = [eq(users.kind, 'person')];
      const haystack = unaccentLower(sql`${users.name} || ' ' || ${users.email}`);
      for (const term of searchTerms(query.search)) {
        conditions.push(sql`${haystack} like ${`%${escapeLike(term)}%`} escape '\\'`);
      }
      if (query.role) conditions.push(eq(users.role, query.role));
      if (query.status) conditions.push(eq(users.isActive, query.status === 'active'));
      const where = conditions.length ? and(...conditions) : undefined;
      const [total] = await tx.select({ n: count() }).from(users).where(where);
      const rows = await tx
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(byName(users.name)), asc(users.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** The establishments each of these users belongs to, by establishment name. */
    async membershipsOf(userIds: string[], tx: Db = db): Promise<Membership[]> {
      if (userIds.length === 0) return [];
      return tx
        .select({
          userId: establishmentMembers.userId,
          id: establishments.id,
          name: establishments.name,
          role: establishmentMembers.role,
        })
        .from(establishmentMembers)
        .innerJoin(establishments, eq(establishments.id, establishmentMembers.establishmentId))
        .where(inArray(establishmentMembers.userId, userIds))
        .orderBy(asc(byName(establishments.name)), asc(establishments.id));
    },

    /**
     * The ids of the active administrators, locked until the transaction ends, in id order (so
     * that two concurrent changes wait for each other instead of both removing "the other" one).
     */
    async lockActiveAdmins(tx: Db): Promise<string[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    async lockUser(id: string, tx: Db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      return row ?? null;
    },

    async establishmentName(id: string, tx: Db = db): Promise<string | null> {
      const [row] = await tx
        .select({ name: establishments.name })
        .from(establishments)
        .where(eq(establishments.id, id));
      return row?.name ?? null;
    },

    /** Travelers by month of entry (YYYY-MM) in the period; months without any are absent. */
    async countByMonth(filter: ReportFilter, tx: Db = db) {
      // The format is SQL text, not a parameter, so the GROUP BY expression equals the select's.
      const month = sql<string>`to_char(${pilgrims.entryDate}, 'YYYY-MM')`;
      const rows = await tx
        .select({ month, count: count() })
        .from(pilgrims)
        .where(reportWhere(filter))
        .groupBy(month)
        .orderBy(month);
      return rows.map((row) => ({ month: row.month, count: Number(row.count) }));
    },

    async countByEstablishment(filter: ReportFilter, tx: Db = db) {
      const rows = await tx
        .select({ establishmentId: establishments.id, name: establishments.name, count: count() })
        .from(pilgrims)
        .innerJoin(establishments, eq(establishments.id, pilgrims.establishmentId))
        .where(reportWhere(filter))
        .groupBy(establishments.id, establishments.name)
        .orderBy(desc(count()), asc(byName(establishments.name)), asc(establishments.id));
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    async countByNationality(filter: ReportFilter, tx: Db = db) {
      const rows = await tx
        .select({ nationality: pilgrims.nationality, count: count() })
        .from(pilgrims)
        .where(reportWhere(filter))
        .groupBy(pilgrims.nationality)
        .orderBy(desc(count()), asc(pilgrims.nationality));
      return rows.map((row) => ({ nationality: row.nationality, count: Number(row.count) }));
    },

    async countByDocumentType(filter: ReportFilter, tx: Db = db) {
      const rows = await tx
        .select({ documentType: pilgrims.documentType, count: count() })
        .from(pilgrims)
        .where(reportWhere(filter))
        .groupBy(pilgrims.documentType)
        .orderBy(desc(count()), asc(pilgrims.documentType));
      return rows.map((row) => ({ documentType: row.documentType, count: Number(row.count) }));
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
