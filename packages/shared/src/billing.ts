import { IdSchema } from './common';
import { z } from './zod';

/**
 * Plans, prices, trial and subscriptions (spec §9, decision 070): one table of data that the
 * server enforces and the web's pricing and billing pages show.
 */

/** "From 1.49 EUR per month, depending on rooms and beds": Basic's monthly price, in cents. */
export const BASE_MONTHLY_PRICE_CENTS = 149;
export const CURRENCY = 'EUR';
/** Annual billing takes this percentage off twelve months. */
export const ANNUAL_DISCOUNT_PERCENT = 25;
/** The free trial from sign-up, with every Professional feature. */
export const TRIAL_DAYS = 14;
/** Reminders of the trial's end, this many days before it. */
export const TRIAL_REMINDER_DAYS = [3, 1] as const;

export const PLAN_KEYS = ['basic', 'professional', 'enterprise', 'self-hosted'] as const;
export const PlanKeySchema = z.enum(PLAN_KEYS);
export type PlanKey = z.infer<typeof PlanKeySchema>;
/** The plans a customer subscribes to through Stripe's checkout; Enterprise is granted by hand. */
export const CHECKOUT_PLANS = ['basic', 'professional'] as const;
export type CheckoutPlan = (typeof CHECKOUT_PLANS)[number];
/** The plans the pricing page shows. */
export const PUBLIC_PLANS = ['basic', 'professional', 'enterprise'] as const;

export const BILLING_INTERVALS = ['monthly', 'annual'] as const;
export const BillingIntervalSchema = z.enum(BILLING_INTERVALS);
export type BillingInterval = z.infer<typeof BillingIntervalSchema>;

export const SUBSCRIPTION_STATES = [
  'trialing',
  'active',
  'past_due',
  'cancelled',
  'suspended',
] as const;
export const SubscriptionStateSchema = z.enum(SUBSCRIPTION_STATES);
export type SubscriptionState = z.infer<typeof SubscriptionStateSchema>;

export type ScanningLevel = 'basic' | 'advanced';

/** What a plan allows; null: no limit. */
export interface PlanLimits {
  /** Travelers registered (desk, or a self check-in confirmed) in a calendar month. */
  registrationsPerMonth: number | null;
  /** Establishments the account owns. */
  establishments: number | null;
  /** People in the account's teams (members and pending invitations), the owner included. */
  users: number | null;
  /**
   * Days that copies (document photos, e-mailed PDFs) stay online; the legal register itself is
   * always kept its 3 years (decision 070).
   */
  storageDays: number | null;
  scanning: ScanningLevel;
  api: boolean;
}

export interface Plan {
  key: PlanKey;
  limits: PlanLimits;
  /**
   * The monthly price in cents, from which its Stripe prices are made when missing; null: by quote
   * (its Stripe prices are the operator's) or free (self-hosted).
   */
  monthlyCents: number | null;
}

export const PLANS: Record<PlanKey, Plan> = {
  basic: {
    key: 'basic',
    monthlyCents: BASE_MONTHLY_PRICE_CENTS,
    limits: {
      registrationsPerMonth: 20,
      establishments: 1,
      users: 2,
      storageDays: 30,
      scanning: 'basic',
      api: false,
    },
  },
  professional: {
    key: 'professional',
    // By quote (spec §9's pricing page): the operator makes its Stripe prices (lookup keys
    // hospes_professional_monthly and _annual); the checkout shows them (decision 070).
    monthlyCents: null,
    limits: {
      registrationsPerMonth: 100,
      establishments: 3,
      users: 5,
      storageDays: 90,
      scanning: 'advanced',
      api: true,
    },
  },
  enterprise: {
    key: 'enterprise',
    monthlyCents: null,
    limits: {
      registrationsPerMonth: null,
      establishments: null,
      users: null,
      storageDays: null,
      scanning: 'advanced',
      api: true,
    },
  },
  'self-hosted': {
    key: 'self-hosted',
    monthlyCents: null,
    limits: {
      registrationsPerMonth: null,
      establishments: null,
      users: null,
      storageDays: null,
      scanning: 'advanced',
      api: true,
    },
  },
};

/** The plan a trial gives. */
export const TRIAL_PLAN: PlanKey = 'professional';

/** The limits the server counts and refuses at (403 PLAN_LIMIT). */
export const LIMIT_NAMES = ['registrationsPerMonth', 'establishments', 'users'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];
/** What a plan may or may not do at all. */
export type PlanFeature = 'api' | 'advancedScanning';

export function planAllowsFeature(plan: PlanKey, feature: PlanFeature): boolean {
  const limits = PLANS[plan].limits;
  return feature === 'api' ? limits.api : limits.scanning === 'advanced';
}

/**
 * A monthly amount charged each interval, in whole cents: annual = twelve months less
 * ANNUAL_DISCOUNT_PERCENT, rounded to the cent (1.49 a month: 13.41 a year).
 */
export function chargeCents(monthlyCents: number, interval: BillingInterval): number {
  if (interval === 'monthly') return monthlyCents;
  return Math.round((monthlyCents * 12 * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100);
}

/** The Stripe price's lookup key of a plan and interval (created with it when missing). */
export const priceLookupKey = (plan: CheckoutPlan, interval: BillingInterval) =>
  `hospes_${plan}_${interval}`;

/** States in which the account may register travelers (past_due: while Stripe retries). */
export const REGISTERING_STATES: readonly SubscriptionState[] = ['trialing', 'active', 'past_due'];

const Usage = z.object({
  registrationsThisMonth: z.number().int(),
  establishments: z.number().int(),
  users: z.number().int(),
});

const Limits = z.object({
  registrationsPerMonth: z.number().int().nullable(),
  establishments: z.number().int().nullable(),
  users: z.number().int().nullable(),
  storageDays: z.number().int().nullable(),
  scanning: z.enum(['basic', 'advanced']),
  api: z.boolean(),
});

/** An account's subscription as its owner (and the admin) sees it. */
export const BillingSummarySchema = z.object({
  /** false: no STRIPE_SECRET_KEY, every account is on the unlimited self-hosted plan. */
  enabled: z.boolean(),
  plan: PlanKeySchema,
  state: SubscriptionStateSchema,
  interval: BillingIntervalSchema.nullable(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  hasPaymentMethod: z.boolean(),
  /** A platform admin gave this plan by hand: Stripe's events do not change it. */
  granted: z.boolean(),
  /** The calendar month the registrations are counted in (YYYY-MM, Spain's time). */
  period: z.string(),
  usage: Usage,
  limits: Limits,
});
export type BillingSummary = z.infer<typeof BillingSummarySchema>;
export const BillingSummaryResponseSchema = z.object({
  success: z.literal(true),
  data: BillingSummarySchema,
});

export const CheckoutInputSchema = z.object({
  plan: z.enum(CHECKOUT_PLANS),
  interval: BillingIntervalSchema,
});
export type CheckoutInput = z.infer<typeof CheckoutInputSchema>;
/** Where to send the browser: Stripe's checkout or billing portal. */
export const RedirectResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});

export const PaymentSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['paid', 'failed']),
  at: z.string(),
  invoiceUrl: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** The admin's list: each account (an establishment owner) with its plan, state and usage. */
export const AdminBillingAccountSchema = z.object({
  accountId: IdSchema,
  email: z.string(),
  name: z.string(),
  billing: BillingSummarySchema,
  payments: z.array(PaymentSchema),
});
export type AdminBillingAccount = z.infer<typeof AdminBillingAccountSchema>;
export const AdminBillingListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(AdminBillingAccountSchema),
  pagination: z.object({
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export const AdminBillingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A plan given by hand (Enterprise, a custom arrangement): active until changed. */
export const GrantPlanInputSchema = z.object({
  plan: PlanKeySchema,
  state: z.enum(['active', 'suspended']).default('active'),
});
export type GrantPlanInput = z.infer<typeof GrantPlanInputSchema>;
