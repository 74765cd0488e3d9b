import { useTranslation } from 'react-i18next';
import { SettingsAdmin } from '@/features/admin/components/settings-admin';
import { PageHeader } from '../page-header';
import { PageTitle } from '../page-title';

export function AdminSettingsRoute() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle page={t('settings.title')} />
      <PageHeader title={t('settings.title')} intro={t('settings.intro')} />
      <SettingsAdmin />
    </>
  );
}

export default AdminSettingsRoute;
