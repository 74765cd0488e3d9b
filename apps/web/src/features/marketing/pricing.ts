import { ANNUAL_DISCOUNT_PERCENT, BASE_MONTHLY_PRICE_CENTS, CURRENCY } from './constants';
import { bcp47Of } from '@hospes/shared/languages';

export type BillingPeriod = 'monthly' | 'annual';

export interface PriceQuote {
  period: BillingPeriod;
  /** What is charged each period, in cents (a month, or a whole year). */
  chargeCents: number;
  /** Twelve months at this billing, in cents. */
  yearlyCents: number;
  /** The average per month, in cents (may have a fraction for annual billing). */
  perMonthCents: number;
  /** Saved in a year against monthly billing, in cents (0 for monthly billing). */
  yearlySavingCents: number;
}

/**
 * The price of a monthly amount under each billing period, in whole cents so that nothing is
 * lost to floating point: annual = 12 months less ANNUAL_DISCOUNT_PERCENT, rounded to the cent.
 * At the starting price: monthly 1.49 (17.88 a year); annual 13.41 a year (≈ 1.12 a month).
 */
export function quote(
  period: BillingPeriod,
  monthlyCents: number = BASE_MONTHLY_PRICE_CENTS,
  discountPercent: number = ANNUAL_DISCOUNT_PERCENT,
): PriceQuote {
  const fullYear = monthlyCents * 12;
  if (period === 'monthly') {
    return {
      period,
      chargeCents: monthlyCents,
      yearlyCents: fullYear,
      perMonthCents: monthlyCents,
      yearlySavingCents: 0,
    };
  }
  const yearly = Math.round((fullYear * (100 - discountPercent)) / 100);
  return {
    period,
    chargeCents: yearly,
    yearlyCents: yearly,
    perMonthCents: yearly / 12,
    yearlySavingCents: fullYear - yearly,
  };
}

/** A price in the interface language, e.g. "1,49 €" (es) or "€1.49" (en). */
export function formatPrice(cents: number, language: string, currency: string = CURRENCY): string {
  return new Intl.NumberFormat(bcp47Of(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
