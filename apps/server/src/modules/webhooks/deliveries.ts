/**
 * Delivering webhooks through the job queue (decision 069). Each delivery is a job
 * (`webhook-delivery`): one signed POST; on a failure the next attempt is a new job sent with a
 * delay that doubles (WEBHOOKS_RETRY_SECONDS, 2×, 4×… up to 6 hours) until WEBHOOKS_ATTEMPTS; a
 * receiver that fails is not a failed job (the platform's failed-jobs list stays for the
 * platform's own faults). Every attempt is stored with its status, the start of the answer and its
 * duration. After the last attempt the delivery has failed; an endpoint whose deliveries failed
 * WEBHOOKS_PAUSE_FAILURES times in a row, or that has failed without a success for
 * WEBHOOKS_PAUSE_HOURS, is paused and its establishment's owners are e-mailed.
 *
 * The dispatcher (`webhook-dispatch`, every WEBHOOKS_DISPATCH_SECONDS) hands the deliveries the
 * outbox wrote in the changes' transactions to the queue, and deletes events older than
 * WEBHOOKS_KEEP_DAYS.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isLanguage } from '@hospes/shared/languages';
import { WEBHOOK_HEADERS } from '@hospes/shared/webhooks';
import type { WebhookSettings } from '../../config/env';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Mailer } from '../../lib/mail/mailer';
import { webhookPausedMail } from '../../lib/mail/webhook-paused-mail';
import type { DocumentCipher } from '../../lib/storage/document-cipher';
import { postWebhook, webhookSignature } from '../../lib/webhooks/post-webhook';
import type { WebhooksRepository } from './webhooks.repository';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
export const WEBHOOK_DISPATCH_JOB = 'webhook-dispatch';
export const WEBHOOK_PAUSED_MAIL_JOB = 'webhook-paused-mail';

/** Longest wait between two attempts. */
const MAX_RETRY_SECONDS = 6 * 3600;
/** A pending delivery whose attempt is this late lost its job (a process died): sent again. */
const OVERDUE_MS = 15 * 60_000;

/** The secret of an endpoint, opened (sealed with the endpoint's id as context). */
export function openSecret(cipher: DocumentCipher, endpoint: { id: string; secretSealed: Buffer }) {
  return cipher.open(endpoint.secretSealed, `webhook:${endpoint.id}`).toString('utf8');
}
export function sealSecret(cipher: DocumentCipher, endpointId: string, secret: string) {
  return cipher.seal(Buffer.from(secret, 'utf8'), `webhook:${endpointId}`);
}

/** Seconds before attempt `next` (2, 3…): the setting, doubled each time, at most 6 hours. */
export function retryDelaySeconds(base: number, next: number): number {
  return Math.min(base * 2 ** Math.max(0, next - 2), MAX_RETRY_SECONDS);
}

export interface WebhookDeliveriesDeps {
  db: Db;
  webhooks: WebhooksRepository;
  cipher: DocumentCipher;
  jobs: Pick<JobQueue, 'send'>;
  mailer: Mailer;
  appUrl: string;
  settings: WebhookSettings;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now?: () => Date;
}

export function createWebhookDeliveries(deps: WebhookDeliveriesDeps) {
  const { db, webhooks, cipher, jobs, mailer, settings, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Hands deliveries to the queue, at once or after `afterSeconds`. */
  async function enqueue(ids: readonly string[], afterSeconds = 0) {
    for (const deliveryId of ids)
      await jobs.send(
        WEBHOOK_DELIVERY_JOB,
        { deliveryId },
        afterSeconds > 0 ? { startAfterSeconds: afterSeconds } : {},
      );
  }

  /** One attempt of a delivery (the job's work). */
  async function deliver(deliveryId: string) {
    const found = await webhooks.forSending(deliveryId);
    // Gone (deleted with its endpoint or its event), done, or waiting for a resume.
    if (!found || found.delivery.state !== 'pending' || found.endpoint.state !== 'active') return;
    const { delivery, endpoint, body } = found;
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const outcome = await postWebhook(
      endpoint.url,
      {
        [WEBHOOK_HEADERS.id]: delivery.id,
        [WEBHOOK_HEADERS.timestamp]: timestamp,
        [WEBHOOK_HEADERS.signature]: webhookSignature(
          openSecret(cipher, endpoint),
          timestamp,
          body,
        ),
      },
      body,
      { timeoutMs: settings.timeoutMs, allowHttp: settings.allowHttp },
    );
    const at = now();
    const attempt = delivery.attempts + 1;
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const last = !ok && attempt >= settings.attempts;
    const wait = ok || last ? 0 : retryDelaySeconds(settings.retrySeconds, attempt + 1);
    const paused = await db.transaction(async (tx) => {
      const recorded = await webhooks.recordOutcome(
        delivery.id,
        delivery.attempts,
        {
          attempts: attempt,
          state: ok ? 'delivered' : last ? 'failed' : 'pending',
          deliveredAt: ok ? at : null,
          nextAttemptAt: ok || last ? null : new Date(at.getTime() + wait * 1000),
        },
        tx,
      );
      // Another run of the same delivery recorded its attempt first: this one is not counted.
      if (!recorded) return null;
      await webhooks.insertAttempt(
        {
          id: uuidv7(at.getTime()),
          deliveryId: delivery.id,
          attempt,
          at,
          statusCode: outcome.statusCode,
          error: outcome.error,
          responseExcerpt: outcome.excerpt,
          durationMs: outcome.durationMs,
        },
        tx,
      );
      if (ok) {
        await tx
          .update(webhookEndpoints)
          .set({ failuresInARow: 0, failingSince: null })
          .where(eq(webhookEndpoints.id, endpoint.id));
        return null;
      }
      const failingSince = sql`coalesce(${webhookEndpoints.failingSince}, ${at})`;
      const [row] = await tx
        .update(webhookEndpoints)
        .set({
          failingSince,
          ...(last ? { failuresInARow: sql`${webhookEndpoints.failuresInARow} + 1` } : {}),
        })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning();
      if (!last || !row || row.state !== 'active') return null;
      const failingFor = at.getTime() - (row.failingSince ?? at).getTime();
      if (
        row.failuresInARow < settings.pauseFailures &&
        failingFor < settings.pauseHours * 3_600_000
      )
        return null;
      await tx
        .update(webhookEndpoints)
        .set({ state: 'paused', pausedAt: at, pausedReason: 'failures' })
        .where(eq(webhookEndpoints.id, endpoint.id));
      return row;
    });
    if (!ok && !last) await enqueue([delivery.id], wait);
    if (paused) {
      log.warn(
        { endpointId: paused.id, establishmentId: paused.establishmentId },
        'webhooks: an endpoint kept failing and is paused; its owners are e-mailed',
      );
      await jobs.send(WEBHOOK_PAUSED_MAIL_JOB, { endpointId: paused.id });
    }
  }

  /** The e-mail to the owners of a paused endpoint's establishment (a job: retried). */
  async function mailPaused(endpointId: string) {
    const [endpoint] = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint || endpoint.state !== 'paused') return;
    const establishment = await webhooks.establishmentName(endpoint.establishmentId);
    for (const owner of await webhooks.ownersOf(endpoint.establishmentId)) {
      const lng = isLanguage(owner.language) ? owner.language : 'es';
      await mailer.send(
        webhookPausedMail(lng, owner.email, {
          name: owner.name,
          establishment,
          endpoint: endpoint.url,
          failures: endpoint.failuresInARow,
          url: `${deps.appUrl.replace(/\/+$/, '')}/webhooks`,
        }),
      );
    }
  }

  /** Hands new (and lost) deliveries to the queue; deletes old events. */
  async function dispatch() {
    const at = now();
    for (;;) {
      const ids = await webhooks.claimUnqueued(at, new Date(at.getTime() - OVERDUE_MS), 200);
      await enqueue(ids);
      if (ids.length < 200) break;
    }
    const deleted = await webhooks.deleteEventsBefore(
      new Date(at.getTime() - settings.keepDays * 86_400_000),
      1000,
    );
    if (deleted > 0) log.info({ deleted }, 'webhooks: old events deleted');
  }

  return { deliver, dispatch, enqueue, mailPaused };
}
export type WebhookDeliveries = ReturnType<typeof createWebhookDeliveries>;

/** The jobs: deliveries, the pause e-mail, and the dispatcher every `dispatchSeconds` (0: none). */
export async function scheduleWebhooks(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  deliveries: Pick<WebhookDeliveries, 'deliver' | 'dispatch' | 'mailPaused'>,
  settings: Pick<WebhookSettings, 'dispatchSeconds' | 'timeoutMs'>,
) {
  await jobs.work<{ deliveryId: string }>(
    WEBHOOK_DELIVERY_JOB,
    async ({ deliveryId }) => deliveries.deliver(deliveryId),
    {
      // Only the platform's own faults (the database away) are retried by the queue.
      retryLimit: 3,
      retryDelaySeconds: 30,
      expireInSeconds: Math.ceil(settings.timeoutMs / 1000) + 60,
      pollingIntervalSeconds: 1,
    },
  );
  await jobs.work<{ endpointId: string }>(
    WEBHOOK_PAUSED_MAIL_JOB,
    async ({ endpointId }) => deliveries.mailPaused(endpointId),
    { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 120 },
  );
  if (settings.dispatchSeconds > 0) {
    await jobs.work(WEBHOOK_DISPATCH_JOB, async () => deliveries.dispatch(), {
      retryLimit: 2,
      retryDelaySeconds: 5,
      expireInSeconds: 300,
      pollingIntervalSeconds: Math.min(2, settings.dispatchSeconds),
    });
    await jobs.schedule(WEBHOOK_DISPATCH_JOB, {
      everySeconds: settings.dispatchSeconds,
      atStart: true,
    });
  }
}
