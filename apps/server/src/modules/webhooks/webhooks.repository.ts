import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  establishments,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema';
import { activeOwnersOf } from '../../db/owners';
import { inScope, type Scope } from '../../db/scope';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewWebhookEndpointRow = typeof webhookEndpoints.$inferInsert;

/** The last delivery of each endpoint, for the list. */
const lastDelivery = sql<{ at: string; state: 'pending' | 'delivered' | 'failed' } | null>`(
  select json_build_object('at', d.created_at, 'state', d.state)
  from ${webhookDeliveries} d where d.endpoint_id = ${webhookEndpoints.id}
  order by d.created_at desc limit 1)`;

export function createWebhooksRepository(db: Db) {
  return {
    async establishmentInScope(id: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({ id: establishments.id, name: establishments.name })
        .from(establishments)
        .where(and(eq(establishments.id, id), inScope(scope, establishments.id)));
      return row ?? null;
    },

    async list(establishmentId: string, scope: Scope, tx: Db = db) {
      return tx
        .select({ endpoint: webhookEndpoints, last: lastDelivery })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.establishmentId, establishmentId),
            inScope(scope, webhookEndpoints.establishmentId),
          ),
        )
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
    },

    async count(establishmentId: string, tx: Db = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.establishmentId, establishmentId));
      return row?.n ?? 0;
    },

    async findInScope(id: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({ endpoint: webhookEndpoints, last: lastDelivery })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), inScope(scope, webhookEndpoints.establishmentId)));
      return row ?? null;
    },

    async insert(values: NewWebhookEndpointRow, tx: Db = db) {
      await tx.insert(webhookEndpoints).values(values);
    },

    async update(id: string, values: Partial<NewWebhookEndpointRow>, tx: Db = db) {
      const [row] = await tx
        .update(webhookEndpoints)
        .set(values)
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return row ?? null;
    },

    async remove(id: string, tx: Db = db) {
      await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    },

    /** A page of an endpoint's deliveries, newest first, each with its attempts. */
    async deliveries(endpointId: string, page: { page: number; limit: number }, tx: Db = db) {
      const where = eq(webhookDeliveries.endpointId, endpointId);
      const [rows, [total]] = await Promise.all([
        tx
          .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        tx.select({ n: count() }).from(webhookDeliveries).where(where),
      ]);
      const attempts = rows.length
        ? await tx
            .select()
            .from(webhookAttempts)
            .where(
              inArray(
                webhookAttempts.deliveryId,
                rows.map((r) => r.delivery.id),
              ),
            )
            .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.attempt))
        : [];
      return { rows, attempts, total: total?.n ?? 0 };
    },

    /** A delivery of an endpoint in `scope`, with its endpoint. */
    async deliveryInScope(id: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({
          delivery: webhookDeliveries,
          endpoint: webhookEndpoints,
          eventType: webhookEvents.type,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(and(eq(webhookDeliveries.id, id), inScope(scope, webhookEndpoints.establishmentId)));
      return row ?? null;
    },

    async attemptsOf(deliveryId: string, tx: Db = db) {
      return tx
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, deliveryId))
        .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.attempt));
    },

    /** A delivery as the job sends it: its endpoint and its event's body. */
    async forSending(id: string, tx: Db = db) {
      const [row] = await tx
        .select({
          delivery: webhookDeliveries,
          endpoint: webhookEndpoints,
          body: webhookEvents.body,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.id, id));
      return row ?? null;
    },

    /** A delivery made pending again, its series of attempts restarted, handed to the queue. */
    async restart(id: string, at: Date, tx: Db = db) {
      await tx
        .update(webhookDeliveries)
        .set({ state: 'pending', attempts: 0, queuedAt: at, nextAttemptAt: at, deliveredAt: null })
        .where(eq(webhookDeliveries.id, id));
    },

    /**
     * Takes the deliveries to hand to the queue: those no job was sent for yet, and pending ones of
     * an active endpoint whose attempt is long overdue (a job lost with a process); stamped.
     */
    async claimUnqueued(at: Date, overdueBefore: Date, limit: number, tx: Db = db) {
      return tx.transaction(async (t) => {
        const rows = await t
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
          .where(
            and(
              eq(webhookDeliveries.state, 'pending'),
              eq(webhookEndpoints.state, 'active'),
              or(
                isNull(webhookDeliveries.queuedAt),
                lt(
                  sql`coalesce(${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.queuedAt})`,
                  overdueBefore,
                ),
              ),
            ),
          )
          .orderBy(asc(webhookDeliveries.createdAt))
          .limit(limit)
          .for('update', { of: webhookDeliveries, skipLocked: true });
        if (rows.length === 0) return [];
        const ids = rows.map((r) => r.id);
        await t
          .update(webhookDeliveries)
          .set({ queuedAt: at, nextAttemptAt: at })
          .where(inArray(webhookDeliveries.id, ids));
        return ids;
      });
    },

    /** Pending deliveries of an endpoint (resumed: they go now). */
    async pendingOf(endpointId: string, at: Date, tx: Db = db) {
      const rows = await tx
        .update(webhookDeliveries)
        .set({ queuedAt: at, nextAttemptAt: at })
        .where(
          and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.state, 'pending')),
        )
        .returning({ id: webhookDeliveries.id });
      return rows.map((r) => r.id);
    },

    /** Events older than `before` (their deliveries and attempts go with them); how many. */
    async deleteEventsBefore(before: Date, limit: number, tx: Db = db) {
      const rows = await tx
        .delete(webhookEvents)
        .where(
          inArray(
            webhookEvents.id,
            tx
              .select({ id: webhookEvents.id })
              .from(webhookEvents)
              .where(lt(webhookEvents.createdAt, before))
              .limit(limit),
          ),
        )
        .returning({ id: webhookEvents.id });
      return rows.length;
    },

    async insertAttempt(values: typeof webhookAttempts.$inferInsert, tx: Db = db) {
      await tx.insert(webhookAttempts).values(values);
    },

    /** The delivery's outcome, only if no other run recorded an attempt since (`attempts`). */
    async recordOutcome(
      id: string,
      attempts: number,
      values: Partial<typeof webhookDeliveries.$inferInsert>,
      tx: Db = db,
    ) {
      const [row] = await tx
        .update(webhookDeliveries)
        .set(values)
        .where(
          and(
            eq(webhookDeliveries.id, id),
            eq(webhookDeliveries.attempts, attempts),
            eq(webhookDeliveries.state, 'pending'),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return !!row;
    },

    /** The owners to tell (active accounts), in their languages. */
    async ownersOf(establishmentId: string, tx: Db = db) {
      return activeOwnersOf(tx, establishmentId);
    },

    async establishmentName(id: string, tx: Db = db) {
      const [row] = await tx
        .select({ name: establishments.name })
        .from(establishments)
        .where(eq(establishments.id, id));
      return row?.name ?? '';
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
