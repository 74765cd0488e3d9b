import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  checkinLinks,
  establishments,
  pilgrims,
  reservationGuestLinks,
  reservations,
  selfRegistrations,
} from '../../db/schema';
import { inScope, type Scope } from '../../db/scope';

export type CheckinLinkRow = typeof checkinLinks.$inferSelect;

/** Check-in links and self-registrations. Staff queries carry the scope in their WHERE clause. */
/** What a check-in link (the establishment's, a reservation's or a guest's) shows of its establishment. */
const linkEstablishment = {
  id: establishments.id,
  name: establishments.name,
  city: establishments.city,
  type: establishments.type,
  status: establishments.status,
  keepDocumentImages: establishments.keepDocumentImages,
  province: establishments.province,
  postalCode: establishments.postalCode,
};

export function createCheckinRepository(db: Db) {
  return {
    /** The establishment, when the scope reaches it. */
    async establishmentInScope(id: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({ id: establishments.id, name: establishments.name })
        .from(establishments)
        .where(and(eq(establishments.id, id), inScope(scope, establishments.id)));
      return row ?? null;
    },

    async findLink(establishmentId: string, tx: Db = db): Promise<CheckinLinkRow | null> {
      const [row] = await tx
        .select()
        .from(checkinLinks)
        .where(eq(checkinLinks.establishmentId, establishmentId));
      return row ?? null;
    },

    /** Creates the link, or gives the existing one (revoked or not) a fresh token. */
    async putLink(establishmentId: string, token: string, tx: Db = db): Promise<CheckinLinkRow> {
      const [row] = await tx
        .insert(checkinLinks)
        .values({ establishmentId, token })
        .onConflictDoUpdate({
          target: checkinLinks.establishmentId,
          set: { token, createdAt: new Date(), revokedAt: null },
        })
        .returning();
      return row!;
    },

    /** Creates the link only when there is none; answers the stored one either way. */
    async ensureLink(establishmentId: string, token: string, tx: Db = db): Promise<CheckinLinkRow> {
      await tx
        .insert(checkinLinks)
        .values({ establishmentId, token })
        .onConflictDoNothing({ target: checkinLinks.establishmentId });
      const [row] = await tx
        .select()
        .from(checkinLinks)
        .where(eq(checkinLinks.establishmentId, establishmentId));
      return row!;
    },

    async revokeLink(establishmentId: string, at: Date, tx: Db = db) {
      const [row] = await tx
        .update(checkinLinks)
        .set({ revokedAt: at })
        .where(
          and(eq(checkinLinks.establishmentId, establishmentId), isNull(checkinLinks.revokedAt)),
        )
        .returning();
      return row ?? null;
    },

    /** The establishment of a live (not revoked) link token. */
    async establishmentOfToken(token: string, tx: Db = db) {
      const [row] = await tx
        .select(linkEstablishment)
        .from(checkinLinks)
        .innerJoin(establishments, eq(establishments.id, checkinLinks.establishmentId))
        .where(and(eq(checkinLinks.token, token), isNull(checkinLinks.revokedAt)));
      return row ?? null;
    },

    /**
     * The reservation of a check-in link token (decision 066) and its establishment, whatever
     * their status (the service says which are live).
     */
    async reservationOfToken(token: string, tx: Db = db) {
      const [row] = await tx
        .select({
          establishment: linkEstablishment,
          reservation: reservations,
        })
        .from(reservations)
        .innerJoin(establishments, eq(establishments.id, reservations.establishmentId))
        .where(eq(reservations.checkinToken, token));
      return row ?? null;
    },

    /**
     * A guest's link of a reservation (decision 071): its reservation, establishment, slot and
     * whether someone registered through it; whatever their status (the service says which live).
     */
    async guestLinkOfToken(token: string, tx: Db = db) {
      const [row] = await tx
        .select({
          establishment: linkEstablishment,
          reservation: reservations,
          slot: reservationGuestLinks.slot,
          pilgrimId: reservationGuestLinks.pilgrimId,
        })
        .from(reservationGuestLinks)
        .innerJoin(reservations, eq(reservations.id, reservationGuestLinks.reservationId))
        .innerJoin(establishments, eq(establishments.id, reservations.establishmentId))
        .where(eq(reservationGuestLinks.token, token));
      return row ?? null;
    },

    /** Fills a guest's slot with the traveler who registered through it, unless it was filled. */
    async fillGuestSlot(token: string, pilgrimId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(reservationGuestLinks)
        .set({ pilgrimId })
        .where(and(eq(reservationGuestLinks.token, token), isNull(reservationGuestLinks.pilgrimId)))
        .returning({ token: reservationGuestLinks.token });
      return rows.length > 0;
    },

    /**
     * The confirmed reservations of establishments that confirm complete check-ins by themselves
     * (decision 066), arriving from `from` to `to` (the service checks each one's own day), with a
     * pending registration through their link; each with its registrations' status.
     */
    async completeArrivalCandidates(from: string, to: string, tx: Db = db) {
      const rows = await tx
        .select({
          reservation: reservations,
          establishment: {
            id: establishments.id,
            name: establishments.name,
            province: establishments.province,
            postalCode: establishments.postalCode,
          },
          pilgrimId: selfRegistrations.pilgrimId,
          status: selfRegistrations.status,
        })
        .from(reservations)
        .innerJoin(establishments, eq(establishments.id, reservations.establishmentId))
        .innerJoin(selfRegistrations, eq(selfRegistrations.reservationId, reservations.id))
        .where(
          and(
            eq(establishments.autoConfirmReservationCheckins, true),
            sql`${establishments.status} <> 'inactive'`,
            eq(reservations.status, 'confirmed'),
            sql`${reservations.arrival} between ${from} and ${to}`,
            sql`exists (select 1 from ${selfRegistrations} pending where pending.reservation_id = ${reservations.id} and pending.status = 'pending')`,
          ),
        )
        .limit(5000);
      const byId = new Map<
        string,
        {
          reservation: (typeof rows)[number]['reservation'];
          establishment: (typeof rows)[number]['establishment'];
          pending: string[];
          registered: number;
        }
      >();
      for (const row of rows) {
        const entry = byId.get(row.reservation.id) ?? {
          reservation: row.reservation,
          establishment: row.establishment,
          pending: [],
          registered: 0,
        };
        entry.registered++;
        if (row.status === 'pending') entry.pending.push(row.pilgrimId);
        byId.set(row.reservation.id, entry);
      }
      return [...byId.values()];
    },

    /** Marks a reservation checked in, unless it changed meanwhile: true when it did. */
    async markCheckedIn(id: string, tx: Db) {
      const rows = await tx
        .update(reservations)
        .set({ status: 'checked_in', updatedAt: new Date() })
        .where(and(eq(reservations.id, id), eq(reservations.status, 'confirmed')))
        .returning({ id: reservations.id });
      return rows.length === 1;
    },

    /** Locks a reservation's row: registrations through its link are counted one at a time. */
    async lockReservation(id: string, tx: Db) {
      await tx
        .select({ id: reservations.id })
        .from(reservations)
        .where(eq(reservations.id, id))
        .for('update');
    },

    /** How many travelers registered through the reservation's link. */
    async registeredForReservation(reservationId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(selfRegistrations)
        .where(eq(selfRegistrations.reservationId, reservationId));
      return row?.n ?? 0;
    },

    /**
     * Records a self-registration, in its transaction; false when its request key is taken already
     * at the establishment (a concurrent request with the same key waits here for the other).
     */
    async insertSelfRegistration(
      values: {
        pilgrimId: string;
        establishmentId: string;
        confirmationCode: string;
        requestKey?: string | null;
        requestHash?: string | null;
        reservationId?: string | null;
      },
      tx: Db = db,
    ): Promise<boolean> {
      const rows = await tx
        .insert(selfRegistrations)
        .values(values)
        .onConflictDoNothing({
          target: [selfRegistrations.establishmentId, selfRegistrations.requestKey],
        })
        .returning({ pilgrimId: selfRegistrations.pilgrimId });
      return rows.length === 1;
    },

    /** The confirmation code of the self-registration sent with this key, with its fingerprint. */
    async codeForRequestKey(
      establishmentId: string,
      requestKey: string,
      tx: Db = db,
    ): Promise<{ code: string; requestHash: string | null } | null> {
      const [row] = await tx
        .select({
          code: selfRegistrations.confirmationCode,
          requestHash: selfRegistrations.requestHash,
        })
        .from(selfRegistrations)
        .where(
          and(
            eq(selfRegistrations.establishmentId, establishmentId),
            eq(selfRegistrations.requestKey, requestKey),
          ),
        );
      return row ?? null;
    },

    /** The traveler id behind a confirmation code, when the scope reaches it. */
    async travelerIdByCode(code: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({ pilgrimId: selfRegistrations.pilgrimId })
        .from(selfRegistrations)
        .innerJoin(pilgrims, eq(pilgrims.id, selfRegistrations.pilgrimId))
        .where(
          and(
            eq(selfRegistrations.confirmationCode, code),
            inScope(scope, pilgrims.establishmentId),
          ),
        );
      return row?.pilgrimId ?? null;
    },

    /**
     * A traveler's self-registration (in scope) with the traveler's row and the place of its
     * establishment (province and postal code: its clock), the registration and the traveler
     * locked until the confirmation commits; null when there is none. The establishment's row is
     * read, not locked.
     */
    async lockForConfirmation(pilgrimId: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({
          status: selfRegistrations.status,
          pilgrim: pilgrims,
          province: establishments.province,
          postalCode: establishments.postalCode,
          defaultPaymentType: establishments.defaultPaymentType,
          walkInNights: establishments.walkInNights,
        })
        .from(selfRegistrations)
        .innerJoin(pilgrims, eq(pilgrims.id, selfRegistrations.pilgrimId))
        .innerJoin(establishments, eq(establishments.id, pilgrims.establishmentId))
        .where(
          and(eq(selfRegistrations.pilgrimId, pilgrimId), inScope(scope, pilgrims.establishmentId)),
        )
        .for('update', { of: [selfRegistrations, pilgrims] });
      return row ?? null;
    },

    /**
     * The day of arrival a confirmation sets, with the report number of its year when it changed,
     * and what the establishment's report defaults gave (decision 042).
     */
    async setEntryDate(
      pilgrimId: string,
      values: {
        entryDate: string;
        reportYear?: number;
        reportSeq?: number;
        checkOutDate?: string | null;
        paymentType?: string | null;
      },
      tx: Db = db,
    ) {
      await tx
        .update(pilgrims)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(pilgrims.id, pilgrimId));
    },

    async markConfirmed(pilgrimId: string, userId: string | null, at: Date, tx: Db = db) {
      await tx
        .update(selfRegistrations)
        .set({ status: 'confirmed', confirmedAt: at, confirmedBy: userId })
        .where(eq(selfRegistrations.pilgrimId, pilgrimId));
    },

    /** How many self-registrations of the scope wait for review (for tests and badges). */
    async countPending(scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(selfRegistrations)
        .innerJoin(pilgrims, eq(pilgrims.id, selfRegistrations.pilgrimId))
        .where(
          and(eq(selfRegistrations.status, 'pending'), inScope(scope, pilgrims.establishmentId)),
        );
      return row?.n ?? 0;
    },
  };
}
export type CheckinRepository = ReturnType<typeof createCheckinRepository>;
