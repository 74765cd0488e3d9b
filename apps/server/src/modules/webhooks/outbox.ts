/**
 * The outbox of the webhooks (decision 069): an event is written in the transaction of the change
 * it tells, with one delivery per endpoint that asked for it, so a change rolled back leaves none
 * and a change committed keeps its deliveries whatever happens next; the dispatcher hands them to
 * the job queue. An establishment without endpoints for the event writes nothing.
 *
 * Most changes are found in the audit entries every service already writes in its transaction
 * (`fromAudit`), a Mossos d'Esquadra file confirmed as uploaded on their portal among them; the
 * answers of the authorities, which are no audit entry, are emitted by the SES repository when a
 * report's state settles (`emit`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { WebhookEventType } from '@hospes/shared/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import type { AuditEntry } from '../audit';
import { payloadOf, type WebhookEventInput } from './payload';

/** The audit actions that are events, and which. */
const AUDIT_EVENTS: Partial<Record<AuditEntry['action'], WebhookEventType>> = {
  'pilgrim.created': 'traveler.registered',
  // A self check-in the desk (or the arrival, decision 066) confirmed: now a registered traveler.
  'pilgrim.self_registration_confirmed': 'traveler.registered',
  'pilgrim.self_registered': 'checkin.completed',
  'pilgrim.updated': 'traveler.changed',
  'pilgrim.deleted': 'traveler.deleted',
  'reservation.created': 'reservation.created',
  'reservation.updated': 'reservation.changed',
  'reservation.cancelled': 'reservation.cancelled',
  'establishment.ses_sent': 'report.sent',
  // A Mossos d'Esquadra file the owner confirmed as uploaded on the portal: that report is sent.
  'establishment.mossos_file_uploaded': 'report.sent',
};

/** The events of some audit entries. */
export function eventsOfAudit(entries: readonly AuditEntry[]): WebhookEventInput[] {
  return entries.flatMap((entry) => {
    const type = AUDIT_EVENTS[entry.action];
    if (!type || !entry.establishmentId) return [];
    // A report's id is its submission's, or its portal upload's, in the entry's details.
    const details = entry.details as { submissionId?: unknown; uploadId?: unknown } | undefined;
    const subjectId =
      type === 'report.sent' ? (details?.submissionId ?? details?.uploadId) : entry.entityId;
    if (typeof subjectId !== 'string') return [];
    return [{ type, establishmentId: entry.establishmentId, subjectId }];
  });
}

/** A report (SES submission) whose state is now `state`: its event, if that state is one. */
export function reportEvent(row: {
  id: string;
  establishmentId: string;
  state: string;
}): WebhookEventInput | null {
  const type =
    row.state === 'processed'
      ? 'report.accepted'
      : row.state === 'refused'
        ? 'report.refused'
        : null;
  return type ? { type, establishmentId: row.establishmentId, subjectId: row.id } : null;
}

export interface WebhookOutbox {
  /** Writes the events (and their deliveries) in `tx`, for the endpoints that asked for them. */
  emit(events: readonly WebhookEventInput[], tx: Db): Promise<void>;
  /** The events of these audit entries, as `emit`. */
  fromAudit(entries: readonly AuditEntry[], tx: Db): Promise<void>;
}

export function createWebhookOutbox(deps: { now?: () => Date } = {}): WebhookOutbox {
  const now = deps.now ?? (() => new Date());

  async function emit(events: readonly WebhookEventInput[], tx: Db) {
    if (events.length === 0) return;
    const establishmentIds = [...new Set(events.map((e) => e.establishmentId))];
    const endpoints = await tx
      .select({
        id: webhookEndpoints.id,
        establishmentId: webhookEndpoints.establishmentId,
        events: webhookEndpoints.events,
      })
      .from(webhookEndpoints)
      .where(
        and(
          inArray(webhookEndpoints.establishmentId, establishmentIds),
          eq(webhookEndpoints.state, 'active'),
        ),
      );
    if (endpoints.length === 0) return;
    // Its own transaction when the change had none (a savepoint inside the change's).
    await tx.transaction(async (t) => write(events, endpoints, t));
  }

  async function write(
    events: readonly WebhookEventInput[],
    endpoints: { id: string; establishmentId: string; events: string[] }[],
    tx: Db,
  ) {
    for (const event of events) {
      const targets = endpoints.filter(
        (e) => e.establishmentId === event.establishmentId && e.events.includes(event.type),
      );
      if (targets.length === 0) continue;
      const at = now();
      const id = uuidv7(at.getTime());
      const body = JSON.stringify({
        id,
        type: event.type,
        createdAt: at.toISOString(),
        establishmentId: event.establishmentId,
        data: await payloadOf(event, tx),
      });
      await tx.insert(webhookEvents).values({
        id,
        establishmentId: event.establishmentId,
        type: event.type,
        body,
        createdAt: at,
      });
      await tx.insert(webhookDeliveries).values(
        targets.map((endpoint) => ({
          id: uuidv7(at.getTime()),
          eventId: id,
          endpointId: endpoint.id,
          createdAt: at,
        })),
      );
    }
  }

  return {
    emit,
    fromAudit: (entries, tx) => emit(eventsOfAudit(entries), tx),
  };
}
