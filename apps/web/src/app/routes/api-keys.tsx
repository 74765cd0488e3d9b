import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SelectField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink, textLinkClasses } from '@/components/ui/text-link';
import { API_BASE, links } from '@/config/paths';
import { ApiKeysPage } from '@/features/team/components/api-keys-page';
import { useAuth } from '@/lib/auth';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

/** The OpenAPI reference: which calls a key may make (`x-api-key-allowed`), with examples. */
const API_DOCS_URL = `${API_BASE}/docs`;

/**
 * /team/api-keys (?establishmentId=): the API keys of an establishment whose team the user
 * manages (decision 068); with several, a choice (the URL follows it).
 */
export function ApiKeysRoute() {
  const { t } = useTranslation('profile');
  const { memberships } = useAuth();
  const [params, setParams] = useSearchParams();
  const managed = memberships.filter((m) => m.permissions.includes('team.manage'));
  const chosen =
    managed.find((m) => m.establishmentId === params.get('establishmentId')) ?? managed[0];
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={t('apiKeys.title')} />
      <PageHeader title={t('apiKeys.title')} intro={t('apiKeys.intro')} />
      {!chosen ? (
        <FormAlert>{t('team.none')}</FormAlert>
      ) : (
        <div className="space-y-6">
          {managed.length > 1 && (
            <SelectField
              label={t('team.establishment')}
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
          <p className="text-sm">
            <TextLink to={links.team(chosen.establishmentId)}>{t('apiKeys.backToTeam')}</TextLink>
          </p>
          <p className="text-sm text-muted">
            {t('apiKeys.howTo')}{' '}
            <a className={textLinkClasses} href={API_DOCS_URL} target="_blank" rel="noreferrer">
              {t('apiKeys.reference')}
            </a>
          </p>
          <ApiKeysPage
            key={chosen.establishmentId}
            establishmentId={chosen.establishmentId}
            grantable={chosen.permissions}
          />
        </div>
      )}
    </div>
  );
}

export default ApiKeysRoute;
