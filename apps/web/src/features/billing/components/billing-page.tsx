import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  ANNUAL_DISCOUNT_PERCENT,
  BILLING_INTERVALS,
  CHECKOUT_PLANS,
  PLANS,
  chargeCents,
  type BillingInterval,
  type BillingSummary,
} from '@hospes/shared/billing';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/lib/i18n';
import { useBilling } from '../api/get-billing';
import { useCheckout, usePortal } from '../api/billing-redirects';
import { formatCents, formatDay } from '../format';
import { UsageList } from './usage-list';

/** The plan's state and its date: the trial's end, the renewal, the end after a cancellation. */
function PlanState({ summary }: { summary: BillingSummary }) {
  const { t } = useTranslation('billing');
  const lng = currentLanguage();
  const tone =
    summary.state === 'active' || summary.state === 'trialing'
      ? 'bg-success-soft'
      : 'bg-danger-soft';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h2 className="text-2xl font-bold text-fg">{t(`plans.${summary.plan}`)}</h2>
      <span className={cn('rounded-full px-3 py-1 text-sm font-semibold text-fg', tone)}>
        {t(`states.${summary.state}`)}
      </span>
      <p className="w-full text-muted">
        {summary.state === 'trialing' && summary.trialEndsAt
          ? t('trialEnds', { date: formatDay(summary.trialEndsAt, lng) })
          : summary.currentPeriodEnd
            ? summary.cancelAtPeriodEnd
              ? t('endsOn', { date: formatDay(summary.currentPeriodEnd, lng) })
              : t('renewsOn', { date: formatDay(summary.currentPeriodEnd, lng) })
            : null}
      </p>
    </div>
  );
}

/** Monthly or annual: a radio group. */
function IntervalChoice({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
}) {
  const { t } = useTranslation('billing');
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-fg">{t('interval')}</legend>
      <div className="flex flex-wrap gap-2">
        {BILLING_INTERVALS.map((interval) => (
          <label
            key={interval}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-4 py-2 font-semibold',
              value === interval ? 'border-primary bg-info-soft' : 'border-control',
            )}
          >
            <input
              type="radio"
              name={name}
              value={interval}
              checked={value === interval}
              onChange={() => onChange(interval)}
            />
            {interval === 'annual'
              ? t('annual', { discount: ANNUAL_DISCOUNT_PERCENT })
              : t('monthly')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Basic and Professional through Stripe's checkout; Enterprise through sales. */
function PlanChoice({ summary }: { summary: BillingSummary }) {
  const { t } = useTranslation('billing');
  const lng = currentLanguage();
  const [interval, setInterval] = useState<BillingInterval>(summary.interval ?? 'monthly');
  const checkout = useCheckout();
  const subscribed = summary.state === 'active' || summary.state === 'past_due';
  return (
    <section aria-labelledby="billing-choose" className="space-y-4">
      <h2 id="billing-choose" className="text-xl font-bold text-fg">
        {t('choose')}
      </h2>
      <IntervalChoice value={interval} onChange={setInterval} />
      {checkout.error && <FormAlert>{checkout.error.message}</FormAlert>}
      <ul className="grid gap-4 md:grid-cols-3">
        {CHECKOUT_PLANS.map((plan) => {
          const limits = PLANS[plan].limits;
          const monthly = PLANS[plan].monthlyCents;
          const cents = monthly === null ? null : chargeCents(monthly, interval);
          const current = subscribed && summary.plan === plan && summary.interval === interval;
          return (
            <li key={plan} className="flex flex-col rounded-2xl border border-line bg-surface p-5">
              <h3 className="text-lg font-bold text-fg">{t(`plans.${plan}`)}</h3>
              {cents === null ? (
                <p className="mt-1 text-fg">{t('byQuote')}</p>
              ) : (
                <p className="mt-1 text-2xl font-bold text-fg">
                  {interval === 'monthly'
                    ? t('perMonth', { price: formatCents(cents, lng) })
                    : t('perYear', { price: formatCents(cents, lng) })}
                </p>
              )}
              <ul className="mt-3 flex-1 space-y-1 text-sm text-fg">
                <li>{t('limit.registrations', { max: limits.registrationsPerMonth })}</li>
                <li>{t('limit.establishments', { max: limits.establishments })}</li>
                <li>{t('limit.users', { max: limits.users })}</li>
                <li>{t('limit.storage', { days: limits.storageDays })}</li>
              </ul>
              <Button
                className="mt-4"
                variant={plan === 'professional' ? 'primary' : 'secondary'}
                disabled={current || checkout.isPending}
                onClick={() => checkout.mutate({ plan, interval })}
              >
                {current ? t('currentPlan') : t('subscribe', { plan: t(`plans.${plan}`) })}
              </Button>
            </li>
          );
        })}
        <li className="flex flex-col rounded-2xl border border-dashed border-control bg-surface p-5">
          <h3 className="text-lg font-bold text-fg">{t('plans.enterprise')}</h3>
          <p className="mt-2 flex-1 text-sm text-fg">{t('enterprise')}</p>
          <ButtonLink className="mt-4" variant="secondary" to={`${paths.contact}?type=sales`}>
            {t('contactSales')}
          </ButtonLink>
        </li>
      </ul>
      <p className="text-sm text-muted">{t('methods')}</p>
    </section>
  );
}

/**
 * The owner's billing page (decision 070): plan and state, this month's usage, the plans to
 * choose (Stripe's checkout) and Stripe's portal to manage payments, invoices and cancellation.
 */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const returned = params.get('checkout');
  // Back from the checkout, asked again until Stripe's webhook has made the chosen plan active.
  const chosen = params.get('plan');
  const applied = (data: BillingSummary | undefined) =>
    data?.state === 'active' && (!chosen || data.plan === chosen);
  const billing = useBilling({
    refetchInterval: (data) => (returned === 'success' && !applied(data) ? 2000 : false),
  });
  const portal = usePortal();
  const waiting = returned === 'success' && !applied(billing.data);
  if (billing.isPending) return <Spinner />;
  if (billing.isError) return <FormAlert>{billing.error.message}</FormAlert>;
  const summary = billing.data;
  if (!summary.enabled) return <FormAlert tone="info">{t('off')}</FormAlert>;
  return (
    <div className="space-y-8">
      {returned === 'success' && (
        <FormAlert tone="success">{waiting ? t('activating') : t('thanks')}</FormAlert>
      )}
      {returned === 'cancelled' && <FormAlert tone="info">{t('checkoutCancelled')}</FormAlert>}
      <Card className="space-y-6">
        <PlanState summary={summary} />
        <section aria-labelledby="billing-usage">
          <h2 id="billing-usage" className="mb-3 text-lg font-semibold text-fg">
            {t('usage.title')}
          </h2>
          <UsageList summary={summary} />
        </section>
        {summary.hasPaymentMethod && (
          <div>
            {portal.error && <FormAlert className="mb-2">{portal.error.message}</FormAlert>}
            <Button variant="secondary" disabled={portal.isPending} onClick={() => portal.mutate()}>
              {t('manage')}
            </Button>
          </div>
        )}
      </Card>
      {!summary.granted && <PlanChoice summary={summary} />}
    </div>
  );
}
