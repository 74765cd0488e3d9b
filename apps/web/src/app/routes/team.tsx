import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SelectField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink } from '@/components/ui/text-link';
import { links } from '@/config/paths';
import { TeamPage } from '@/features/team/components/team-page';
import { useAuth } from '@/lib/auth';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

/**
 * /team (?establishmentId=): the team of an establishment whose team the user manages; with
 * several, a choice (the URL follows it).
 */
export function TeamRoute() {
  const { t } = useTranslation('profile');
  const { memberships } = useAuth();
  const [params, setParams] = useSearchParams();
  const managed = memberships.filter((m) => m.permissions.includes('team.manage'));
  const chosen =
    managed.find((m) => m.establishmentId === params.get('establishmentId')) ?? managed[0];
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={t('team.title')} />
      <PageHeader title={t('team.title')} intro={t('team.intro')} />
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
            <TextLink to={links.apiKeys(chosen.establishmentId)}>{t('apiKeys.title')}</TextLink>
            {' — '}
            {t('apiKeys.teaser')}
          </p>
          <TeamPage key={chosen.establishmentId} establishmentId={chosen.establishmentId} />
        </div>
      )}
    </div>
  );
}

export default TeamRoute;
