import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';
import { PageTitle } from './page-title';

/** /recover-pass?token=…[&welcome=1]: a reset link, or an admin-created account's first password. */
export function RecoverPasswordRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const welcome = params.get('welcome') === '1';
  const title = welcome ? t('recover.welcomeTitle') : t('recover.title');

  return (
    <>
      <PageTitle page={title} />
      <AuthCard
        title={title}
        intro={token ? (welcome ? t('recover.welcomeIntro') : t('recover.intro')) : undefined}
        footer={<TextLink to={paths.login}>{t('recover.back')}</TextLink>}
      >
        {token ? (
          <NewPasswordForm token={token} />
        ) : (
          <FormAlert title={t('recover.missingTokenTitle')}>
            <p>{t('recover.missingToken')}</p>
            <p>
              <TextLink to={paths.forgotPassword}>{t('recover.requestNew')}</TextLink>
            </p>
          </FormAlert>
        )}
      </AuthCard>
    </>
  );
}

export default RecoverPasswordRoute;
