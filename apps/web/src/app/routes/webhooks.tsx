import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SelectField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { WebhooksPage } from '@/features/webhooks/components/webhooks-page';
import { useAuth } from '@/lib/auth';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

/**
 * /webhooks (?establishmentId=): the webhook endpoints of an establishment the user manages
 * (decision 069); with several, a choice (the URL follows it). Its texts (`webhooks`) are a chunk
 * of their own, loaded with the page.
 */
export function WebhooksRoute() {
  const { t } = useTranslation('webhooks');
  const { memberships } = useAuth();
  const [params, setParams] = useSearchParams();
  const managed = memberships.filter((m) => m.permissions.includes('establishment.manage'));
  const chosen =
    managed.find((m) => m.establishmentId === params.get('establishmentId')) ?? managed[0];
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={t('title')} />
      <PageHeader title={t('title')} intro={t('intro')} />
      {!chosen ? (
        <FormAlert>{t('none')}</FormAlert>
      ) : (
        <div className="space-y-6">
          {managed.length > 1 && (
            <SelectField
              label={t('establishment')}
              value={chosen.establishmentId}
              options={managed.map((m) => ({
                value: m.establishmentId,
                label: m.establishmentName,
              }))}
              onChange={(e) => setParams({ establishmentId: e.target.value }, { replace: true })}
            />
          )}
          {managed.length === 1 && (
            <p className="font-semibold text-fg">{chosen.establishmentName}</p>
          )}
          <WebhooksPage key={chosen.establishmentId} establishmentId={chosen.establishmentId} />
        </div>
      )}
    </div>
  );
}

export default WebhooksRoute;
