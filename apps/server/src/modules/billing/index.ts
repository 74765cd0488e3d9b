/**
 * Plans, trial and billing (decision 070), as the other modules see them: the service (its
 * checks, which app.ts hands to the services that register travelers, add establishments and
 * invite people; `planAllows(account, 'api')` for API keys) and Stripe's client.
 */
export type { BillingService } from './billing.service';
export { createStripeClient } from './stripe-client';
