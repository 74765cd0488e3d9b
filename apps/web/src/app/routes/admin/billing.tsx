import { useTranslation } from 'react-i18next';
import { AdminBilling } from '@/features/billing/components/admin-billing';
import { PageHeader } from '../page-header';
import { PageTitle } from '../page-title';

export function AdminBillingRoute() {
  const { t } = useTranslation('billing');
  return (
    <>
      <PageTitle page={t('admin.title')} />
      <PageHeader title={t('admin.title')} intro={t('admin.intro')} />
      <AdminBilling />
    </>
  );
}

export default AdminBillingRoute;
