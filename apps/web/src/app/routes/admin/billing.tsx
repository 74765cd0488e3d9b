import { useTranslation } from 'react-i18next';
import { AdminBilling } from '@/features/billing/components/admin-billing';
import { PageHeader } from '../page-header';
import { PageTitle } from '../page-title';

export function AdminBillingRoute() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle page={t('billing.title')} />
      <PageHeader title={t('billing.title')} intro={t('billing.intro')} />
      <AdminBilling />
    </>
  );
}

export default AdminBillingRoute;
