import { useTranslation } from 'react-i18next';
import { TextLink } from '@/components/ui/text-link';
import { links } from '@/config/paths';
import { TeamPage } from '@/features/team/components/team-page';
import { EstablishmentPage } from './establishment-page';

/**
 * /team (?establishmentId=): the team of an establishment whose team the user manages; with
 * several, a choice (the URL follows it).
 */
export function TeamRoute() {
  const { t } = useTranslation('profile');
  return (
    <EstablishmentPage
      permission="team.manage"
      title={t('team.title')}
      intro={t('team.intro')}
      none={t('team.none')}
      choose={t('team.establishment')}
    >
      {(chosen) => (
        <>
          <p className="text-sm">
            <TextLink to={links.apiKeys(chosen.establishmentId)}>{t('apiKeys.title')}</TextLink>
            {' — '}
            {t('apiKeys.teaser')}
          </p>
          <TeamPage key={chosen.establishmentId} establishmentId={chosen.establishmentId} />
        </>
      )}
    </EstablishmentPage>
  );
}

export default TeamRoute;
