import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LngQuerySchema } from '@hospes/shared/common';
import {
  CreateWebhookInputSchema,
  UpdateWebhookInputSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryListResponseSchema,
  WebhookDeliveryResponseSchema,
  WebhookListResponseSchema,
  WebhookResponseSchema,
  WebhookWithSecretResponseSchema,
  WEBHOOK_EVENTS,
} from '@hospes/shared/webhooks';
import { z } from '@hospes/shared/zod';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { WebhooksService } from './webhooks.service';

const tags = ['webhooks'];
const security = [{ bearerAuth: [] }];
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
const IdParams = z.object({ id: z.string().max(100) });
const permission = 'establishment.manage' as const;

const SIGNING =
  'Each delivery is a POST of JSON `{ id, type, createdAt, establishmentId, data }` with the ' +
  'headers `Hospes-Webhook-Id` (the delivery: the same on every retry and replay), ' +
  '`Hospes-Webhook-Timestamp` (Unix seconds) and `Hospes-Webhook-Signature: v1=<hex>`, the ' +
  'HMAC-SHA256 of `${timestamp}.${body}` with the endpoint’s secret. Events: ' +
  `${WEBHOOK_EVENTS.join(', ')}. See docs/integration-guide.md ("Receive webhooks").`;

export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  app.get(
    '/establishments/:id/webhooks',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The webhook endpoints of an establishment',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: WebhookListResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await webhooks.list(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/establishments/:id/webhooks',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Register a webhook endpoint (its secret is answered once)',
        description: `https only, to a public address. ${SIGNING}`,
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: CreateWebhookInputSchema,
        response: { 201: WebhookWithSecretResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const data = await webhooks.create(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      );
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.patch(
    '/webhooks/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Change a webhook endpoint’s address, description or events',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: UpdateWebhookInputSchema,
        response: { 200: WebhookResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await webhooks.update(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      ),
    }),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Remove a webhook endpoint and its deliveries',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await webhooks.remove(actorOf(request), request.params.id, auditContext(request));
      return { success: true as const };
    },
  );

  app.post(
    '/webhooks/:id/secret',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'A new secret for the endpoint (answered once; the old one stops at once)',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: WebhookWithSecretResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await webhooks.rotateSecret(actorOf(request), request.params.id, auditContext(request)),
    }),
  );

  for (const action of ['pause', 'resume'] as const)
    app.post(
      `/webhooks/:id/${action}`,
      {
        config: { permission },
        schema: {
          tags,
          summary:
            action === 'pause'
              ? 'Pause an endpoint: no events are recorded for it until resumed'
              : 'Resume an endpoint: its waiting deliveries go at once',
          security,
          params: IdParams,
          querystring: LngQuerySchema,
          response: { 200: WebhookResponseSchema },
        },
        onRequest: app.requireUser,
      },
      async (request) => ({
        success: true as const,
        data: await webhooks[action](actorOf(request), request.params.id, auditContext(request)),
      }),
    );

  app.post(
    '/webhooks/:id/test',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Send a `webhook.test` event to the endpoint now',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 202: WebhookDeliveryResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      reply.code(202).send({
        success: true as const,
        data: await webhooks.sendTest(actorOf(request), request.params.id),
      }),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The deliveries of an endpoint, newest first, with each attempt’s answer',
        security,
        params: IdParams,
        querystring: WebhookDeliveriesQuerySchema,
        response: { 200: WebhookDeliveryListResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { data, pagination } = await webhooks.deliveries(
        actorOf(request),
        request.params.id,
        request.query,
      );
      return { success: true as const, data, pagination };
    },
  );

  app.post(
    '/webhook-deliveries/:id/replay',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Deliver again (the same Hospes-Webhook-Id and body)',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 202: WebhookDeliveryResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      reply.code(202).send({
        success: true as const,
        data: await webhooks.replay(actorOf(request), request.params.id, auditContext(request)),
      }),
  );
};
