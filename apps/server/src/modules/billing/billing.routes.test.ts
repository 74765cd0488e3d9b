/**
 * Plans, trial and billing (decision 070) against a local stand-in for Stripe's API, the official
 * SDK pointed at it (STRIPE_API_BASE) and webhooks signed with the SDK's test helper, processed by
 * the job queue: the trial, checkout to active, a failed renewal to past due to suspended, a
 * cancellation, a replayed webhook, each limit at its edge, the trial's reminders, the admin.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingSummary } from '@hospes/shared/billing';
import {
  auditLog,
  billingPayments,
  billingSubscriptions,
  billingUsage,
  pilgrims,
  selfRegistrations,
  travelerDocuments,
} from '../../db/schema';
import { createMailer } from '../../lib/mail/mailer';
import { createAuditRepository } from '../audit/audit.repository';
import { createAdminSession } from '../../../test/accounts';
import { randomCif, uniqueEmail } from '../../../test/factories';
import {
  startTestStripe,
  TEST_STRIPE_KEY,
  TEST_WEBHOOK_SECRET,
  type TestStripeService,
} from '../../../test/stripe-service';
import { travelerBody } from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { createBillingRepository } from './billing.repository';
import { createBillingService } from './billing.service';

let ctx: TestContext;
let stripe: TestStripeService;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
type Owner = Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  stripe = await startTestStripe({
    deliver: async (payload, signature) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        })
      ).statusCode,
  });
  ctx = await createTestContext({
    billing: {
      stripeSecretKey: TEST_STRIPE_KEY,
      stripeWebhookSecret: TEST_WEBHOOK_SECRET,
      stripeApiBase: stripe.url,
      paymentMethodTypes: ['card', 'sepa_debit', 'customer_balance'],
      checkSeconds: 0,
    },
  });
  admin = await createAdminSession(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let ipCounter = 0;
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: `10.1.0.${(++ipCounter % 250) + 1}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function summary(owner: Owner): Promise<BillingSummary> {
  const res = await call('GET', '/api/billing', owner.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: BillingSummary }>().data;
}

/** Waits for the job queue to apply the webhooks: until the summary satisfies `done`. */
async function until(owner: Owner, done: (s: BillingSummary) => boolean): Promise<BillingSummary> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const now = await summary(owner);
    if (done(now)) return now;
    if (Date.now() > deadline) throw new Error(`billing never reached it: ${JSON.stringify(now)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The account's payments, once `n` have been recorded by the job queue. */
async function paymentsOf(owner: Owner, n: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await ctx.database.db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.accountId, owner.userId));
    if (rows.length >= n || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const register = (owner: Owner) =>
  call('POST', '/api/pilgrims', owner.token, travelerBody(owner.establishmentId));

async function travelersOf(owner: Owner) {
  return (
    await ctx.database.db
      .select({ id: pilgrims.id })
      .from(pilgrims)
      .where(eq(pilgrims.establishmentId, owner.establishmentId))
  ).length;
}

async function setUsage(owner: Owner, registrations: number) {
  const period = (await summary(owner)).period;
  await ctx.database.db
    .insert(billingUsage)
    .values({ accountId: owner.userId, period, registrations })
    .onConflictDoUpdate({
      target: [billingUsage.accountId, billingUsage.period],
      set: { registrations },
    });
}

/** Subscribes through the checkout (the stand-in's page paid): answers the subscription's id. */
async function subscribe(owner: Owner, plan: 'basic' | 'professional') {
  const res = await call('POST', '/api/billing/checkout', owner.token, {
    plan,
    interval: 'monthly',
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json<{ data: { url: string } }>().data.url;
  expect(url.startsWith(`${stripe.url}/checkout/`)).toBe(true);
  const subscription = await stripe.completeCheckout(url.split('/').pop()!);
  await until(owner, (s) => s.state === 'active' && s.plan === plan && s.hasPaymentMethod);
  return subscription.id as string;
}

function expectRefused(
  res: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { success: boolean; code: string; details?: Array<{ field: string }> };
  expect(body.success).toBe(false);
  expect(body.code).toBe(code);
  return body;
}

describe('a new account', () => {
  it('is on a 14-day Professional trial with its usage counted', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const s = await summary(owner);
    expect(s).toMatchObject({
      enabled: true,
      plan: 'professional',
      state: 'trialing',
      hasPaymentMethod: false,
      usage: { registrationsThisMonth: 0, establishments: 1, users: 1 },
      limits: { registrationsPerMonth: 100, establishments: 3, users: 5, api: true },
    });
    const days = (Date.parse(s.trialEndsAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect((await register(owner)).statusCode).toBe(201);
    expect((await summary(owner)).usage.registrationsThisMonth).toBe(1);
  });
});

describe('checkout and webhooks', () => {
  let owner: Owner;
  let subscription: string;

  beforeAll(async () => {
    owner = await registerVerifiedOwner(ctx);
  });

  it('goes from trial to active on Basic through Stripe’s checkout', async () => {
    subscription = await subscribe(owner, 'basic');
    const customer = stripe.calls.find((c) => c.path === '/v1/customers')!;
    expect(customer.body.metadata).toEqual({ accountId: owner.userId });
    const price = [...stripe.prices.values()].find((p) => p.lookup_key === 'hospes_basic_monthly')!;
    expect(price).toMatchObject({ unit_amount: 149, currency: 'eur' });
    const session = [...stripe.sessions.values()].find(
      (s) => s.customer === customer.body.id || s.client_reference_id === owner.userId,
    )!;
    expect(session.allowed_payment_method_types).toEqual([
      'card',
      'sepa_debit',
      'customer_balance',
    ]);
    const s = await summary(owner);
    expect(s).toMatchObject({
      plan: 'basic',
      state: 'active',
      interval: 'monthly',
      trialEndsAt: null,
    });
    expect(Date.parse(s.currentPeriodEnd!)).toBeGreaterThan(Date.now());
    expect((await paymentsOf(owner, 1)).map((p) => [p.status, p.amountCents])).toEqual([
      ['paid', 149],
    ]);
    // A second checkout finds the price by its lookup key instead of making another.
    const again = await call('POST', '/api/billing/checkout', owner.token, {
      plan: 'basic',
      interval: 'monthly',
    });
    expect(again.statusCode).toBe(200);
    expect(
      [...stripe.prices.values()].filter((p) => p.lookup_key === 'hospes_basic_monthly'),
    ).toHaveLength(1);
  });

  it('refuses the 21st registration of the month on Basic, and a confirmation past it', async () => {
    await setUsage(owner, 19);
    expect((await register(owner)).statusCode).toBe(201);
    const before = await travelersOf(owner);
    const refused = expectRefused(await register(owner), 403, 'PLAN_LIMIT');
    expect(refused.details?.[0]?.field).toBe('registrationsPerMonth');
    expect(await travelersOf(owner)).toBe(before);
    expect((await summary(owner)).usage.registrationsThisMonth).toBe(20);

    // A traveler's own check-in is taken (pending); its confirmation is the registration refused.
    const link = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/checkin-link`,
      owner.token,
    );
    const linkToken = link.json<{ data: { token: string } }>().data.token;
    const self = await call(
      'POST',
      `/api/public/checkin/${linkToken}`,
      undefined,
      travelerBody(null, { entryDate: undefined, checkOutDate: undefined }),
    );
    expect(self.statusCode, self.body).toBe(201);
    const code = self.json<{ data: { confirmationCode: string } }>().data.confirmationCode;
    const found = await call('GET', `/api/pilgrims/by-code/${code}`, owner.token);
    const pilgrimId = found.json<{ data: { id: string } }>().data.id;
    expectRefused(
      await call('POST', `/api/pilgrims/${pilgrimId}/confirm`, owner.token, {}),
      403,
      'PLAN_LIMIT',
    );
    const [row] = await ctx.database.db
      .select()
      .from(selfRegistrations)
      .where(eq(selfRegistrations.pilgrimId, pilgrimId));
    expect(row!.status).toBe('pending');
    // One fewer counted: the confirmation goes through.
    await setUsage(owner, 19);
    expect(
      (await call('POST', `/api/pilgrims/${pilgrimId}/confirm`, owner.token, {})).statusCode,
    ).toBe(200);
    expect((await summary(owner)).usage.registrationsThisMonth).toBe(20);
  });

  it('refuses a second establishment and a third person on Basic', async () => {
    const body = travelerBody(null); // only for a unique name below
    const establishment = {
      name: `Albergue ${body.passportNumber}`,
      type: 'hostel',
      nif: randomCif(),
      address: 'Rúa do Vilar 1',
      city: 'Santiago de Compostela',
      province: 'A Coruña',
      postalCode: '15705',
      phone: '981000000',
      contactName: 'Ana',
      contactEmail: uniqueEmail('contact'),
    };
    const refused = expectRefused(
      await call('POST', '/api/establishments', owner.token, establishment),
      403,
      'PLAN_LIMIT',
    );
    expect(refused.details?.[0]?.field).toBe('establishments');

    const invite = (email: string) =>
      call('POST', `/api/establishments/${owner.establishmentId}/invitations`, owner.token, {
        email,
        role: 'receptionist',
      });
    const first = uniqueEmail('staff');
    expect((await invite(first)).statusCode).toBe(201);
    const third = expectRefused(await invite(uniqueEmail('staff')), 403, 'PLAN_LIMIT');
    expect(third.details?.[0]?.field).toBe('users');
    // Inviting the same person again replaces the invitation: no one more.
    expect((await invite(first)).statusCode).toBe(201);
    expect((await summary(owner)).usage.users).toBe(2);
  });

  it('a failed renewal is past due (still registering), then suspended; the register stays readable', async () => {
    await setUsage(owner, 0);
    await stripe.failRenewal(subscription);
    await until(owner, (s) => s.state === 'past_due');
    expect((await register(owner)).statusCode).toBe(201);
    await stripe.endRetries(subscription);
    await until(owner, (s) => s.state === 'suspended');
    expectRefused(await register(owner), 402, 'SUBSCRIPTION_SUSPENDED');
    // Never hostage: the list and the export answer.
    expect(
      (await call('GET', `/api/pilgrims?establishmentId=${owner.establishmentId}`, owner.token))
        .statusCode,
    ).toBe(200);
    const exported = await call(
      'GET',
      `/api/pilgrims/export?establishmentId=${owner.establishmentId}&format=csv`,
      owner.token,
    );
    expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
    const failed = (await paymentsOf(owner, 3)).filter((p) => p.status === 'failed');
    expect(failed).toHaveLength(2);
    // Paid at last: active again.
    await stripe.renew(subscription);
    await until(owner, (s) => s.state === 'active');
    expect((await register(owner)).statusCode).toBe(201);
  });

  it('a replayed webhook changes nothing; a forged one is refused', async () => {
    const failedEvent = stripe.deliveries.find((d) => d.type === 'invoice.payment_failed')!;
    const replay = await stripe.replay(failedEvent.eventId);
    expect(replay.status).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await summary(owner)).state).toBe('active');
    expect(
      (
        await ctx.database.db
          .select()
          .from(billingPayments)
          .where(eq(billingPayments.accountId, owner.userId))
      ).filter((p) => p.status === 'failed'),
    ).toHaveLength(2);

    const event = stripe.signedEvent('customer.subscription.deleted', {
      id: subscription,
      customer: 'x',
    });
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload.replace('"x"', '"y"'),
    });
    expectRefused(forged, 400, 'BILLING_WEBHOOK_INVALID');
  });

  it('opens the billing portal, and a cancellation stops new registrations', async () => {
    const portal = await call('POST', '/api/billing/portal', owner.token);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(
      portal.json<{ data: { url: string } }>().data.url.startsWith(`${stripe.url}/portal/`),
    ).toBe(true);
    await stripe.cancel(subscription, true);
    await until(owner, (s) => s.cancelAtPeriodEnd);
    expect((await summary(owner)).state).toBe('active');
    await stripe.cancel(subscription);
    await until(owner, (s) => s.state === 'cancelled');
    expectRefused(await register(owner), 402, 'SUBSCRIPTION_SUSPENDED');
  });
});

describe('Professional, by quote', () => {
  it('is bought at the price the operator made in Stripe, none invented', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const input = { plan: 'professional', interval: 'annual' };
    expectRefused(
      await call('POST', '/api/billing/checkout', owner.token, input),
      503,
      'BILLING_UNAVAILABLE',
    );
    expect(
      [...stripe.prices.values()].some((p) => p.lookup_key === 'hospes_professional_annual'),
    ).toBe(false);
    const price = stripe.addPrice('hospes_professional_annual', 9000, 'year');
    const res = await call('POST', '/api/billing/checkout', owner.token, input);
    expect(res.statusCode, res.body).toBe(200);
    const session = stripe.sessions.get(
      res.json<{ data: { url: string } }>().data.url.split('/').pop()!,
    )!;
    expect(session.line_items).toEqual([{ price: price.id, quantity: '1' }]);
    await stripe.completeCheckout(session.id as string);
    await until(
      owner,
      (s) => s.state === 'active' && s.plan === 'professional' && s.interval === 'annual',
    );
  });
});

describe('a change of plan', () => {
  it('moves the subscription to the new price through the portal, never a second subscription', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const subscription = await subscribe(owner, 'basic');
    if (![...stripe.prices.values()].some((p) => p.lookup_key === 'hospes_professional_monthly'))
      stripe.addPrice('hospes_professional_monthly', 4900, 'month');
    const res = await call('POST', '/api/billing/checkout', owner.token, {
      plan: 'professional',
      interval: 'monthly',
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<{ data: { url: string } }>().data.url;
    expect(url.startsWith(`${stripe.url}/portal/`)).toBe(true);
    const confirmed = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(
      `${ctx.config.appUrl}/billing?checkout=success&plan=professional`,
    );
    const s = await until(owner, (b) => b.plan === 'professional' && b.state === 'active');
    expect(s.limits.registrationsPerMonth).toBe(100);
    const customer = stripe.subscriptions.get(subscription)!.customer;
    expect([...stripe.subscriptions.values()].filter((x) => x.customer === customer)).toHaveLength(
      1,
    );
  });
});

describe('limits of the trial (Professional)', () => {
  it('allows 3 establishments and refuses the 4th; 100 registrations and not the 101st', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const establishment = (n: number) => ({
      name: `Hostal ${n} ${owner.userId.slice(0, 8)}`,
      type: 'hostel',
      nif: randomCif(),
      address: 'Calle Mayor 1',
      city: 'León',
      province: 'León',
      postalCode: '24001',
      phone: '987000000',
      contactName: 'Luis',
      contactEmail: owner.email,
    });
    for (const n of [1, 2]) {
      const res = await call('POST', '/api/establishments', owner.token, establishment(n));
      expect(res.statusCode, res.body).toBe(201);
    }
    expectRefused(
      await call('POST', '/api/establishments', owner.token, establishment(3)),
      403,
      'PLAN_LIMIT',
    );
    await setUsage(owner, 99);
    expect((await register(owner)).statusCode).toBe(201);
    expectRefused(await register(owner), 403, 'PLAN_LIMIT');
    expect((await summary(owner)).usage).toMatchObject({
      registrationsThisMonth: 100,
      establishments: 3,
    });
  });
});

describe('the API (spec §9: Professional and Enterprise)', () => {
  it('keys are made and used on the trial, and stop when the account is on Basic', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const keysUrl = `/api/establishments/${owner.establishmentId}/api-keys`;
    const made = await call('POST', keysUrl, owner.token, {
      name: 'PMS',
      permissions: ['travelers.view'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const secret = made.json<{ data: { secret: string } }>().data.secret;
    expect((await call('GET', '/api/api-keys/current', secret)).statusCode).toBe(200);

    await subscribe(owner, 'basic');
    const used = await call('GET', '/api/api-keys/current', secret);
    expect(expectRefused(used, 403, 'PLAN_LIMIT').details?.[0]?.field).toBe('api');
    const another = await call('POST', keysUrl, owner.token, {
      name: 'Lock',
      permissions: ['travelers.view'],
    });
    expect(expectRefused(another, 403, 'PLAN_LIMIT').details?.[0]?.field).toBe('api');
  });
});

describe('the trial’s end', () => {
  it('reminds 3 days and 1 day before, once each, then suspends', async () => {
    const owner = await registerVerifiedOwner(ctx);
    await summary(owner);
    const mailer = createMailer({
      smtpUrl: ctx.smtp.url,
      from: 'Hospes <no-reply@hospes.test>',
      dataDir: ctx.config.dataDir,
      log: ctx.app.log,
    });
    let at = new Date();
    const service = createBillingService({
      db: ctx.database.db,
      billing: createBillingRepository(ctx.database.db),
      stripe: {} as never,
      webhookSecret: TEST_WEBHOOK_SECRET,
      paymentMethodTypes: ['card'],
      appUrl: ctx.config.appUrl,
      jobs: { send: async () => '', work: async () => {}, schedule: async () => {} },
      mailer,
      audit: createAuditRepository(ctx.database.db),
      log: ctx.app.log,
      now: () => at,
    });
    const setTrialEnd = (end: Date) =>
      ctx.database.db
        .update(billingSubscriptions)
        .set({ trialEndsAt: end })
        .where(eq(billingSubscriptions.accountId, owner.userId));
    const day = 86_400_000;
    await setTrialEnd(new Date(at.getTime() + 5 * day));
    expect((await service.checkTrials()).reminded).toBe(0);
    at = new Date(at.getTime() + 2.5 * day);
    expect((await service.checkTrials()).reminded).toBe(1);
    const first = await ctx.smtp.waitFor(owner.email, { subject: /3/ });
    expect(first.text).toContain(`${ctx.config.appUrl}/billing`);
    expect((await service.checkTrials()).reminded).toBe(0);
    at = new Date(at.getTime() + 2 * day);
    expect((await service.checkTrials()).reminded).toBe(1);
    await ctx.smtp.waitFor(owner.email, { subject: /mañana|tomorrow/i });
    at = new Date(at.getTime() + day);
    expect(await service.checkTrials()).toEqual({ reminded: 0, suspended: 1 });
    expect((await summary(owner)).state).toBe('suspended');
    expectRefused(await register(owner), 402, 'SUBSCRIPTION_SUSPENDED');
    await mailer.close();
  });
});

describe('storage days', () => {
  it('deletes the document photos older than the plan keeps, never the record nor its signature', async () => {
    const owner = await registerVerifiedOwner(ctx);
    await ctx.database.db
      .insert(billingSubscriptions)
      .values({ accountId: owner.userId, plan: 'basic', state: 'active' });
    const old = (await register(owner)).json<{ data: { id: string } }>().data.id;
    const recent = (await register(owner)).json<{ data: { id: string } }>().data.id;
    await ctx.database.db
      .update(travelerDocuments)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(travelerDocuments.pilgrimId, old));
    const service = createBillingService({
      db: ctx.database.db,
      billing: createBillingRepository(ctx.database.db),
      stripe: {} as never,
      webhookSecret: TEST_WEBHOOK_SECRET,
      paymentMethodTypes: ['card'],
      appUrl: ctx.config.appUrl,
      jobs: { send: async () => '', work: async () => {}, schedule: async () => {} },
      mailer: { send: async () => {}, close: async () => {} } as never,
      audit: createAuditRepository(ctx.database.db),
      log: ctx.app.log,
    });
    expect(await service.purgeExpiredCopies()).toBe(1);
    const kinds = async (id: string) =>
      (
        await ctx.database.db
          .select({ kind: travelerDocuments.kind })
          .from(travelerDocuments)
          .where(eq(travelerDocuments.pilgrimId, id))
      )
        .map((d) => d.kind)
        .sort();
    expect(await kinds(old)).toEqual(['signature']);
    expect(await kinds(recent)).toEqual(['front', 'signature']);
    expect((await call('GET', `/api/pilgrims/${old}`, owner.token)).statusCode).toBe(200);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, old), eq(auditLog.action, 'pilgrim.documents_deleted')));
    expect(entry!.details).toMatchObject({ reason: 'planStorage', storageDays: 30 });
    expect(await service.purgeExpiredCopies()).toBe(0);
  });
});

describe('the platform admin', () => {
  it('lists accounts with plan, state and usage, and grants a plan by hand', async () => {
    const owner = await registerVerifiedOwner(ctx);
    await ctx.database.db
      .insert(billingSubscriptions)
      .values({ accountId: owner.userId, plan: 'basic', state: 'suspended' });
    expectRefused(await register(owner), 402, 'SUBSCRIPTION_SUSPENDED');
    expectRefused(await call('GET', '/api/admin/billing', owner.token), 403, 'FORBIDDEN');
    const list = await call('GET', '/api/admin/billing?limit=100', admin.token);
    expect(list.statusCode, list.body).toBe(200);
    const mine = list
      .json<{ data: Array<{ accountId: string; billing: BillingSummary }> }>()
      .data.find((a) => a.accountId === owner.userId)!;
    expect(mine.billing).toMatchObject({ plan: 'basic', state: 'suspended' });

    const granted = await call('PUT', `/api/admin/billing/${owner.userId}`, admin.token, {
      plan: 'enterprise',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<{ data: BillingSummary }>().data).toMatchObject({
      plan: 'enterprise',
      state: 'active',
      granted: true,
      limits: { registrationsPerMonth: null },
    });
    expect((await register(owner)).statusCode).toBe(201);
    expectRefused(
      await call('PUT', `/api/admin/billing/${owner.userId}`, owner.token, { plan: 'enterprise' }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('billing off (no STRIPE_SECRET_KEY)', () => {
  it('puts every account on the unlimited self-hosted plan', async () => {
    const off = await createTestContext();
    try {
      const owner = await registerVerifiedOwner(off);
      const res = await off.app.inject({
        method: 'GET',
        url: '/api/billing',
        headers: bearer(owner.token),
      });
      expect(res.json<{ data: BillingSummary }>().data).toMatchObject({
        enabled: false,
        plan: 'self-hosted',
        state: 'active',
        limits: { registrationsPerMonth: null, establishments: null, users: null },
      });
      const checkout = await off.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: bearer(owner.token),
        payload: { plan: 'basic', interval: 'annual' },
      });
      expectRefused(checkout, 409, 'BILLING_DISABLED');
    } finally {
      await off.close();
    }
  });
});
