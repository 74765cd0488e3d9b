import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/lib/i18n';
import {
  ANNUAL_DISCOUNT_PERCENT,
  REFUND_WINDOW_DAYS,
  REGISTER_RETENTION_YEARS,
  TRIAL_DAYS,
} from '../constants';
import { formatPrice, quote, type BillingPeriod } from '../pricing';
import { CheckList, FaqList, PageIntro, Section, SectionHeading } from './blocks';
import { BillingToggle } from './billing-toggle';
import { PageHead } from './page-head';
import { asList } from '../text';

type PlanKey = 'basic' | 'professional' | 'enterprise';
const PLANS: PlanKey[] = ['basic', 'professional', 'enterprise'];
const SALES = `${paths.contact}?type=sales`;

/** The starting price under the chosen billing period, computed from spec §9's constants. */
export function StartingPrice({ period }: { period: BillingPeriod }) {
  const { t } = useTranslation('marketing');
  const lng = currentLanguage();
  const price = quote(period);
  const monthly = quote('monthly');
  const fmt = (cents: number) => formatPrice(cents, lng);
  return (
    <div
      aria-live="polite"
      className="rounded-2xl border border-line bg-surface p-6 shadow-sm"
      data-testid="starting-price"
    >
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">
        {t('pricing.from.label')}
      </p>
      <p className="mt-1 text-3xl font-bold text-fg">
        {period === 'monthly'
          ? t('pricing.from.perMonth', { price: fmt(price.chargeCents) })
          : t('pricing.from.perYear', { price: fmt(price.chargeCents) })}
      </p>
      <p className="mt-2 text-fg">
        {period === 'monthly'
          ? t('pricing.from.monthlyNote', { yearly: fmt(price.yearlyCents) })
          : t('pricing.from.annualNote', {
              monthly: fmt(price.perMonthCents),
              saving: fmt(monthly.yearlyCents - price.yearlyCents),
              discount: ANNUAL_DISCOUNT_PERCENT,
            })}
      </p>
      <p className="mt-2 text-sm text-muted">{t('pricing.from.depends')}</p>
    </div>
  );
}

function PlanPrice({ plan, period }: { plan: PlanKey; period: BillingPeriod }) {
  const { t } = useTranslation('marketing');
  if (plan === 'basic') {
    const price = quote(period);
    return (
      <p className="text-fg">
        <span className="text-2xl font-bold">
          {t('pricing.plans.fromPrice', {
            price: formatPrice(price.chargeCents, currentLanguage()),
          })}
        </span>{' '}
        <span className="text-muted">
          {period === 'monthly'
            ? t('pricing.plans.perMonthShort')
            : t('pricing.plans.perYearShort')}
        </span>
      </p>
    );
  }
  return (
    <p className="text-lg font-semibold text-fg">
      {plan === 'professional' ? t('pricing.plans.quote') : t('pricing.plans.tailored')}
    </p>
  );
}

/** Pricing (spec §2, §9): billing toggle, the three plans, the custom plan, what is included, FAQ. */
export function PricingPage() {
  const { t } = useTranslation('marketing');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const lng = currentLanguage();
  const monthly = quote('monthly');
  const annual = quote('annual');
  const faqValues = {
    price: formatPrice(monthly.chargeCents, lng),
    monthly: formatPrice(annual.perMonthCents, lng),
    yearly: formatPrice(annual.chargeCents, lng),
    discount: ANNUAL_DISCOUNT_PERCENT,
    days: TRIAL_DAYS,
    refundDays: REFUND_WINDOW_DAYS,
    years: REGISTER_RETENTION_YEARS,
  };

  return (
    <>
      <PageHead
        page="pricing"
        title={t('meta.pricing.title')}
        description={t('meta.pricing.description', {
          price: formatPrice(monthly.chargeCents, lng),
          discount: ANNUAL_DISCOUNT_PERCENT,
          days: TRIAL_DAYS,
        })}
      />
      <PageIntro title={t('pricing.title')} intro={t('pricing.intro')} />

      <Section labelledBy="pricing-plans">
        <div className="mb-8 grid items-end gap-6 md:grid-cols-2">
          <BillingToggle value={period} onChange={setPeriod} />
          <StartingPrice period={period} />
        </div>

        <SectionHeading id="pricing-plans" title={t('pricing.plans.title')} />
        <ul className="grid gap-4 lg:grid-cols-3">
          {PLANS.map((plan) => {
            const featured = plan === 'professional';
            return (
              <li
                key={plan}
                className={cn(
                  'flex flex-col rounded-2xl border bg-surface p-6 shadow-sm',
                  featured ? 'border-2 border-primary' : 'border-line',
                )}
              >
                <h3 className="text-xl font-bold text-fg">{t(`pricing.plans.${plan}.name`)}</h3>
                <p className="mt-1 text-muted">{t(`pricing.plans.${plan}.for`)}</p>
                {featured && (
                  <p className="mt-3 self-start rounded-full bg-info-soft px-3 py-1 text-sm font-semibold text-fg">
                    {t('pricing.plans.popular')}
                  </p>
                )}
                <div className="mt-4">
                  <PlanPrice plan={plan} period={period} />
                </div>
                <CheckList
                  className="mt-4 flex-1"
                  items={asList<string>(
                    t(`pricing.plans.${plan}.features`, { returnObjects: true }),
                  )}
                />
                <div className="mt-6 flex flex-col gap-2">
                  {plan === 'enterprise' ? (
                    <ButtonLink to={SALES}>{t('pricing.plans.contactSales')}</ButtonLink>
                  ) : (
                    <>
                      <ButtonLink to={paths.register} variant={featured ? 'primary' : 'secondary'}>
                        {t('pricing.plans.startTrial')}
                      </ButtonLink>
                      {featured && (
                        <ButtonLink to={SALES} variant="ghost">
                          {t('pricing.plans.askQuote')}
                        </ButtonLink>
                      )}
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>

        <div className="mt-4 flex flex-col gap-4 rounded-2xl border border-dashed border-control bg-surface p-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h3 className="text-xl font-bold text-fg">{t('pricing.plans.custom.name')}</h3>
            <p className="mt-1 max-w-2xl text-muted">{t('pricing.plans.custom.text')}</p>
          </div>
          <ButtonLink to={SALES} variant="secondary" className="shrink-0">
            {t('pricing.plans.askCustom')}
          </ButtonLink>
        </div>
      </Section>

      <Section labelledBy="pricing-included" tone="accent">
        <SectionHeading id="pricing-included" title={t('pricing.included.title')} />
        <CheckList
          className="grid gap-x-8 sm:grid-cols-2"
          items={asList<string>(
            t('pricing.included.items', { returnObjects: true, days: TRIAL_DAYS }),
          )}
        />
      </Section>

      <Section labelledBy="pricing-faq">
        <SectionHeading id="pricing-faq" title={t('pricing.faq.title')} />
        <FaqList
          items={asList<{ q: string; a: string }>(
            t('faq.pricing', { returnObjects: true, ...faqValues }),
          )}
        />
      </Section>
    </>
  );
}
