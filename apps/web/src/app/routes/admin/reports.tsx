import { useTranslation } from 'react-i18next';
import { ReportsAdmin } from '@/features/admin/components/reports-admin';
import { PageHeader } from '../page-header';
import { PageTitle } from '../page-title';

export function AdminReportsRoute() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle page={t('reports.title')} />
      <PageHeader title={t('reports.title')} intro={t('reports.intro')} />
      <ReportsAdmin />
    </>
  );
}

export default AdminReportsRoute;
