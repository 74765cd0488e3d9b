/**
 * The webhooks of an establishment (decision 069): its owner (`establishment.manage`) registers
 * endpoints for some events, sees their deliveries and their last answers, replays one, pauses,
 * resumes, sends a test event, rotates the secret. Another tenant's endpoint or delivery answers
 * 404, as everywhere.
 */
import { randomBytes } from 'node:crypto';
import { paginationOf } from '@hospes/shared/common';
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@hospes/shared/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEvents } from '../../db/schema';
import { isUuid, scopeOf } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { uuidv7 } from '../../lib/ids';
import type { DocumentCipher } from '../../lib/storage/document-cipher';
import { webhookUrlRefusal } from '../../lib/webhooks/post-webhook';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditEntry, AuditRepository } from '../audit';
import { sealSecret, type WebhookDeliveries } from './deliveries';
import type { WebhookEndpointRow, WebhooksRepository } from './webhooks.repository';

export interface WebhooksServiceDeps {
  db: Db;
  webhooks: WebhooksRepository;
  deliveries: Pick<WebhookDeliveries, 'enqueue'>;
  audit: AuditRepository;
  cipher: DocumentCipher;
  /** http:// and loopback addresses accepted (WEBHOOKS_ALLOW_HTTP). */
  allowHttp: boolean;
  now?: () => Date;
}

/** A new secret: `whsec_` and 32 random bytes (base64url). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

const iso = (value: Date | string | null | undefined) =>
  value == null ? null : new Date(value).toISOString();

function toEndpoint(
  row: WebhookEndpointRow,
  last: { at: string; state: 'pending' | 'delivered' | 'failed' } | null,
): WebhookEndpoint {
  return {
    id: row.id,
    establishmentId: row.establishmentId,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    state: row.state,
    secretHint: row.secretHint,
    failuresInARow: row.failuresInARow,
    pausedAt: iso(row.pausedAt),
    pausedReason: row.pausedReason,
    lastDeliveryAt: last ? iso(last.at) : null,
    lastDeliveryState: last?.state ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { db, webhooks, deliveries, audit, cipher, allowHttp } = deps;
  const now = deps.now ?? (() => new Date());

  async function checkUrl(url: string) {
    const refusal = await webhookUrlRefusal(url, allowHttp);
    if (refusal)
      throw new AppError('WEBHOOK_URL_REFUSED', {
        details: [{ field: 'url', message: '', code: `webhook.url.${refusal}` }],
      });
  }

  async function endpointOf(actor: Actor, id: string) {
    const found = isUuid(id) ? await webhooks.findInScope(id, scopeOf(actor)) : null;
    if (!found) throw new AppError('WEBHOOK_NOT_FOUND');
    return found;
  }

  const entry = (
    action: AuditEntry['action'],
    endpoint: { id: string; establishmentId: string },
    details: Record<string, unknown> = {},
  ): AuditEntry => ({
    action,
    entityType: 'establishment',
    entityId: endpoint.establishmentId,
    establishmentId: endpoint.establishmentId,
    details: { webhookId: endpoint.id, ...details },
  });

  async function reload(actor: Actor, id: string) {
    const found = await endpointOf(actor, id);
    return toEndpoint(found.endpoint, found.last);
  }

  async function deliveryView(id: string, actor: Actor): Promise<WebhookDelivery> {
    const found = await webhooks.deliveryInScope(id, scopeOf(actor));
    if (!found) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
    const attempts = await webhooks.attemptsOf(id);
    return deliveryOf(found.delivery, found.eventType, attempts);
  }

  function deliveryOf(
    d: typeof webhookDeliveries.$inferSelect,
    eventType: string,
    attempts: Awaited<ReturnType<WebhooksRepository['attemptsOf']>>,
  ): WebhookDelivery {
    return {
      id: d.id,
      eventId: d.eventId,
      eventType,
      state: d.state,
      createdAt: d.createdAt.toISOString(),
      deliveredAt: iso(d.deliveredAt),
      nextAttemptAt: d.state === 'pending' ? iso(d.nextAttemptAt) : null,
      attempts: attempts.map((a) => ({
        attempt: a.attempt,
        at: a.at.toISOString(),
        statusCode: a.statusCode,
        error: a.error,
        responseExcerpt: a.responseExcerpt,
        durationMs: a.durationMs,
      })),
    };
  }

  return {
    async list(actor: Actor, establishmentId: string): Promise<WebhookEndpoint[]> {
      const scope = scopeOf(actor);
      if (
        !isUuid(establishmentId) ||
        !(await webhooks.establishmentInScope(establishmentId, scope))
      )
        throw new AppError('ESTABLISHMENT_NOT_FOUND');
      const rows = await webhooks.list(establishmentId, scope);
      return rows.map((r) => toEndpoint(r.endpoint, r.last));
    },

    async create(
      actor: Actor,
      establishmentId: string,
      input: CreateWebhookInput & { events: WebhookEventType[] },
      context: AuditContext,
    ): Promise<WebhookWithSecret> {
      const scope = scopeOf(actor);
      if (
        !isUuid(establishmentId) ||
        !(await webhooks.establishmentInScope(establishmentId, scope))
      )
        throw new AppError('ESTABLISHMENT_NOT_FOUND');
      await checkUrl(input.url);
      const id = uuidv7();
      const secret = newWebhookSecret();
      await db.transaction(async (tx) => {
        if ((await webhooks.count(establishmentId, tx)) >= WEBHOOK_MAX_ENDPOINTS)
          throw new AppError('WEBHOOK_LIMIT_REACHED');
        await webhooks.insert(
          {
            id,
            establishmentId,
            url: input.url,
            description: input.description ?? null,
            events: input.events,
            secretSealed: sealSecret(cipher, id, secret),
            secretHint: secret.slice(-4),
            createdBy: actor.role === 'admin' ? null : actor.id,
          },
          tx,
        );
        await audit.record(
          context,
          entry('establishment.webhook_created', { id, establishmentId }, { events: input.events }),
          tx,
        );
      });
      return { endpoint: await reload(actor, id), secret };
    },

    async update(
      actor: Actor,
      id: string,
      input: UpdateWebhookInput & { events?: WebhookEventType[] | undefined },
      context: AuditContext,
    ): Promise<WebhookEndpoint> {
      const { endpoint } = await endpointOf(actor, id);
      if (input.url !== undefined && input.url !== endpoint.url) await checkUrl(input.url);
      const values = {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
      };
      if (Object.keys(values).length > 0)
        await db.transaction(async (tx) => {
          await webhooks.update(id, values, tx);
          await audit.record(
            context,
            entry('establishment.webhook_updated', endpoint, { fields: Object.keys(values) }),
            tx,
          );
        });
      return reload(actor, id);
    },

    async remove(actor: Actor, id: string, context: AuditContext) {
      const { endpoint } = await endpointOf(actor, id);
      await db.transaction(async (tx) => {
        await webhooks.remove(id, tx);
        await audit.record(context, entry('establishment.webhook_deleted', endpoint), tx);
      });
      return { id };
    },

    /** A new secret, answered once; the old one stops signing at once. */
    async rotateSecret(
      actor: Actor,
      id: string,
      context: AuditContext,
    ): Promise<WebhookWithSecret> {
      const { endpoint } = await endpointOf(actor, id);
      const secret = newWebhookSecret();
      await db.transaction(async (tx) => {
        await webhooks.update(
          id,
          { secretSealed: sealSecret(cipher, id, secret), secretHint: secret.slice(-4) },
          tx,
        );
        await audit.record(context, entry('establishment.webhook_secret_rotated', endpoint), tx);
      });
      return { endpoint: await reload(actor, id), secret };
    },

    async pause(actor: Actor, id: string, context: AuditContext): Promise<WebhookEndpoint> {
      const { endpoint } = await endpointOf(actor, id);
      if (endpoint.state === 'active')
        await db.transaction(async (tx) => {
          await webhooks.update(
            id,
            { state: 'paused', pausedAt: now(), pausedReason: 'owner' },
            tx,
          );
          await audit.record(context, entry('establishment.webhook_paused', endpoint), tx);
        });
      return reload(actor, id);
    },

    /** Active again, its run of failures forgotten; the deliveries left waiting go now. */
    async resume(actor: Actor, id: string, context: AuditContext): Promise<WebhookEndpoint> {
      const { endpoint } = await endpointOf(actor, id);
      if (endpoint.state === 'paused') {
        const waiting = await db.transaction(async (tx) => {
          await webhooks.update(
            id,
            {
              state: 'active',
              pausedAt: null,
              pausedReason: null,
              failuresInARow: 0,
              failingSince: null,
            },
            tx,
          );
          await audit.record(context, entry('establishment.webhook_resumed', endpoint), tx);
          return webhooks.pendingOf(id, now(), tx);
        });
        await deliveries.enqueue(waiting);
      }
      return reload(actor, id);
    },

    /** A `webhook.test` event to this endpoint alone, delivered at once. */
    async sendTest(actor: Actor, id: string): Promise<WebhookDelivery> {
      const { endpoint } = await endpointOf(actor, id);
      const at = now();
      const eventId = uuidv7(at.getTime());
      const deliveryId = uuidv7(at.getTime());
      await db.transaction(async (tx) => {
        await tx.insert(webhookEvents).values({
          id: eventId,
          establishmentId: endpoint.establishmentId,
          type: WEBHOOK_TEST_EVENT,
          body: JSON.stringify({
            id: eventId,
            type: WEBHOOK_TEST_EVENT,
            createdAt: at.toISOString(),
            establishmentId: endpoint.establishmentId,
            data: { webhookId: endpoint.id },
          }),
          createdAt: at,
        });
        await tx.insert(webhookDeliveries).values({
          id: deliveryId,
          eventId,
          endpointId: endpoint.id,
          createdAt: at,
          queuedAt: at,
          nextAttemptAt: at,
        });
      });
      await deliveries.enqueue([deliveryId]);
      return deliveryView(deliveryId, actor);
    },

    async deliveries(actor: Actor, id: string, page: { page: number; limit: number }) {
      await endpointOf(actor, id);
      const { rows, attempts, total } = await webhooks.deliveries(id, page);
      return {
        data: rows.map((r) =>
          deliveryOf(
            r.delivery,
            r.eventType,
            attempts.filter((a) => a.deliveryId === r.delivery.id),
          ),
        ),
        pagination: paginationOf(total, page.page, page.limit),
      };
    },

    /** The same delivery again (the same id and body), a new series of attempts. */
    async replay(
      actor: Actor,
      deliveryId: string,
      context: AuditContext,
    ): Promise<WebhookDelivery> {
      const found = isUuid(deliveryId)
        ? await webhooks.deliveryInScope(deliveryId, scopeOf(actor))
        : null;
      if (!found) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
      await db.transaction(async (tx) => {
        await webhooks.restart(deliveryId, now(), tx);
        await audit.record(
          context,
          entry('establishment.webhook_replayed', found.endpoint, { deliveryId }),
          tx,
        );
      });
      await deliveries.enqueue([deliveryId]);
      return deliveryView(deliveryId, actor);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
