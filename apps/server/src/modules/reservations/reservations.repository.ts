import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  establishments,
  reservationCalendarExports,
  reservationFeeds,
  reservationGuestLinks,
  reservations,
  selfRegistrations,
  type ReservationFeedRow,
  type ReservationRow,
} from '../../db/schema';
import { inScope, type Scope } from '../../db/scope';
import { afterPosition, positionAt, type Position } from '../../lib/cursor';

export type NewReservationRow = typeof reservations.$inferInsert;

/** Reservations, calendar feeds and the export's secret. Staff queries carry the scope. */
export function createReservationsRepository(db: Db) {
  /** Ids of the other live reservations of the same unit whose nights overlap, per reservation. */
  async function overlapsOf(
    rows: readonly ReservationRow[],
    tx: Db,
  ): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    const candidates = rows.filter((r) => r.unit !== null && r.status !== 'cancelled');
    if (candidates.length === 0) return result;
    const other = alias(reservations, 'other');
    const found = await tx
      .select({ id: reservations.id, otherId: other.id })
      .from(reservations)
      .innerJoin(
        other,
        and(
          eq(other.establishmentId, reservations.establishmentId),
          eq(other.unit, reservations.unit),
          ne(other.id, reservations.id),
          ne(other.status, 'cancelled'),
          sql`${other.arrival} < ${reservations.departure}`,
          sql`${other.departure} > ${reservations.arrival}`,
        ),
      )
      .where(
        inArray(
          reservations.id,
          candidates.map((r) => r.id),
        ),
      )
      .orderBy(asc(other.arrival));
    for (const { id, otherId } of found) result.set(id, [...(result.get(id) ?? []), otherId]);
    return result;
  }

  return {
    overlapsOf: (rows: readonly ReservationRow[], tx: Db = db) => overlapsOf(rows, tx),

    /** The establishment, when the scope reaches it. */
    async establishmentInScope(id: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({
          id: establishments.id,
          name: establishments.name,
          province: establishments.province,
          postalCode: establishments.postalCode,
        })
        .from(establishments)
        .where(and(eq(establishments.id, id), inScope(scope, establishments.id)));
      return row ?? null;
    },

    async list(
      establishmentId: string,
      scope: Scope,
      filter: { from?: string; to?: string; status?: ReservationRow['status']; arrivalOn?: string },
      page: { page: number; limit: number },
      tx: Db = db,
    ) {
      const conditions: SQL[] = [
        eq(reservations.establishmentId, establishmentId),
        inScope(scope, reservations.establishmentId),
      ];
      if (filter.from) conditions.push(gt(reservations.departure, filter.from));
      if (filter.to) conditions.push(lte(reservations.arrival, filter.to));
      if (filter.status) conditions.push(eq(reservations.status, filter.status));
      if (filter.arrivalOn) conditions.push(eq(reservations.arrival, filter.arrivalOn));
      const where = and(...conditions);
      const [total] = await tx.select({ n: count() }).from(reservations).where(where);
      const rows = await tx
        .select()
        .from(reservations)
        .where(where)
        .orderBy(asc(reservations.arrival), asc(reservations.id))
        .limit(page.limit)
        .offset((page.page - 1) * page.limit);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Up to `limit` reservations after `after` in the order they were entered (lib/cursor.ts),
     * with the filters of the list, and the position of the last: a partner's sync.
     */
    async listAfter(
      establishmentId: string,
      scope: Scope,
      filter: { from?: string; to?: string; status?: ReservationRow['status'] },
      after: Position | null,
      limit: number,
      tx: Db = db,
    ) {
      const conditions: SQL[] = [
        eq(reservations.establishmentId, establishmentId),
        inScope(scope, reservations.establishmentId),
      ];
      if (filter.from) conditions.push(gt(reservations.departure, filter.from));
      if (filter.to) conditions.push(lte(reservations.arrival, filter.to));
      if (filter.status) conditions.push(eq(reservations.status, filter.status));
      if (after) conditions.push(afterPosition(reservations.createdAt, reservations.id, after));
      const found = await tx
        .select({ row: reservations, at: positionAt(reservations.createdAt) })
        .from(reservations)
        .where(and(...conditions))
        .orderBy(asc(reservations.createdAt), asc(reservations.id))
        .limit(limit);
      const lastRow = found[found.length - 1];
      return {
        rows: found.map((f) => f.row),
        last: lastRow ? { at: lastRow.at, id: lastRow.row.id } : null,
      };
    },

    async find(id: string, scope: Scope, tx: Db = db): Promise<ReservationRow | null> {
      const [row] = await tx
        .select()
        .from(reservations)
        .where(and(eq(reservations.id, id), inScope(scope, reservations.establishmentId)));
      return row ?? null;
    },

    async findByKey(userId: string, key: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(reservations)
        .where(and(eq(reservations.createdBy, userId), eq(reservations.requestKey, key)));
      return row ?? null;
    },

    /** Inserts, or answers null when the row's key (or feed UID) is taken. */
    async insert(row: NewReservationRow, tx: Db = db): Promise<ReservationRow | null> {
      const [inserted] = await tx
        .insert(reservations)
        .values(row)
        .onConflictDoNothing()
        .returning();
      return inserted ?? null;
    },

    async update(id: string, values: Partial<NewReservationRow>, tx: Db = db) {
      const [row] = await tx
        .update(reservations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(reservations.id, id))
        .returning();
      return row ?? null;
    },

    async findCsvReferences(establishmentId: string, references: string[], tx: Db = db) {
      if (references.length === 0) return [];
      return tx
        .select()
        .from(reservations)
        .where(
          and(
            eq(reservations.establishmentId, establishmentId),
            eq(reservations.source, 'csv'),
            inArray(reservations.externalUid, references),
          ),
        );
    },

    async ofFeed(feedId: string, tx: Db = db): Promise<ReservationRow[]> {
      return tx.select().from(reservations).where(eq(reservations.feedId, feedId));
    },

    /** The live reservations of an establishment (of a unit) still running after `from`. */
    async forExport(establishmentId: string, from: string, unit: string | null, tx: Db = db) {
      const conditions: SQL[] = [
        eq(reservations.establishmentId, establishmentId),
        ne(reservations.status, 'cancelled'),
        gt(reservations.departure, from),
      ];
      if (unit !== null) conditions.push(eq(reservations.unit, unit));
      return tx
        .select()
        .from(reservations)
        .where(and(...conditions))
        .orderBy(asc(reservations.arrival))
        .limit(5000);
    },

    // ---- the check-in link (decision 066) ----

    /** Guests registered through each reservation's check-in link. */
    async registeredCounts(ids: readonly string[], tx: Db = db): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: selfRegistrations.reservationId, n: count() })
        .from(selfRegistrations)
        .where(inArray(selfRegistrations.reservationId, [...ids]))
        .groupBy(selfRegistrations.reservationId);
      return new Map(rows.map((r) => [r.id!, r.n]));
    },

    /** Gives the reservation a check-in token unless it has one; answers the stored one. */
    async ensureCheckinToken(id: string, token: string, tx: Db = db): Promise<string> {
      await tx
        .update(reservations)
        .set({ checkinToken: token })
        .where(and(eq(reservations.id, id), isNull(reservations.checkinToken)));
      const [row] = await tx
        .select({ token: reservations.checkinToken })
        .from(reservations)
        .where(eq(reservations.id, id));
      return row!.token!;
    },

    /**
     * The guests' links of a reservation, slots 1 to `guests` (decision 071): the missing ones made
     * with `newToken` (a slot taken meanwhile by another call is kept), then all read.
     */
    async ensureGuestLinks(id: string, guests: number, newToken: () => string, tx: Db = db) {
      await tx
        .insert(reservationGuestLinks)
        .values(
          Array.from({ length: guests }, (_, i) => ({
            token: newToken(),
            reservationId: id,
            slot: i + 1,
          })),
        )
        .onConflictDoNothing({
          target: [reservationGuestLinks.reservationId, reservationGuestLinks.slot],
        });
      return tx
        .select({
          slot: reservationGuestLinks.slot,
          token: reservationGuestLinks.token,
          pilgrimId: reservationGuestLinks.pilgrimId,
        })
        .from(reservationGuestLinks)
        .where(
          and(eq(reservationGuestLinks.reservationId, id), lte(reservationGuestLinks.slot, guests)),
        )
        .orderBy(asc(reservationGuestLinks.slot));
    },

    /**
     * The confirmed reservations with a holder's e-mail and no reminder yet, arriving from `from`
     * to `to` (the widest window of any establishment; the service checks each one's own), with
     * their establishment's reminder days and clock.
     */
    async reminderCandidates(from: string, to: string, tx: Db = db) {
      return tx
        .select({
          reservation: reservations,
          establishment: {
            id: establishments.id,
            name: establishments.name,
            province: establishments.province,
            postalCode: establishments.postalCode,
            reminderDays: establishments.reservationReminderDays,
          },
        })
        .from(reservations)
        .innerJoin(establishments, eq(establishments.id, reservations.establishmentId))
        .where(
          and(
            eq(reservations.status, 'confirmed'),
            isNotNull(reservations.holderEmail),
            isNull(reservations.reminderSentAt),
            gt(establishments.reservationReminderDays, 0),
            ne(establishments.status, 'inactive'),
            gte(reservations.arrival, from),
            lte(reservations.arrival, to),
          ),
        )
        .orderBy(asc(reservations.arrival))
        .limit(1000);
    },

    /** Stamps the reminder, unless another run did: true for the run that stamped it. */
    async claimReminder(id: string, at: Date, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(reservations)
        .set({ reminderSentAt: at })
        .where(and(eq(reservations.id, id), isNull(reservations.reminderSentAt)))
        .returning({ id: reservations.id });
      return rows.length === 1;
    },

    /** A reservation with its establishment's name, for its e-mails (no scope: jobs). */
    async withEstablishment(id: string, tx: Db = db) {
      const [row] = await tx
        .select({
          reservation: reservations,
          establishment: { id: establishments.id, name: establishments.name },
        })
        .from(reservations)
        .innerJoin(establishments, eq(establishments.id, reservations.establishmentId))
        .where(eq(reservations.id, id));
      return row ?? null;
    },

    // ---- feeds ----

    async feeds(establishmentId: string, scope: Scope, tx: Db = db) {
      return tx
        .select()
        .from(reservationFeeds)
        .where(
          and(
            eq(reservationFeeds.establishmentId, establishmentId),
            inScope(scope, reservationFeeds.establishmentId),
          ),
        )
        .orderBy(asc(reservationFeeds.unit), asc(reservationFeeds.createdAt));
    },

    async allFeeds(tx: Db = db): Promise<ReservationFeedRow[]> {
      return tx.select().from(reservationFeeds).orderBy(asc(reservationFeeds.lastFetchedAt));
    },

    async findFeed(id: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(reservationFeeds)
        .where(and(eq(reservationFeeds.id, id), inScope(scope, reservationFeeds.establishmentId)));
      return row ?? null;
    },

    async feedById(id: string, tx: Db = db) {
      const [row] = await tx.select().from(reservationFeeds).where(eq(reservationFeeds.id, id));
      return row ?? null;
    },

    async insertFeed(row: typeof reservationFeeds.$inferInsert, tx: Db = db) {
      const [inserted] = await tx.insert(reservationFeeds).values(row).returning();
      return inserted!;
    },

    async updateFeed(
      id: string,
      values: Partial<typeof reservationFeeds.$inferInsert>,
      tx: Db = db,
    ) {
      const [row] = await tx
        .update(reservationFeeds)
        .set(values)
        .where(eq(reservationFeeds.id, id))
        .returning();
      return row ?? null;
    },

    async deleteFeed(id: string, tx: Db = db) {
      await tx.delete(reservationFeeds).where(eq(reservationFeeds.id, id));
    },

    // ---- the export's secret ----

    async exportToken(establishmentId: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(reservationCalendarExports)
        .where(eq(reservationCalendarExports.establishmentId, establishmentId));
      return row ?? null;
    },

    async ensureExportToken(establishmentId: string, token: string, tx: Db = db) {
      await tx
        .insert(reservationCalendarExports)
        .values({ establishmentId, token })
        .onConflictDoNothing({ target: reservationCalendarExports.establishmentId });
      const [row] = await tx
        .select()
        .from(reservationCalendarExports)
        .where(eq(reservationCalendarExports.establishmentId, establishmentId));
      return row!;
    },

    async putExportToken(establishmentId: string, token: string, tx: Db = db) {
      const [row] = await tx
        .insert(reservationCalendarExports)
        .values({ establishmentId, token })
        .onConflictDoUpdate({
          target: reservationCalendarExports.establishmentId,
          set: { token, createdAt: new Date() },
        })
        .returning();
      return row!;
    },

    async establishmentOfExportToken(token: string, tx: Db = db) {
      const [row] = await tx
        .select({ id: establishments.id, name: establishments.name })
        .from(reservationCalendarExports)
        .innerJoin(
          establishments,
          eq(establishments.id, reservationCalendarExports.establishmentId),
        )
        .where(eq(reservationCalendarExports.token, token));
      return row ?? null;
    },
  };
}

export type ReservationsRepository = ReturnType<typeof createReservationsRepository>;
