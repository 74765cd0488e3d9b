import { useRef, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LoginInputSchema } from '@hospes/shared/auth';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerFieldErrors } from '@/lib/api-client';
import { login } from '@/lib/auth';
import { schemaResolver } from '@/lib/form';
import { sessionRenewal, useSessionRenewal, type SessionRenewal } from '@/lib/session-renewal';
import { wasSessionRemembered } from '@/lib/session-presence';
import { loginErrorMessage } from './login-form';

interface Values {
  email: string;
  password: string;
}

/**
 * "Your session has expired — log in again to continue", over a page whose form holds unsaved
 * input (see app/session-expiry.ts). The e-mail is the ended session's and cannot be changed; the
 * login is the login page's own call, with the "remember me" choice of the first login. On success
 * the dialog closes, focus goes back to where it was, and the page is as it was left. Escape and
 * the backdrop do nothing: leaving discards the input, so only the explicit button does it.
 */
export function SessionRenewalDialog() {
  const { t } = useTranslation('auth');
  const renewal = useSessionRenewal();
  const passwordRef = useRef<HTMLInputElement | null>(null);
  return (
    <Modal
      open={renewal !== null}
      onClose={() => undefined}
      title={t('renewal.title')}
      description={<p>{t('renewal.text')}</p>}
      initialFocus={passwordRef}
    >
      {renewal && <RenewalForm renewal={renewal} passwordRef={passwordRef} />}
    </Modal>
  );
}

function RenewalForm({
  renewal,
  passwordRef,
}: {
  renewal: SessionRenewal;
  passwordRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation('auth');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Values>({
    resolver: schemaResolver(LoginInputSchema),
    defaultValues: { email: renewal.email, password: '' },
  });
  const { ref: passwordFieldRef, ...password } = register('password');

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const user = await login(input, { remember: wasSessionRemembered() });
      toast.success(t('renewal.done'));
      sessionRenewal.renewed(user);
    } catch (error) {
      applyServerFieldErrors(error, setError, { knownFields: ['email', 'password'] });
      setFailure(loginErrorMessage(error, t));
      setFocus('password');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="username"
        readOnly
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        aria-required="true"
        error={errors.password?.message}
        ref={(element) => {
          passwordFieldRef(element);
          passwordRef.current = element;
        }}
        {...password}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => sessionRenewal.cancel()} disabled={isSubmitting}>
          {t('renewal.cancel')}
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {t('renewal.submit')}
        </Button>
      </div>
    </form>
  );
}
