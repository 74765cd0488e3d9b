/**
 * Webhooks (issue 34, decision 069): an establishment's owner registers HTTPS endpoints for some
 * events; each delivery is a signed POST, retried with backoff, kept with its attempts, replayable.
 */
import { PaginationSchema, optionalText } from './common';
import { z } from './zod';

/** The events an endpoint may ask for. */
export const WEBHOOK_EVENTS = [
  'traveler.registered',
  'traveler.changed',
  'traveler.deleted',
  'checkin.completed',
  'reservation.created',
  'reservation.changed',
  'reservation.cancelled',
  'report.sent',
  'report.accepted',
  'report.refused',
] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;
/** The event "send a test event" delivers; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** An establishment registers at most this many endpoints. */
export const WEBHOOK_MAX_ENDPOINTS = 10;
/** Longest endpoint address. */
export const WEBHOOK_URL_MAX = 2000;

export const WEBHOOK_STATES = ['active', 'paused'] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** The request headers of a delivery (lower case, as HTTP/2 and Node give them). */
export const WEBHOOK_HEADERS = {
  id: 'hospes-webhook-id',
  timestamp: 'hospes-webhook-timestamp',
  signature: 'hospes-webhook-signature',
} as const;

/** http(s), a host, no spaces; whether https is required and the host public, the server says. */
const UrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .regex(/^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i, 'validation.webhookUrl');

const EventsSchema = z
  .array(WebhookEventTypeSchema)
  .min(1, 'validation.webhookEvents')
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

export const CreateWebhookInputSchema = z.object({
  url: UrlSchema,
  description: optionalText(100),
  events: EventsSchema,
});
export type CreateWebhookInput = z.input<typeof CreateWebhookInputSchema>;

export const UpdateWebhookInputSchema = z.object({
  url: UrlSchema.optional(),
  description: z.string().trim().max(100).optional(),
  events: EventsSchema.optional(),
});
export type UpdateWebhookInput = z.input<typeof UpdateWebhookInputSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  establishmentId: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(WebhookEventTypeSchema),
  state: z.enum(WEBHOOK_STATES),
  /** The last characters of the secret, to tell which one a receiver holds. */
  secretHint: z.string(),
  /** Deliveries that failed in a row (after all their attempts). */
  failuresInARow: z.number().int(),
  pausedAt: z.string().nullable(),
  /** `failures`: paused by itself after failing; `owner`: paused by hand. */
  pausedReason: z.enum(['failures', 'owner']).nullable(),
  lastDeliveryAt: z.string().nullable(),
  lastDeliveryState: z.enum(WEBHOOK_DELIVERY_STATES).nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(WebhookEndpointSchema),
});
export const WebhookResponseSchema = z.object({
  success: z.literal(true),
  data: WebhookEndpointSchema,
});
/** A new endpoint, or a rotated secret: the only answers that hold the secret. */
export const WebhookWithSecretResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ endpoint: WebhookEndpointSchema, secret: z.string() }),
});
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretResponseSchema>['data'];

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  /** The receiver's HTTP status; null when none came (timeout, refused, unreachable). */
  statusCode: z.number().int().nullable(),
  /** Why no status came: timeout, unreachable, address_refused. */
  error: z.string().nullable(),
  /** The first characters of the answer's body. */
  responseExcerpt: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  /** The `Hospes-Webhook-Id` header: the same on every attempt and replay. */
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** Newest first. */
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  lng: z.string().max(20).optional(),
});
export const WebhookDeliveryListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(WebhookDeliverySchema),
  pagination: PaginationSchema,
});
export const WebhookDeliveryResponseSchema = z.object({
  success: z.literal(true),
  data: WebhookDeliverySchema,
});
