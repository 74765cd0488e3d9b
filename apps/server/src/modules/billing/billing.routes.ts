import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBillingListResponseSchema,
  AdminBillingQuerySchema,
  BillingSummaryResponseSchema,
  CheckoutInputSchema,
  GrantPlanInputSchema,
  RedirectResponseSchema,
} from '@hospes/shared/billing';
import { LngQuerySchema } from '@hospes/shared/common';
import { z } from '@hospes/shared/zod';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { BillingService } from './billing.service';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];

/**
 * The account's plan and Stripe's pages (decision 070): the owner's summary, checkout and billing
 * portal; Stripe's webhook (public, its signature checked); the platform admin's list and grant.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (
  app,
  { billing },
) => {
  app.get(
    '/billing',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'The plan, state and usage this month of the caller’s account',
        description:
          'An account is a user and the establishments it owns. Without STRIPE_SECRET_KEY billing ' +
          'is off (`enabled: false`) and every account is on the unlimited self-hosted plan.',
        security,
        querystring: LngQuerySchema,
        response: { 200: BillingSummaryResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await billing.summary(actorOf(request)),
    }),
  );

  app.post(
    '/billing/checkout',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary:
          'Start Stripe’s checkout for a plan and interval: answers the page to send the browser to',
        description:
          'Card and SEPA direct debit (STRIPE_PAYMENT_METHODS). 409 BILLING_DISABLED without ' +
          'STRIPE_SECRET_KEY; 503 BILLING_UNAVAILABLE when Stripe cannot be reached.',
        security,
        querystring: LngQuerySchema,
        body: CheckoutInputSchema,
        response: { 200: RedirectResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await billing.checkout(actorOf(request), request.body),
    }),
  );

  app.post(
    '/billing/portal',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Open Stripe’s billing portal (payment methods, invoices, cancellation)',
        description: '409 BILLING_NO_CUSTOMER before a first checkout.',
        security,
        querystring: LngQuerySchema,
        response: { 200: RedirectResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await billing.portal(actorOf(request)),
    }),
  );

  // Stripe's signature is over the exact bytes sent: this route reads its body as a Buffer.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/billing/webhook',
      {
        config: { permission: 'public' },
        bodyLimit: 512 * 1024,
        schema: {
          tags,
          summary: 'Stripe’s webhook: checked with its signature, stored once, processed by a job',
          description:
            '400 BILLING_WEBHOOK_INVALID for a bad signature; an event received before is ' +
            'answered 200 and changes nothing.',
          response: {
            200: z.object({
              success: z.literal(true),
              data: z.object({ received: z.boolean(), duplicate: z.boolean() }),
            }),
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return {
          success: true as const,
          data: await billing.receiveWebhook(
            body,
            typeof signature === 'string' ? signature : undefined,
          ),
        };
      },
    );
  });

  app.get(
    '/admin/billing',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['admin', ...tags],
        summary: 'Each account (a user owning establishments): plan, state, usage and payments',
        security,
        querystring: AdminBillingQuerySchema.extend(LngQuerySchema.shape),
        response: { 200: AdminBillingListResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => ({
      success: true as const,
      ...(await billing.adminList(request.query)),
    }),
  );

  app.put(
    '/admin/billing/:accountId',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['admin', ...tags],
        summary: 'Give an account a plan by hand (Enterprise, a custom arrangement)',
        description: 'Stripe’s events no longer change its plan and state. 404 USER_NOT_FOUND.',
        security,
        params: z.object({ accountId: z.uuid() }),
        querystring: LngQuerySchema,
        body: GrantPlanInputSchema,
        response: { 200: BillingSummaryResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => ({
      success: true as const,
      data: await billing.grant(
        actorOf(request),
        request.params.accountId,
        request.body,
        auditContext(request),
      ),
    }),
  );
};
