import { useTranslation } from 'react-i18next';
import { TextLink, textLinkClasses } from '@/components/ui/text-link';
import { API_BASE, links } from '@/config/paths';
import { ApiKeysPage } from '@/features/team/components/api-keys-page';
import { EstablishmentPage } from './establishment-page';

/** The OpenAPI reference: which calls a key may make (`x-api-key-allowed`), with examples. */
const API_DOCS_URL = `${API_BASE}/docs`;

/**
 * /team/api-keys (?establishmentId=): the API keys of an establishment whose team the user
 * manages (decision 068); with several, a choice (the URL follows it).
 */
export function ApiKeysRoute() {
  const { t } = useTranslation('profile');
  return (
    <EstablishmentPage
      permission="team.manage"
      title={t('apiKeys.title')}
      intro={t('apiKeys.intro')}
      none={t('team.none')}
      choose={t('team.establishment')}
    >
      {(chosen) => (
        <>
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
        </>
      )}
    </EstablishmentPage>
  );
}

export default ApiKeysRoute;
