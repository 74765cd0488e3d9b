import { useTranslation } from 'react-i18next';
import { UsersAdmin } from '@/features/admin/components/users-admin';
import { PageHeader } from '../page-header';
import { PageTitle } from '../page-title';

export function AdminUsersRoute() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle page={t('users.title')} />
      <PageHeader title={t('users.title')} intro={t('users.intro')} />
      <UsersAdmin />
    </>
  );
}

export default AdminUsersRoute;
