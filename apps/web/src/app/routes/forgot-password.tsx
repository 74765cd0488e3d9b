import { useTranslation } from 'react-i18next';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { PageTitle } from './page-title';

export function ForgotPasswordRoute() {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageTitle page={t('forgot.title')} />
      <AuthCard
        title={t('forgot.title')}
        intro={t('forgot.intro')}
        footer={<TextLink to={paths.login}>{t('forgot.back')}</TextLink>}
      >
        <ForgotPasswordForm />
      </AuthCard>
    </>
  );
}

export default ForgotPasswordRoute;
