import { bcp47Of } from '@hospes/shared/languages';
import { CURRENCY } from '@hospes/shared/billing';

/** A price in cents in the interface language ("1,49 €", "€1.49"). */
export function formatCents(cents: number, lng: string): string {
  return new Intl.NumberFormat(bcp47Of(lng), {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** A day of an ISO moment in the interface language. */
export function formatDay(iso: string | null, lng: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(bcp47Of(lng), { dateStyle: 'long' }).format(new Date(iso));
}

/** Whole days from now to an ISO moment (0 when it has passed). */
export function daysUntil(iso: string | null, now = Date.now()): number | null {
  if (!iso) return null;
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 86_400_000));
}
