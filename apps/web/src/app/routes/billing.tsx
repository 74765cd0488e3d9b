import { useTranslation } from 'react-i18next';
import { BillingPage } from '@/features/billing/components/billing-page';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

/** /billing: the owner's plan, usage this month, plans to choose and Stripe's portal (070). */
export function BillingRoute() {
  const { t } = useTranslation('billing');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={t('title')} />
      <PageHeader title={t('title')} intro={t('intro')} />
      <BillingPage />
    </div>
  );
}

export default BillingRoute;
