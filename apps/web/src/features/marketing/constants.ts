/**
 * The business constants of spec §9 that the public pages state. The texts interpolate them
 * (`{{days}}`, `{{price}}`…), so a change here changes every page and language at once.
 */

/** "From 1.49 EUR per month, depending on rooms and beds": the starting monthly price, in cents. */
export const BASE_MONTHLY_PRICE_CENTS = 149;
export const CURRENCY = 'EUR';
/** Annual billing takes this percentage off the monthly price. */
export const ANNUAL_DISCOUNT_PERCENT = 25;
/** The free trial, with every Professional feature. */
export const TRIAL_DAYS = 14;
/** Refunds may be asked for within this many days of a payment. */
export const REFUND_WINDOW_DAYS = 14;
/** Liability is capped at the fees of this many previous months. */
export const LIABILITY_CAP_MONTHS = 12;
/** The traveler register is kept this many years (RD 933/2021; the purge deletes by it). */
export { REGISTER_RETENTION_YEARS } from '@hospes/shared/retention';
/** Document scanning covers passports and ID cards from more than this many countries. */
export const SCAN_COUNTRIES = 150;
