import { and, asc, count, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { PlanKey } from '@hospes/shared/billing';
import type { Db } from '../../db/client';
import {
  billingEvents,
  billingPayments,
  billingSubscriptions,
  billingUsage,
  establishmentMembers,
  invitations,
  pilgrims,
  travelerDocuments,
  users,
  type BillingSubscriptionRow,
} from '../../db/schema';

export type NewSubscription = typeof billingSubscriptions.$inferInsert;
export type SubscriptionChange = Partial<Omit<NewSubscription, 'accountId' | 'createdAt'>>;

/**
 * Subscriptions, the registrations counted each month, Stripe's events and payments (decision
 * 070). An account is a user; its establishments are those it owns.
 */
export function createBillingRepository(db: Db) {
  return {
    async find(accountId: string, tx: Db = db): Promise<BillingSubscriptionRow | null> {
      const [row] = await tx
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.accountId, accountId));
      return row ?? null;
    },

    async findByCustomer(customerId: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.stripeCustomerId, customerId));
      return row ?? null;
    },

    /** The row of a new account, or the one another request made at the same moment. */
    async insertIfMissing(row: NewSubscription, tx: Db = db): Promise<BillingSubscriptionRow> {
      await tx.insert(billingSubscriptions).values(row).onConflictDoNothing();
      const [found] = await tx
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.accountId, row.accountId));
      return found!;
    },

    async update(accountId: string, change: SubscriptionChange, tx: Db = db) {
      const [row] = await tx
        .update(billingSubscriptions)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(billingSubscriptions.accountId, accountId))
        .returning();
      return row ?? null;
    },

    /** The user of an account (its e-mail, name and language for the reminders and the admin). */
    async user(accountId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          language: users.language,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.id, accountId));
      return row ?? null;
    },

    /** The account an establishment belongs to: its first owner. */
    async accountOf(establishmentId: string, tx: Db = db): Promise<string | null> {
      const [row] = await tx
        .select({ userId: establishmentMembers.userId })
        .from(establishmentMembers)
        .where(
          and(
            eq(establishmentMembers.establishmentId, establishmentId),
            eq(establishmentMembers.role, 'owner'),
          ),
        )
        .orderBy(asc(establishmentMembers.createdAt), asc(establishmentMembers.userId))
        .limit(1);
      return row?.userId ?? null;
    },

    /** How many establishments the account owns. */
    async establishmentsOf(accountId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(establishmentMembers)
        .where(
          and(eq(establishmentMembers.userId, accountId), eq(establishmentMembers.role, 'owner')),
        );
      return Number(row?.n ?? 0);
    },

    /**
     * The people of the account's teams: the members of the establishments it owns, and the
     * e-mails invited there and not yet joined.
     */
    async usersOf(accountId: string, at: Date, tx: Db = db): Promise<number> {
      const owned = tx
        .select({ id: establishmentMembers.establishmentId })
        .from(establishmentMembers)
        .where(
          and(eq(establishmentMembers.userId, accountId), eq(establishmentMembers.role, 'owner')),
        );
      const result = (await tx.execute(sql`
        select count(*)::int as n from (
          select ${users.email} as email from ${establishmentMembers}
            join ${users} on ${users.id} = ${establishmentMembers.userId}
            where ${establishmentMembers.establishmentId} in (${owned})
          union
          select lower(${invitations.email}) from ${invitations}
            where ${invitations.establishmentId} in (${owned})
              and ${invitations.acceptedAt} is null and ${invitations.revokedAt} is null
              and ${invitations.expiresAt} > ${at.toISOString()}
        ) people`)) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]?.n ?? 0);
    },

    /** Whether `email` has a live invitation to one of the account's establishments. */
    async isInvitedTo(accountId: string, email: string, at: Date, tx: Db = db) {
      const result = (await tx.execute(sql`
        select 1 from ${invitations}
          join ${establishmentMembers}
            on ${establishmentMembers.establishmentId} = ${invitations.establishmentId}
            and ${establishmentMembers.userId} = ${accountId} and ${establishmentMembers.role} = 'owner'
          where lower(${invitations.email}) = ${email.toLowerCase()}
            and ${invitations.acceptedAt} is null and ${invitations.revokedAt} is null
            and ${invitations.expiresAt} > ${at.toISOString()}
          limit 1`)) as unknown as { rows: unknown[] };
      return result.rows.length > 0;
    },

    async registrations(accountId: string, period: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: billingUsage.registrations })
        .from(billingUsage)
        .where(and(eq(billingUsage.accountId, accountId), eq(billingUsage.period, period)));
      return row?.n ?? 0;
    },

    /**
     * Counts one registration in the account's month and answers the new count; in the
     * registration's transaction, so that a refused or failed one is not counted, and two at
     * once queue on the row.
     */
    async countRegistration(accountId: string, period: string, tx: Db): Promise<number> {
      const [row] = await tx
        .insert(billingUsage)
        .values({ accountId, period, registrations: 1 })
        .onConflictDoUpdate({
          target: [billingUsage.accountId, billingUsage.period],
          set: { registrations: sql`${billingUsage.registrations} + 1` },
        })
        .returning({ n: billingUsage.registrations });
      return row!.n;
    },

    /** Stores an event once: false when its id was stored before (a replay). */
    async storeEvent(event: { id: string; type: string; payload: unknown }, tx: Db = db) {
      const rows = await tx
        .insert(billingEvents)
        .values({ id: event.id, type: event.type, payload: event.payload })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      return rows.length > 0;
    },

    /** The event, locked, while it has not been processed; null once it has. */
    async takeEvent(id: string, tx: Db) {
      const [row] = await tx
        .select()
        .from(billingEvents)
        .where(and(eq(billingEvents.id, id), isNull(billingEvents.processedAt)))
        .for('update');
      return row ?? null;
    },

    async markProcessed(id: string, at: Date, tx: Db) {
      await tx.update(billingEvents).set({ processedAt: at }).where(eq(billingEvents.id, id));
    },

    async recordPayment(row: typeof billingPayments.$inferInsert, tx: Db = db) {
      await tx
        .insert(billingPayments)
        .values(row)
        .onConflictDoUpdate({
          target: billingPayments.id,
          set: { status: row.status, at: row.at, invoiceUrl: row.invoiceUrl },
        });
    },

    async paymentsOf(accountIds: string[], tx: Db = db) {
      if (accountIds.length === 0) return [];
      return tx
        .select()
        .from(billingPayments)
        .where(inArray(billingPayments.accountId, accountIds))
        .orderBy(desc(billingPayments.at));
    },

    /** The accounts whose plan keeps copies a limited number of days (decision 070). */
    async accountsOnPlans(plans: PlanKey[], tx: Db = db) {
      if (plans.length === 0) return [];
      return tx
        .select({ accountId: billingSubscriptions.accountId, plan: billingSubscriptions.plan })
        .from(billingSubscriptions)
        .where(inArray(billingSubscriptions.plan, plans));
    },

    /**
     * Deletes up to `limit` photos of identity documents (front, back) stored before `before` in
     * the establishments the account owns; what went, with each traveler's establishment.
     */
    async deletePhotosBefore(accountId: string, before: Date, limit: number, tx: Db) {
      const owned = tx
        .select({ id: establishmentMembers.establishmentId })
        .from(establishmentMembers)
        .where(
          and(eq(establishmentMembers.userId, accountId), eq(establishmentMembers.role, 'owner')),
        );
      const expired = await tx
        .select({
          id: travelerDocuments.id,
          pilgrimId: travelerDocuments.pilgrimId,
          kind: travelerDocuments.kind,
          establishmentId: pilgrims.establishmentId,
        })
        .from(travelerDocuments)
        .innerJoin(pilgrims, eq(pilgrims.id, travelerDocuments.pilgrimId))
        .where(
          and(
            inArray(pilgrims.establishmentId, owned),
            inArray(travelerDocuments.kind, ['front', 'back']),
            lt(travelerDocuments.createdAt, before),
          ),
        )
        .limit(limit)
        .for('update', { of: travelerDocuments, skipLocked: true });
      if (expired.length === 0) return [];
      await tx.delete(travelerDocuments).where(
        inArray(
          travelerDocuments.id,
          expired.map((e) => e.id),
        ),
      );
      return expired;
    },

    /** Trials without a payment method ending by `until`, for the reminders and suspensions. */
    async trialsEndingBy(until: Date, tx: Db = db) {
      return tx
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.state, 'trialing'),
            eq(billingSubscriptions.hasPaymentMethod, false),
            isNull(billingSubscriptions.grantedBy),
            lte(billingSubscriptions.trialEndsAt, until),
          ),
        );
    },

    /** The accounts: users who own an establishment, by e-mail, a page of them. */
    async accounts(page: number, limit: number, tx: Db = db) {
      const owners = tx
        .selectDistinct({ id: establishmentMembers.userId })
        .from(establishmentMembers)
        .where(eq(establishmentMembers.role, 'owner'));
      const [total] = await tx.select({ n: count() }).from(users).where(inArray(users.id, owners));
      const rows = await tx
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(inArray(users.id, owners))
        .orderBy(asc(users.email))
        .limit(limit)
        .offset((page - 1) * limit);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
