import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useTraveler } from '@/features/traveler/api/get-traveler';
import { TravelerDetail } from '@/features/admin/components/traveler-detail';
import { fullName } from '@/features/admin/format';
import { PageHeader } from '../page-header';
import { PageTitle } from '../page-title';
import { LoadState } from './load-state';

export function AdminTravelerViewRoute() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const [deleting, setDeleting] = useState(false);
  const pilgrim = useTraveler(id, { enabled: !deleting });
  if (!pilgrim.data) {
    return (
      <LoadState
        isPending={pilgrim.isPending}
        error={pilgrim.error}
        title={t('pilgrim.title')}
        notFound={t('pilgrim.notFound')}
      />
    );
  }
  const p = pilgrim.data;
  const name = fullName(p);
  return (
    <>
      <PageTitle page={name} />
      <PageHeader
        title={name}
        intro={
          p.passportNumber
            ? `${t(`documentTypes.${p.documentType}`)} · ${p.passportNumber}`
            : t('clients:list.noDocument')
        }
      />
      <TravelerDetail pilgrim={p} onDeleting={setDeleting} />
    </>
  );
}

export default AdminTravelerViewRoute;
