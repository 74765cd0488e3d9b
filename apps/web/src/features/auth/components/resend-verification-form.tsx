import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerFieldErrors } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form';
import { useResendVerification } from '../api/resend-verification';
import { ForgotPasswordFormSchema, type ForgotPasswordFormValues } from '../schemas';

/** Asks for a new verification link (the answer is neutral, like the forgot-password one). */
export function ResendVerificationForm() {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues, unknown, ForgotPasswordFormValues>({
    resolver: schemaResolver(ForgotPasswordFormSchema),
    defaultValues: { email: '' },
  });

  if (resend.isSuccess) return <FormAlert tone="success">{resend.data.message}</FormAlert>;

  const onSubmit = handleSubmit(({ email }) =>
    resend.mutateAsync(email).catch((error: unknown) => {
      applyServerFieldErrors(error, setError, { knownFields: ['email'] });
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold text-fg">{t('verify.resendTitle')}</h2>
      <p className="text-sm text-muted">{t('verify.resendIntro')}</p>
      {resend.isError && <FormAlert>{resend.error.message}</FormAlert>}
      <TextField
        label={t('verify.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        aria-required="true"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" pending={resend.isPending}>
        {t('verify.resend')}
      </Button>
    </form>
  );
}
