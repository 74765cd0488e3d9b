/**
 * The business constants of spec §9 that the public pages state. The texts interpolate them
 * (`{{days}}`, `{{price}}`…), so a change here changes every page and language at once.
 */

/**
 * The prices, the annual discount and the trial are the plans' data (packages/shared/src/billing.ts,
 * decision 070), which the server charges and enforces: the pricing page shows the same.
 */
export {
  ANNUAL_DISCOUNT_PERCENT,
  BASE_MONTHLY_PRICE_CENTS,
  CURRENCY,
  TRIAL_DAYS,
} from '@hospes/shared/billing';
/** Refunds may be asked for within this many days of a payment. */
export const REFUND_WINDOW_DAYS = 14;
/** Liability is capped at the fees of this many previous months. */
export const LIABILITY_CAP_MONTHS = 12;
/** The traveler register is kept this many years (RD 933/2021; the purge deletes by it). */
export { REGISTER_RETENTION_YEARS } from '@hospes/shared/retention';
/** Document scanning covers passports and ID cards from more than this many countries. */
export const SCAN_COUNTRIES = 150;
