import { useTranslation } from 'react-i18next';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { OfflineSignIn } from '@/features/auth/components/offline-sign-in';
import { useAuth } from '@/lib/auth';
import { RedirectIfAuthenticated } from '../guards';
import { PageTitle } from './page-title';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  const { offline } = useAuth();
  // Without a connection a login can only fail: say so instead (decision 073).
  if (offline) {
    return (
      <RedirectIfAuthenticated>
        <OfflineSignIn />
      </RedirectIfAuthenticated>
    );
  }
  return (
    <RedirectIfAuthenticated>
      <PageTitle page={t('login.title')} />
      <AuthCard
        title={t('login.title')}
        intro={t('login.intro')}
        footer={
          <>
            {t('login.noAccount')} <TextLink to={paths.register}>{t('login.register')}</TextLink>
          </>
        }
      >
        <LoginForm />
      </AuthCard>
    </RedirectIfAuthenticated>
  );
}

export default LoginRoute;
