import { useTranslation } from 'react-i18next';
import type { BillingSummary } from '@hospes/shared/billing';
import { cn } from '@/components/ui/cn';

const ROWS = [
  { key: 'registrations', used: 'registrationsThisMonth', max: 'registrationsPerMonth' },
  { key: 'establishments', used: 'establishments', max: 'establishments' },
  { key: 'users', used: 'users', max: 'users' },
] as const;

/** "17 of 20 registrations this month", establishments, users: each with a bar when limited. */
export function UsageList({ summary }: { summary: BillingSummary }) {
  const { t } = useTranslation('billing');
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {ROWS.map((row) => {
        const used = summary.usage[row.used];
        const max = summary.limits[row.max];
        const full = max !== null && used >= max;
        return (
          <div key={row.key} className="rounded-xl border border-line p-4">
            <dt className="text-sm text-muted">{t(`usage.${row.key}`)}</dt>
            <dd className={cn('mt-1 text-lg font-semibold', full ? 'text-danger' : 'text-fg')}>
              {max === null ? t('usage.unlimited', { used }) : t('usage.ofLimit', { used, max })}
            </dd>
            {max !== null && (
              <div
                aria-hidden="true"
                className="mt-2 h-2 overflow-hidden rounded-full bg-surface-muted"
              >
                <div
                  className={cn('h-full rounded-full', full ? 'bg-danger' : 'bg-primary')}
                  style={{
                    width: `${Math.min(100, Math.round((used / Math.max(max, 1)) * 100))}%`,
                  }}
                />
              </div>
            )}
          </div>
        );
      })}
    </dl>
  );
}
