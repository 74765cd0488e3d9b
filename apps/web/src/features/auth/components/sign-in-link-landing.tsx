import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AuthResponse } from '@hospes/shared/auth';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { signInWithLinkOnce } from '../api/sign-in-link';
import { SignInLinkForm } from './sign-in-link-form';

/**
 * Runs once per token: the answer has set the session cookie (for this browser session only: a
 * link may be opened on any device) and the HttpOnly device cookie that makes this browser's next
 * password sign-in of the account not held by a lock (decisions 049, 050); the user is kept here.
 */
function signIn(answer: AuthResponse) {
  authStore.setSession(answer.user, { remember: false });
  toast.success(i18n.t('auth:login.greeting', { name: answer.user.name }));
}

/**
 * The landing of an e-mailed sign-in link: signs in once and goes to /clients; a used, expired
 * or unknown link shows the server's text and the form to get a new one.
 */
export function SignInLinkLanding({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    signInWithLinkOnce(token, signIn).then(
      () => {
        if (active) void navigate(paths.clients, { replace: true });
      },
      (error: unknown) => {
        if (active)
          setFailure((isApiError(error) && error.message) || i18n.t('auth:signInLink.failed'));
      },
    );
    return () => {
      active = false;
    };
  }, [token, navigate]);

  if (failure === null) return <FullScreenSpinner label={t('signInLink.checking')} />;

  return (
    <div className="space-y-6">
      <FormAlert title={t('signInLink.failedTitle')}>
        <p>{failure}</p>
      </FormAlert>
      <p>
        <TextLink to={paths.login}>{t('signInLink.back')}</TextLink>
      </p>
      <SignInLinkForm />
    </div>
  );
}
