import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { BillingSummary } from '@hospes/shared/billing';
import { paths } from '@/config/paths';
import { onPlanRefusal, type ApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { useBilling } from '../api/get-billing';
import { daysUntil, formatDay } from '../format';

/** What the banner says of the account's state, or null when there is nothing to say. */
function notice(
  summary: BillingSummary | undefined,
): 'pastDue' | 'suspended' | 'cancelled' | 'trialEnding' | null {
  if (!summary?.enabled || summary.usage.establishments === 0) return null;
  switch (summary.state) {
    case 'past_due':
      return 'pastDue';
    case 'suspended':
      return 'suspended';
    case 'cancelled':
      return 'cancelled';
    case 'trialing': {
      const left = daysUntil(summary.trialEndsAt);
      return left !== null && left <= 3 && !summary.hasPaymentMethod ? 'trialEnding' : null;
    }
    default:
      return null;
  }
}

/**
 * The account's banner (decision 070), for the owner of establishments: a trial ending within 3
 * days, a failed payment, a suspension; and, whatever the page, a refusal by the plan that just
 * came back from any call (its message and the way to upgrade).
 */
export function BillingBanner() {
  const { t } = useTranslation('billing');
  const lng = currentLanguage();
  const { pathname } = useLocation();
  const billing = useBilling();
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const refetch = billing.refetch;
  useEffect(
    () =>
      onPlanRefusal((error) => {
        setRefusal(error);
        void refetch();
      }),
    [refetch],
  );
  const kind = notice(billing.data);
  if (!kind && !refusal) return null;
  const onBillingPage = pathname === paths.billing;
  return (
    <div
      role={refusal ? 'alert' : 'status'}
      className="border-b border-danger bg-danger-soft px-4 py-3 text-fg nav:px-6"
      data-testid="billing-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2">
        <p className="flex-1">
          {refusal
            ? refusal.message
            : kind === 'trialEnding'
              ? t('banner.trialEnding', {
                  date: formatDay(billing.data?.trialEndsAt ?? null, lng),
                })
              : t(`banner.${kind}`)}
        </p>
        {!onBillingPage && (
          <Link
            to={paths.billing}
            onClick={() => setRefusal(null)}
            className="inline-flex min-h-11 items-center rounded-lg bg-primary px-4 py-2 font-semibold text-primary-fg"
          >
            {t('banner.action')}
          </Link>
        )}
        {refusal && (
          <button
            type="button"
            onClick={() => setRefusal(null)}
            className="min-h-11 rounded-lg px-3 py-2 font-semibold underline"
          >
            {t('banner.dismiss')}
          </button>
        )}
      </div>
    </div>
  );
}

export default BillingBanner;
