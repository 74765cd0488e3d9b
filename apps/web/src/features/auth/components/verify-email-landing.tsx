import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { verifyEmailOnce, type VerifyAnswer } from '../api/verify-email';
import { ResendVerificationForm } from './resend-verification-form';

type Outcome = { kind: 'pending' } | { kind: 'failed'; title: string; message: string };

/** Runs once per token, whatever React does with effects: store the session and greet. */
function autoLogin(answer: VerifyAnswer) {
  // Spec §4: without both a token and a user the auto-login fails silently.
  if (!answer.token || !answer.user) return;
  authStore.setSession(answer.user, { remember: true });
  toast.success(i18n.t('auth:verify.verified', { name: answer.user.name }));
}

/**
 * The landing of the e-mail verification link: verifies once, logs in and goes to /clients;
 * an expired or unknown link shows the server's text, a way to log in and to get a new link.
 */
export function VerifyEmailLanding({ token }: { token: string | null }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token
      ? { kind: 'pending' }
      : { kind: 'failed', title: t('verify.missingTokenTitle'), message: t('verify.missingToken') },
  );

  useEffect(() => {
    if (!token) return;
    let active = true;
    verifyEmailOnce(token, autoLogin).then(
      (answer) => {
        if (!active) return;
        void navigate(answer.token && answer.user ? paths.clients : paths.login, { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        setOutcome({
          kind: 'failed',
          title: i18n.t('auth:verify.failedTitle'),
          message: (isApiError(error) && error.message) || i18n.t('auth:verify.failed'),
        });
      },
    );
    return () => {
      active = false;
    };
  }, [token, navigate]);

  if (outcome.kind === 'pending') {
    return <FullScreenSpinner label={t('verify.checking')} />;
  }

  return (
    <div className="space-y-6">
      <FormAlert title={outcome.title}>
        <p>{outcome.message}</p>
      </FormAlert>
      <p>
        <TextLink to={paths.login}>{t('verify.login')}</TextLink>
      </p>
      <ResendVerificationForm />
    </div>
  );
}
