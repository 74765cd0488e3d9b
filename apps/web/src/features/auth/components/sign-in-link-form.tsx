import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerFieldErrors } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form';
import { useRequestSignInLink } from '../api/sign-in-link';
import { ForgotPasswordFormSchema, type ForgotPasswordFormValues } from '../schemas';

/**
 * "E-mail me a sign-in link" (decision 049): e-mail only; always ends in the neutral "check your
 * email" state with the server's text.
 */
export function SignInLinkForm() {
  const { t } = useTranslation('auth');
  const request = useRequestSignInLink();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues, unknown, ForgotPasswordFormValues>({
    resolver: schemaResolver(ForgotPasswordFormSchema),
    defaultValues: { email: '' },
  });

  if (request.isSuccess) {
    return (
      <div className="space-y-3">
        <FormAlert tone="success" title={t('signInLink.sentTitle')}>
          <p>{request.data.message}</p>
        </FormAlert>
        <p className="text-sm text-muted">{t('signInLink.sentHint')}</p>
      </div>
    );
  }

  const onSubmit = handleSubmit(({ email }) =>
    request.mutateAsync(email).catch((error: unknown) => {
      applyServerFieldErrors(error, setError, { knownFields: ['email'] });
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {request.isError && <FormAlert>{request.error.message || t('signInLink.failed')}</FormAlert>}
      <TextField
        label={t('signInLink.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        aria-required="true"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" pending={request.isPending} className="w-full">
        {t('signInLink.submit')}
      </Button>
    </form>
  );
}
