import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TextLink } from '@/components/ui/text-link';
import { links } from '@/config/paths';
import { useEstablishment } from '@/features/establishment/api/get-establishment';
import { EditEstablishmentForm } from '@/features/admin/components/edit-establishment-form';
import { PageHeader } from '../page-header';
import { PageTitle } from '../page-title';
import { LoadState } from './load-state';

export function AdminEstablishmentEditRoute() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const establishment = useEstablishment(id);
  if (!establishment.data) {
    return (
      <LoadState
        isPending={establishment.isPending}
        error={establishment.error}
        title={t('edit.title')}
        notFound={t('view.notFound')}
      />
    );
  }
  const e = establishment.data;
  return (
    <div className="max-w-4xl">
      <PageTitle page={t('edit.pageTitle', { name: e.name })} />
      <p className="mb-4">
        <TextLink to={links.adminEstablishmentView(e.id)}>
          {t('edit.back', { name: e.name })}
        </TextLink>
      </p>
      <PageHeader title={t('edit.title')} intro={e.name} />
      {/* A new form per establishment (and per saved version), so its defaults are the loaded values. */}
      <EditEstablishmentForm key={`${e.id}-${e.updatedAt}`} establishment={e} />
    </div>
  );
}

export default AdminEstablishmentEditRoute;
