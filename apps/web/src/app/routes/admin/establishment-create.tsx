import { useTranslation } from 'react-i18next';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { CreateEstablishmentWizard } from '@/features/admin/components/create-establishment-wizard';
import { PageHeader } from '../page-header';
import { PageTitle } from '../page-title';

export function AdminEstablishmentCreateRoute() {
  const { t } = useTranslation('admin');
  return (
    <div className="max-w-3xl">
      <PageTitle page={t('create.title')} />
      <p className="mb-4">
        <TextLink to={paths.admin}>{t('actions.backToAdmin')}</TextLink>
      </p>
      <PageHeader title={t('create.title')} intro={t('create.intro')} />
      <CreateEstablishmentWizard />
    </div>
  );
}

export default AdminEstablishmentCreateRoute;
