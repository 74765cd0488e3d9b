import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { VerifyEmailLanding } from '@/features/auth/components/verify-email-landing';
import { PageTitle } from './page-title';

/** /verify-email?token=…&lng=…: the landing of the link in the verification e-mail. */
export function VerifyEmailRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  return (
    <>
      <PageTitle page={t('verify.title')} />
      <AuthCard title={t('verify.title')}>
        <VerifyEmailLanding token={token} />
      </AuthCard>
    </>
  );
}

export default VerifyEmailRoute;
