import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignInLinkForm } from '@/features/auth/components/sign-in-link-form';
import { SignInLinkLanding } from '@/features/auth/components/sign-in-link-landing';
import { PageTitle } from './page-title';

/**
 * /sign-in-link: "e-mail me a sign-in link"; /sign-in-link?token=…: the landing of the link in
 * that e-mail, which signs in once (decision 049).
 */
export function SignInLinkRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  if (token) {
    return (
      <>
        <PageTitle page={t('signInLink.landingTitle')} />
        <AuthCard title={t('signInLink.landingTitle')}>
          <SignInLinkLanding token={token} />
        </AuthCard>
      </>
    );
  }
  return (
    <>
      <PageTitle page={t('signInLink.title')} />
      <AuthCard
        title={t('signInLink.title')}
        intro={t('signInLink.intro')}
        footer={<TextLink to={paths.login}>{t('signInLink.back')}</TextLink>}
      >
        <SignInLinkForm />
      </AuthCard>
    </>
  );
}

export default SignInLinkRoute;
