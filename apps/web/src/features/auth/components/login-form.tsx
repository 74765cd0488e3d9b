import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { ApiError, applyServerFieldErrors, CLIENT_ERROR_CODES } from '@/lib/api-client';
import { login } from '@/lib/auth';
import { schemaResolver } from '@/lib/form';
import { useResendVerification } from '../api/resend-verification';
import { useRequestSignInLink } from '../api/sign-in-link';
import { LoginFormSchema, type LoginFormValues } from '../schemas';

/** Spec §8, login: the server's text when it sent one, else the flow's own texts. */
export function loginErrorMessage(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiError)) return t('login.failed');
  if (error.status === 0 || error.code === CLIENT_ERROR_CODES.invalidResponse) return error.message;
  if (error.status === 401) return error.message || t('login.invalidCredentials');
  if (error.status === 429) return error.message || t('login.tooManyRequests');
  return error.message || t('login.failed');
}

/**
 * E-mail, password and "remember me". On success the token and user are stored (the page then
 * navigates) and a toast greets the user by name.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const [failure, setFailure] = useState<{ message: string; code: string } | null>(null);
  const resend = useResendVerification();
  const signInLink = useRequestSignInLink();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues, unknown, LoginFormValues>({
    resolver: schemaResolver(LoginFormSchema),
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async ({ email, password, remember }) => {
    setFailure(null);
    resend.reset();
    signInLink.reset();
    try {
      const user = await login({ email, password }, { remember });
      toast.success(t('login.greeting', { name: user.name }));
    } catch (error) {
      applyServerFieldErrors(error, setError, { knownFields: ['email', 'password'] });
      setFailure({
        message: loginErrorMessage(error, t),
        code: error instanceof ApiError ? error.code : '',
      });
    }
  });

  const unverified = failure?.code === 'EMAIL_NOT_VERIFIED';
  // Password sign-in waits or is locked (decision 049): an e-mailed link signs in meanwhile.
  const waiting = failure?.code === 'LOGIN_LOCKED' || failure?.code === 'TOO_MANY_REQUESTS';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure && (
        <FormAlert>
          <p>{failure.message}</p>
          {unverified && !resend.isSuccess && (
            <Button
              size="sm"
              variant="secondary"
              pending={resend.isPending}
              onClick={() => resend.mutate(getValues('email').trim().toLowerCase())}
            >
              {t('login.resend')}
            </Button>
          )}
          {unverified && resend.isError && <p>{resend.error.message}</p>}
          {waiting && !signInLink.isSuccess && (
            <Button
              size="sm"
              variant="secondary"
              pending={signInLink.isPending}
              onClick={() => signInLink.mutate(getValues('email').trim().toLowerCase())}
            >
              {t('login.signInLink')}
            </Button>
          )}
          {waiting && signInLink.isError && <p>{signInLink.error.message}</p>}
        </FormAlert>
      )}
      {unverified && resend.isSuccess && (
        <FormAlert tone="success">{resend.data.message}</FormAlert>
      )}
      {waiting && signInLink.isSuccess && (
        <FormAlert tone="success">{signInLink.data.message}</FormAlert>
      )}

      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        aria-required="true"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        aria-required="true"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField label={t('login.remember')} {...register('remember')} />
        <div className="flex flex-col items-end gap-1">
          <TextLink to={paths.forgotPassword} className="text-sm">
            {t('login.forgot')}
          </TextLink>
          <TextLink to={paths.signInLink} className="text-sm">
            {t('login.signInLink')}
          </TextLink>
        </div>
      </div>
      <Button type="submit" pending={isSubmitting} className="w-full">
        {t('login.submit')}
      </Button>
    </form>
  );
}
