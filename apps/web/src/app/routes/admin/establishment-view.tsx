import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { links, paths } from '@/config/paths';
import { useEstablishment } from '@/features/establishment/api/get-establishment';
import { EstablishmentDetail } from '@/features/admin/components/establishment-detail';
import { PageHeader } from '../page-header';
import { PageTitle } from '../page-title';
import { LoadState } from './load-state';

export function AdminEstablishmentViewRoute() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const establishment = useEstablishment(id);
  if (!establishment.data) {
    return (
      <LoadState
        isPending={establishment.isPending}
        error={establishment.error}
        title={t('view.title')}
        notFound={t('view.notFound')}
      />
    );
  }
  const e = establishment.data;
  return (
    <>
      <PageTitle page={e.name} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <TextLink to={paths.admin}>{t('actions.backToAdmin')}</TextLink>
        <ButtonLink to={links.adminEstablishmentEdit(e.id)} variant="secondary">
          {t('actions.edit')}
        </ButtonLink>
      </div>
      <PageHeader title={e.name} intro={t(`types.${e.type}`)} />
      <EstablishmentDetail establishment={e} />
    </>
  );
}

export default AdminEstablishmentViewRoute;
