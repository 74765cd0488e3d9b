import { useTranslation } from 'react-i18next';
import { EstablishmentsAdmin } from '@/features/admin/components/establishments-admin';
import { PageHeader } from '../page-header';
import { PageTitle } from '../page-title';

export function AdminEstablishmentsRoute() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle page={t('establishments.title')} />
      <PageHeader title={t('establishments.title')} intro={t('establishments.intro')} />
      <EstablishmentsAdmin />
    </>
  );
}

export default AdminEstablishmentsRoute;
