import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { ANNUAL_DISCOUNT_PERCENT } from '../constants';
import type { BillingPeriod } from '../pricing';

const PERIODS: BillingPeriod[] = ['monthly', 'annual'];

/** Monthly / annual: a radio group drawn as a segmented control (arrow keys move the choice). */
export function BillingToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  const { t } = useTranslation('marketing');
  const name = `billing-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-fg">{t('pricing.billing.legend')}</legend>
      <div className="inline-flex rounded-xl border border-control bg-surface p-1">
        {PERIODS.map((period) => {
          const checked = value === period;
          return (
            <label
              key={period}
              className={cn(
                'relative flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-4 py-2 font-semibold',
                'has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus',
                checked ? 'bg-primary text-primary-fg' : 'text-fg hover:bg-surface-muted',
              )}
            >
              <input
                type="radio"
                name={name}
                value={period}
                checked={checked}
                onChange={() => onChange(period)}
                className="sr-only"
              />
              {t(`pricing.billing.${period}`)}
              {period === 'annual' && (
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-bold',
                    checked ? 'bg-primary-fg text-primary' : 'bg-success-soft text-success',
                  )}
                >
                  {t('pricing.billing.save', { discount: ANNUAL_DISCOUNT_PERCENT })}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
