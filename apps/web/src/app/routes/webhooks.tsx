import { useTranslation } from 'react-i18next';
import { WebhooksPage } from '@/features/webhooks/components/webhooks-page';
import { EstablishmentPage } from './establishment-page';

/**
 * /webhooks (?establishmentId=): the webhook endpoints of an establishment the user manages
 * (decision 069); with several, a choice (the URL follows it). Its texts (`webhooks`) are a chunk
 * of their own, loaded with the page.
 */
export function WebhooksRoute() {
  const { t } = useTranslation('webhooks');
  return (
    <EstablishmentPage
      permission="establishment.manage"
      title={t('title')}
      intro={t('intro')}
      none={t('none')}
      choose={t('establishment')}
    >
      {(chosen) => (
        <WebhooksPage key={chosen.establishmentId} establishmentId={chosen.establishmentId} />
      )}
    </EstablishmentPage>
  );
}

export default WebhooksRoute;
