import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAN_KEYS, type AdminBillingAccount, type PlanKey } from '@hospes/shared/billing';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField } from '@/components/ui/fields';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage } from '@/lib/i18n';
import { useAdminBilling, useGrantPlan } from '../api/admin-billing';
import { formatCents, formatDay } from '../format';

/** One account: plan, state, usage, its last payments, and the plan given by hand. */
function AccountRow({ account }: { account: AdminBillingAccount }) {
  const { t } = useTranslation('billing');
  const lng = currentLanguage();
  const grant = useGrantPlan();
  const [plan, setPlan] = useState<PlanKey>(account.billing.plan);
  const { billing } = account;
  const max = billing.limits.registrationsPerMonth;
  return (
    <li className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-fg">
          {account.name} <span className="font-normal text-muted">{account.email}</span>
        </h3>
        <p className="text-sm text-fg">
          {t(`plans.${billing.plan}`)} · {t(`states.${billing.state}`)}
          {billing.granted && ` · ${t('admin.granted')}`}
        </p>
      </div>
      <p className="mt-1 text-sm text-muted">
        {t('usage.registrations')}:{' '}
        {max === null
          ? t('usage.unlimited', { used: billing.usage.registrationsThisMonth })
          : t('usage.ofLimit', {
              used: billing.usage.registrationsThisMonth,
              max,
            })}{' '}
        · {t('usage.establishments')}: {billing.usage.establishments} · {t('usage.users')}:{' '}
        {billing.usage.users}
      </p>
      {account.payments.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('admin.noPayments')}</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm text-fg" aria-label={t('admin.payments')}>
          {account.payments.map((p) => (
            <li key={p.id}>
              {formatDay(p.at, lng)} · {formatCents(p.amountCents, lng)} ·{' '}
              {t(`admin.paymentStatus.${p.status}`)}
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          grant.mutate({ accountId: account.accountId, input: { plan, state: 'active' } });
        }}
      >
        <SelectField
          label={t('admin.plan')}
          value={plan}
          onChange={(e) => setPlan(e.target.value as PlanKey)}
          options={PLAN_KEYS.map((key) => ({
            value: key,
            label: t(`plans.${key}`),
          }))}
        />
        <Button type="submit" variant="secondary" disabled={grant.isPending}>
          {t('admin.grant')}
        </Button>
      </form>
      {grant.error && <FormAlert className="mt-2">{grant.error.message}</FormAlert>}
      {grant.isSuccess && (
        <FormAlert tone="success" className="mt-2">
          {t('admin.grantedDone')}
        </FormAlert>
      )}
    </li>
  );
}

/** The admin's accounts (decision 070): plan, state, usage, payments; a plan given by hand. */
export function AdminBilling() {
  const { t } = useTranslation('billing');
  const [page, setPage] = useState(1);
  const list = useAdminBilling(page);
  if (list.isPending) return <Spinner />;
  if (list.isError) return <FormAlert>{list.error.message}</FormAlert>;
  const { data, pagination } = list.data;
  return (
    <div className="space-y-4">
      {data.length === 0 ? (
        <p className="text-muted">{t('admin.none')}</p>
      ) : (
        <ul className="space-y-3">
          {data.map((account) => (
            <AccountRow key={account.accountId} account={account} />
          ))}
        </ul>
      )}
      <Pager
        page={pagination.page}
        totalPages={pagination.totalPages}
        onPage={setPage}
        label={t('admin.title')}
        previous={t('admin.previous')}
        next={t('admin.next')}
        status={t('admin.page', { page: pagination.page, total: pagination.totalPages })}
      />
    </div>
  );
}
