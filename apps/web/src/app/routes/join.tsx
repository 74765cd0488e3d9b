import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { AuthCard } from '@/features/auth/components/auth-card';
import { JoinInvitation } from '@/features/team/components/join-invitation';
import { PageTitle } from './page-title';

/** /join?token=…: the landing of an e-mailed invitation to an establishment's team. */
export function JoinRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  return (
    <>
      <PageTitle page={t('join.title')} />
      <AuthCard title={t('join.title')}>
        {token ? <JoinInvitation token={token} /> : <FormAlert>{t('join.invalid')}</FormAlert>}
      </AuthCard>
    </>
  );
}

export default JoinRoute;
