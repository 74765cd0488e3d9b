/**
 * Plans, trial and billing (spec §9, docs/decisions/070-plans-trial-and-billing.md). Without a
 * Stripe key billing is off: every account is on the unlimited self-hosted plan and nothing is
 * counted or refused. With one, a new account is on a 14-day Professional trial; its limits are
 * checked in the transactions that would pass them; Stripe's checkout and billing portal take the
 * payments, and its webhooks (verified, stored once, processed by a job) move the subscription.
 */
import type Stripe from 'stripe';
import {
  CURRENCY,
  PLAN_KEYS,
  PLANS,
  REGISTERING_STATES,
  TRIAL_DAYS,
  TRIAL_PLAN,
  TRIAL_REMINDER_DAYS,
  chargeCents,
  planAllowsFeature,
  priceLookupKey,
  type AdminBillingAccount,
  type BillingInterval,
  type BillingSummary,
  type CheckoutPlan,
  type CheckoutInput,
  type GrantPlanInput,
  type LimitName,
  type PlanFeature,
  type PlanKey,
  type SubscriptionState,
} from '@hospes/shared/billing';
import { todayIso } from '@hospes/shared/dates';
import { isLanguage, type Language } from '@hospes/shared/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { BillingSubscriptionRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Mailer } from '../../lib/mail/mailer';
import { trialEndingMail } from '../../lib/mail/templates';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import { documentsDeletedEntries } from '../establishments';
import type { BillingRepository, SubscriptionChange } from './billing.repository';

const DAY_MS = 86_400_000;
export const BILLING_EVENT_JOB = 'billing.event';
export const BILLING_TRIALS_JOB = 'billing.trials';

/** The subscription as the checks read it; the self-hosted plan when billing is off. */
interface Current {
  plan: PlanKey;
  state: SubscriptionState;
  row: BillingSubscriptionRow | null;
}

export interface BillingServiceDeps {
  db: Db;
  billing: BillingRepository;
  /** null: billing is off (no STRIPE_SECRET_KEY). */
  stripe: Stripe | null;
  webhookSecret: string | undefined;
  /** Stripe's payment methods offered by the checkout (card, sepa_debit…). */
  paymentMethodTypes: string[];
  appUrl: string;
  jobs: Pick<JobQueue, 'send' | 'work' | 'schedule'>;
  mailer: Mailer;
  audit: AuditRepository;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** Stripe's subscription statuses as the account's state. */
export function stateOfStripe(status: Stripe.Subscription.Status): SubscriptionState | null {
  switch (status) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return 'active';
    case 'past_due':
      return 'past_due';
    // Stripe's retries ended without a payment (its settings: mark unpaid, or cancel).
    case 'unpaid':
    case 'paused':
      return 'suspended';
    case 'canceled':
    case 'incomplete_expired':
      return 'cancelled';
    default:
      // incomplete: the first payment is under way; the account keeps its state meanwhile.
      return null;
  }
}

const isPlanKey = (value: unknown): value is PlanKey =>
  typeof value === 'string' && (PLAN_KEYS as readonly string[]).includes(value);

/** The plan and interval of a Stripe subscription: its price's lookup key, else its metadata. */
function planOfSubscription(sub: Stripe.Subscription): {
  plan: PlanKey | null;
  interval: BillingInterval | null;
} {
  const price = sub.items?.data?.[0]?.price;
  const match = /^hospes_([a-z-]+)_(monthly|annual)$/.exec(price?.lookup_key ?? '');
  if (match && isPlanKey(match[1]))
    return { plan: match[1], interval: match[2] as BillingInterval };
  const plan = sub.metadata?.plan;
  const interval =
    price?.recurring?.interval === 'year'
      ? 'annual'
      : price?.recurring?.interval === 'month'
        ? 'monthly'
        : null;
  return { plan: isPlanKey(plan) ? plan : null, interval };
}

/** A Stripe timestamp (seconds) as a Date. */
const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

function periodEndOf(sub: Stripe.Subscription): Date | null {
  const item = sub.items?.data?.[0] as { current_period_end?: number } | undefined;
  return (
    fromUnix(item?.current_period_end) ??
    fromUnix((sub as unknown as { current_period_end?: number }).current_period_end)
  );
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function createBillingService(deps: BillingServiceDeps) {
  const { db, billing, stripe, log } = deps;
  const now = deps.now ?? (() => new Date());
  const enabled = stripe !== null;

  /** The month registrations are counted in: Spain's calendar month. */
  const periodAt = (at: Date) => todayIso(at).slice(0, 7);

  /**
   * The account's subscription, its row made on the first look: a trial of TRIAL_DAYS from
   * sign-up (from now for an account older than that when billing was turned on).
   */
  async function rowOf(accountId: string, tx: Db = db): Promise<BillingSubscriptionRow> {
    const found = await billing.find(accountId, tx);
    if (found) return found;
    const user = await billing.user(accountId, tx);
    const start = user?.createdAt ?? now();
    const fromSignUp = start.getTime() + TRIAL_DAYS * DAY_MS;
    const trialEndsAt = new Date(
      fromSignUp > now().getTime() ? fromSignUp : now().getTime() + TRIAL_DAYS * DAY_MS,
    );
    return billing.insertIfMissing(
      { accountId, plan: TRIAL_PLAN, state: 'trialing', trialEndsAt },
      tx,
    );
  }

  /** A trial past its end without a payment method is suspended, even before the job says so. */
  function effectiveState(row: BillingSubscriptionRow): SubscriptionState {
    if (
      row.state === 'trialing' &&
      !row.hasPaymentMethod &&
      !row.grantedBy &&
      row.trialEndsAt &&
      row.trialEndsAt.getTime() <= now().getTime()
    )
      return 'suspended';
    return row.state;
  }

  async function current(accountId: string, tx: Db = db): Promise<Current> {
    if (!enabled) return { plan: 'self-hosted', state: 'active', row: null };
    const row = await rowOf(accountId, tx);
    return { plan: row.plan, state: effectiveState(row), row };
  }

  function limitError(limit: LimitName | 'api', max: number) {
    return new AppError('PLAN_LIMIT', {
      params: { max },
      details: [{ field: limit, message: String(max), code: 'PLAN_LIMIT' }],
    });
  }

  function refuseUnlessRegistering(state: SubscriptionState) {
    if (!REGISTERING_STATES.includes(state)) throw new AppError('SUBSCRIPTION_SUSPENDED');
  }

  async function summaryOf(accountId: string, tx: Db = db): Promise<BillingSummary> {
    const { plan, state, row } = await current(accountId, tx);
    const period = periodAt(now());
    const [registrations, establishments, people] = await Promise.all([
      billing.registrations(accountId, period, tx),
      billing.establishmentsOf(accountId, tx),
      billing.usersOf(accountId, now(), tx),
    ]);
    return {
      enabled,
      plan,
      state,
      interval: row?.interval ?? null,
      trialEndsAt: row?.state === 'trialing' ? (row.trialEndsAt?.toISOString() ?? null) : null,
      currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
      hasPaymentMethod: row?.hasPaymentMethod ?? false,
      granted: !!row?.grantedBy,
      period,
      usage: { registrationsThisMonth: registrations, establishments, users: people },
      limits: { ...PLANS[plan].limits },
    };
  }

  /** The price of a plan and interval: found by its lookup key, made when missing. */
  async function priceId(plan: CheckoutPlan, interval: BillingInterval) {
    const lookupKey = priceLookupKey(plan, interval);
    const found = await stripe!.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const monthly = PLANS[plan].monthlyCents;
    // A plan by quote has the prices the operator made in Stripe: none is invented here.
    if (monthly === null) {
      log.error({ lookupKey }, 'Stripe has no price with this lookup key: create it');
      throw new AppError('BILLING_UNAVAILABLE');
    }
    const created = await stripe!.prices.create({
      currency: CURRENCY.toLowerCase(),
      unit_amount: chargeCents(monthly, interval),
      recurring: { interval: interval === 'annual' ? 'year' : 'month' },
      lookup_key: lookupKey,
      product_data: { name: `Hospes ${plan}` },
      metadata: { plan },
    });
    return created.id;
  }

  /** Calls Stripe; its refusals and failures answer 503 BILLING_UNAVAILABLE (logged). */
  async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.error({ err }, `Stripe: ${what} failed`);
      throw new AppError('BILLING_UNAVAILABLE', { cause: err });
    }
  }

  async function customerOf(accountId: string): Promise<string> {
    const row = await rowOf(accountId);
    if (row.stripeCustomerId) return row.stripeCustomerId;
    const user = await billing.user(accountId);
    const customer = await stripe!.customers.create(
      {
        email: user?.email,
        name: user?.name,
        metadata: { accountId },
        preferred_locales: user?.language ? [user.language] : undefined,
      },
      { idempotencyKey: `hospes-customer-${accountId}` },
    );
    await billing.update(accountId, { stripeCustomerId: customer.id });
    return customer.id;
  }

  /** The account a Stripe object belongs to: its metadata, else its customer's row. */
  async function accountOfObject(
    object: { metadata?: Stripe.Metadata | null; customer?: unknown },
    tx: Db,
  ): Promise<string | null> {
    const fromMetadata = object.metadata?.accountId;
    if (fromMetadata && (await billing.user(fromMetadata, tx))) return fromMetadata;
    const customer = idOf(object.customer as string | { id: string } | null);
    if (!customer) return null;
    return (await billing.findByCustomer(customer, tx))?.accountId ?? null;
  }

  /** Applies a change from Stripe unless a platform admin granted the plan by hand. */
  async function applyFromStripe(
    accountId: string,
    change: SubscriptionChange,
    eventAt: Date,
    tx: Db,
  ) {
    const row = await rowOf(accountId, tx);
    // An event older than the last applied one arrived late: what it says is out of date.
    if (row.lastEventAt && row.lastEventAt.getTime() > eventAt.getTime()) return;
    const { plan, state, ...rest } = change;
    await billing.update(
      accountId,
      { ...rest, ...(row.grantedBy ? {} : { plan, state }), lastEventAt: eventAt },
      tx,
    );
  }

  async function processEvent(event: Stripe.Event, tx: Db) {
    const at = fromUnix(event.created) ?? now();
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const accountId = session.client_reference_id ?? (await accountOfObject(session, tx));
        if (!accountId) return;
        await billing.update(
          accountId,
          {
            stripeCustomerId: idOf(session.customer),
            stripeSubscriptionId: idOf(session.subscription),
            hasPaymentMethod: true,
          },
          tx,
        );
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        const accountId = await accountOfObject(sub, tx);
        if (!accountId) return;
        const { plan, interval } = planOfSubscription(sub);
        const state =
          event.type === 'customer.subscription.deleted' ? 'cancelled' : stateOfStripe(sub.status);
        await applyFromStripe(
          accountId,
          {
            ...(plan ? { plan } : {}),
            ...(state ? { state } : {}),
            interval,
            stripeSubscriptionId: sub.id,
            stripeCustomerId: idOf(sub.customer),
            currentPeriodEnd: periodEndOf(sub),
            cancelAtPeriodEnd: sub.cancel_at_period_end,
            trialEndsAt: fromUnix(sub.trial_end),
            ...(sub.default_payment_method ? { hasPaymentMethod: true } : {}),
          },
          at,
          tx,
        );
        return;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const accountId = await accountOfObject(invoice, tx);
        if (!accountId || !invoice.id) return;
        const paid = event.type === 'invoice.paid';
        await billing.recordPayment(
          {
            id: invoice.id,
            accountId,
            amountCents: paid ? invoice.amount_paid : invoice.amount_due,
            currency: invoice.currency,
            status: paid ? 'paid' : 'failed',
            invoiceUrl: invoice.hosted_invoice_url ?? null,
            at,
          },
          tx,
        );
        // A zero invoice (a trial's first) says nothing of the card.
        if (!paid || invoice.amount_paid > 0) {
          const row = await rowOf(accountId, tx);
          if (row.grantedBy) return;
          // Paid: active. Failed: past due while Stripe retries; no retry left: suspended.
          const state: SubscriptionState = paid
            ? 'active'
            : invoice.next_payment_attempt
              ? 'past_due'
              : 'suspended';
          if (row.lastEventAt && row.lastEventAt.getTime() > at.getTime()) return;
          await billing.update(accountId, { state, lastEventAt: at }, tx);
        }
        return;
      }
      default:
        return;
    }
  }

  return {
    enabled,

    /** The plan, state and usage of the caller's own account. */
    summary: (actor: Actor) => summaryOf(actor.id),

    /**
     * In a registration's transaction (the desk's, a self check-in's confirmation): counted in
     * the account's month, refused past the plan's limit (403 PLAN_LIMIT) or while suspended (402).
     */
    async countRegistration(establishmentId: string, tx: Db) {
      if (!enabled) return;
      const accountId = await billing.accountOf(establishmentId, tx);
      if (!accountId) return;
      const { plan, state } = await current(accountId, tx);
      refuseUnlessRegistering(state);
      const n = await billing.countRegistration(accountId, periodAt(now()), tx);
      const max = PLANS[plan].limits.registrationsPerMonth;
      if (max !== null && n > max) throw limitError('registrationsPerMonth', max);
    },

    /** A traveler's own check-in (pending until confirmed): refused only while suspended. */
    async checkSelfRegistration(establishmentId: string, tx: Db = db) {
      if (!enabled) return;
      const accountId = await billing.accountOf(establishmentId, tx);
      if (!accountId) return;
      refuseUnlessRegistering((await current(accountId, tx)).state);
    },

    /** Before `accountId` owns one more establishment. */
    async checkNewEstablishment(accountId: string, tx: Db = db) {
      if (!enabled) return;
      const { plan, state } = await current(accountId, tx);
      refuseUnlessRegistering(state);
      const max = PLANS[plan].limits.establishments;
      if (max !== null && (await billing.establishmentsOf(accountId, tx)) >= max)
        throw limitError('establishments', max);
    },

    /** Before one more person is invited to (or joins) an establishment's team. */
    async checkNewMember(establishmentId: string, email: string | null, tx: Db = db) {
      if (!enabled) return;
      const accountId = await billing.accountOf(establishmentId, tx);
      if (!accountId) return;
      const { plan } = await current(accountId, tx);
      const max = PLANS[plan].limits.users;
      if (max === null) return;
      const people = await billing.usersOf(accountId, now(), tx);
      // A pending invitation of the same e-mail is replaced: it is no one more.
      const replaces = email ? await billing.isInvitedTo(accountId, email, now(), tx) : false;
      if (people + (replaces ? 0 : 1) > max) throw limitError('users', max);
    },

    /**
     * Whether the account's plan allows a feature (the API keys of another branch call this with
     * 'api'); always with billing off.
     */
    async planAllows(accountId: string, feature: PlanFeature, tx: Db = db): Promise<boolean> {
      const { plan, state } = await current(accountId, tx);
      if (!REGISTERING_STATES.includes(state)) return false;
      return planAllowsFeature(plan, feature);
    },

    /**
     * Before an API key of the establishment is made or used (decision 068): the account's plan
     * must include the API (spec §9: Professional and Enterprise), and the account must not be
     * suspended. Nothing is refused with billing off.
     */
    async checkApiAccess(establishmentId: string, tx: Db = db) {
      if (!enabled) return;
      const accountId = await billing.accountOf(establishmentId, tx);
      if (!accountId) return;
      const { plan, state } = await current(accountId, tx);
      refuseUnlessRegistering(state);
      if (!planAllowsFeature(plan, 'api')) throw limitError('api', 0);
    },

    /** Stripe's checkout for a plan: where to send the browser. */
    async checkout(actor: Actor, input: CheckoutInput): Promise<{ url: string }> {
      if (!stripe) throw new AppError('BILLING_DISABLED');
      const returnUrl = `${deps.appUrl}/billing?checkout=success&plan=${input.plan}`;
      const row = await rowOf(actor.id);
      // Already subscribed: the plan is changed on that subscription (Stripe's portal confirms
      // it, prorated), never a second subscription billed beside the first.
      if (row.stripeSubscriptionId && row.stripeCustomerId && row.state !== 'cancelled') {
        const subscriptionId = row.stripeSubscriptionId;
        const customerId = row.stripeCustomerId;
        return callStripe('plan change', async () => {
          const subscription = await stripe.subscriptions.retrieve(subscriptionId);
          const item = subscription.items.data[0];
          if (!item) throw new Error('subscription without items');
          const price = await priceId(input.plan, input.interval);
          const session = await stripe.billingPortal.sessions.create({
            customer: customerId,
            return_url: `${deps.appUrl}/billing`,
            flow_data: {
              type: 'subscription_update_confirm',
              subscription_update_confirm: {
                subscription: subscriptionId,
                items: [{ id: item.id, price, quantity: 1 }],
              },
              after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
            },
          });
          return { url: session.url };
        });
      }
      return callStripe('checkout', async () => {
        const customer = await customerOf(actor.id);
        const price = await priceId(input.plan, input.interval);
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: actor.id,
          line_items: [{ price, quantity: 1 }],
          // A filter on what Stripe finds eligible: bank transfer (customer_balance) only where
          // Stripe offers it.
          allowed_payment_method_types: deps.paymentMethodTypes,
          subscription_data: { metadata: { accountId: actor.id, plan: input.plan } },
          metadata: { accountId: actor.id, plan: input.plan },
          success_url: returnUrl,
          cancel_url: `${deps.appUrl}/billing?checkout=cancelled`,
        });
        if (!session.url) throw new Error('checkout session without a url');
        return { url: session.url };
      });
    },

    /** Stripe's billing portal (payment methods, invoices, cancellation). */
    async portal(actor: Actor): Promise<{ url: string }> {
      if (!stripe) throw new AppError('BILLING_DISABLED');
      const row = await rowOf(actor.id);
      if (!row.stripeCustomerId) throw new AppError('BILLING_NO_CUSTOMER');
      return callStripe('billing portal', async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: row.stripeCustomerId!,
          return_url: `${deps.appUrl}/billing`,
        });
        return { url: session.url };
      });
    },

    /**
     * POST /api/billing/webhook: the signature checked with the SDK, the event stored once by its
     * id and processed by a job; a replay is answered as received and changes nothing.
     */
    async receiveWebhook(raw: Buffer, signature: string | undefined) {
      if (!stripe || !deps.webhookSecret) throw new AppError('BILLING_DISABLED');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature ?? '', deps.webhookSecret);
      } catch (err) {
        log.warn({ err }, 'a Stripe webhook with a bad signature was refused');
        throw new AppError('BILLING_WEBHOOK_INVALID');
      }
      const stored = await billing.storeEvent({
        id: event.id,
        type: event.type,
        payload: event,
      });
      if (stored) await deps.jobs.send(BILLING_EVENT_JOB, { eventId: event.id });
      return { received: true, duplicate: !stored };
    },

    /** The job: one stored event, processed once (a second run finds it processed). */
    async processStoredEvent(eventId: string) {
      await db.transaction(async (tx) => {
        const row = await billing.takeEvent(eventId, tx);
        if (!row) return;
        await processEvent(row.payload as Stripe.Event, tx);
        await billing.markProcessed(eventId, now(), tx);
      });
    },

    /**
     * The trials' job: a reminder 3 days and 1 day before a trial without a payment method ends,
     * then its suspension. Answers what it did.
     */
    async checkTrials() {
      const result = { reminded: 0, suspended: 0 };
      if (!enabled) return result;
      const at = now();
      const horizon = new Date(at.getTime() + Math.max(...TRIAL_REMINDER_DAYS) * DAY_MS);
      for (const row of await billing.trialsEndingBy(horizon)) {
        const end = row.trialEndsAt!;
        if (end.getTime() <= at.getTime()) {
          await billing.update(row.accountId, { state: 'suspended' });
          result.suspended++;
          continue;
        }
        const daysLeft = (end.getTime() - at.getTime()) / DAY_MS;
        const due = [...TRIAL_REMINDER_DAYS].sort((a, b) => a - b).find((days) => daysLeft <= days);
        if (due === undefined) continue;
        if (row.trialRemindedDays !== null && row.trialRemindedDays <= due) continue;
        const user = await billing.user(row.accountId);
        if (!user) continue;
        const lng: Language = isLanguage(user.language) ? user.language : 'es';
        await deps.mailer.send(
          trialEndingMail(lng, user.email, {
            name: user.name,
            days: due,
            end,
            url: `${deps.appUrl}/billing`,
          }),
        );
        await billing.update(row.accountId, { trialRemindedDays: due });
        result.reminded++;
      }
      return result;
    },

    /**
     * The plans' storage days (decision 070): photos of identity documents (front, back) older
     * than the account's plan keeps are deleted, each traveler's history told; the register
     * itself (the record, its signature) is kept its 3 years whatever the plan. Answers how many.
     */
    async purgeExpiredCopies(batch = 500): Promise<number> {
      if (!enabled) return 0;
      const limited = PLAN_KEYS.filter((key) => PLANS[key].limits.storageDays !== null);
      let deleted = 0;
      const system: AuditContext = { actorId: null, requestId: null, ip: null };
      for (const { accountId, plan } of await billing.accountsOnPlans(limited)) {
        const days = PLANS[plan].limits.storageDays!;
        const before = new Date(now().getTime() - days * DAY_MS);
        for (;;) {
          const removed = await db.transaction(async (tx) => {
            const gone = await billing.deletePhotosBefore(accountId, before, batch, tx);
            const byEstablishment = new Map<string, typeof gone>();
            for (const photo of gone)
              byEstablishment.set(photo.establishmentId, [
                ...(byEstablishment.get(photo.establishmentId) ?? []),
                photo,
              ]);
            for (const [establishmentId, photos] of byEstablishment)
              await deps.audit.record(
                system,
                documentsDeletedEntries(photos, establishmentId).map((entry) => ({
                  ...entry,
                  details: { ...entry.details, reason: 'planStorage', storageDays: days },
                })),
                tx,
              );
            return gone.length;
          });
          deleted += removed;
          if (removed < batch) break;
        }
      }
      return deleted;
    },

    /** The admin's list of accounts, with plan, state, usage and payments. */
    async adminList(query: { page: number; limit: number }) {
      const { rows, total } = await billing.accounts(query.page, query.limit);
      const payments = await billing.paymentsOf(rows.map((r) => r.id));
      const data: AdminBillingAccount[] = [];
      for (const row of rows) {
        data.push({
          accountId: row.id,
          email: row.email,
          name: row.name,
          billing: await summaryOf(row.id),
          payments: payments
            .filter((p) => p.accountId === row.id)
            .slice(0, 12)
            .map((p) => ({
              id: p.id,
              amountCents: p.amountCents,
              currency: p.currency,
              status: p.status,
              at: p.at.toISOString(),
              invoiceUrl: p.invoiceUrl,
            })),
        });
      }
      return {
        data,
        pagination: {
          total,
          page: query.page,
          limit: query.limit,
          totalPages: Math.ceil(total / query.limit),
        },
      };
    },

    /** A platform admin gives an account a plan by hand (Enterprise, a custom arrangement). */
    async grant(actor: Actor, accountId: string, input: GrantPlanInput, context: AuditContext) {
      if (!enabled) throw new AppError('BILLING_DISABLED');
      if (!(await billing.user(accountId))) throw new AppError('USER_NOT_FOUND');
      await db.transaction(async (tx) => {
        await rowOf(accountId, tx);
        await billing.update(
          accountId,
          { plan: input.plan, state: input.state, grantedBy: actor.id, trialEndsAt: null },
          tx,
        );
        await deps.audit.record(
          context,
          {
            action: 'billing.plan_granted',
            entityType: 'user',
            entityId: accountId,
            establishmentId: null,
            details: { plan: input.plan, state: input.state },
          },
          tx,
        );
      });
      return summaryOf(accountId);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

/** The webhook events' job and the trials' scheduled job (every `everySeconds`; 0: not here). */
export async function scheduleBilling(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  service: Pick<BillingService, 'processStoredEvent' | 'checkTrials' | 'purgeExpiredCopies'>,
  everySeconds: number,
) {
  await jobs.work<{ eventId: string }>(
    BILLING_EVENT_JOB,
    async ({ eventId }) => service.processStoredEvent(eventId),
    // Looked for every second: a customer back from the checkout waits for its plan.
    { retryLimit: 5, retryDelaySeconds: 30, pollingIntervalSeconds: 1 },
  );
  if (everySeconds <= 0) return;
  await jobs.work(
    BILLING_TRIALS_JOB,
    async () => {
      await service.checkTrials();
      await service.purgeExpiredCopies();
    },
    { retryLimit: 1, retryDelaySeconds: 60 },
  );
  await jobs.schedule(BILLING_TRIALS_JOB, { everySeconds, atStart: true });
}
