import { useTranslation } from 'react-i18next';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterWizard } from '@/features/auth/components/register-wizard';
import { RedirectIfAuthenticated } from '../guards';
import { PageTitle } from './page-title';

export function RegisterRoute() {
  const { t } = useTranslation('auth');
  return (
    <RedirectIfAuthenticated>
      <PageTitle page={t('register.title')} />
      <AuthCard
        wide
        title={t('register.title')}
        intro={t('register.intro')}
        footer={
          <>
            {t('register.haveAccount')} <TextLink to={paths.login}>{t('register.login')}</TextLink>
          </>
        }
      >
        <RegisterWizard />
      </AuthCard>
    </RedirectIfAuthenticated>
  );
}

export default RegisterRoute;
