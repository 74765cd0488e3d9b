import { useTranslation } from 'react-i18next';
import { ClientsEmptyState } from '@/features/clients/components/clients-empty';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

export function ClientsRoute() {
  const { t } = useTranslation('clients');
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 nav:px-6">
      <PageTitle page={t('title')} />
      <PageHeader title={t('title')} intro={t('intro')} />
      <ClientsEmptyState />
    </div>
  );
}

export default ClientsRoute;
