import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerFieldErrors } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form';
import { ForgotPasswordFormSchema, type ForgotPasswordFormValues } from '../schemas';

/** The texts of one e-mailed link's request form, from the `auth` namespace. */
export interface EmailLinkTexts {
  sentTitle: string;
  sentHint: string;
  failed: string;
  email: string;
  submit: string;
}

/**
 * A request for an e-mailed link (a password reset, a sign-in link): e-mail only; always ends in
 * the neutral "check your email" state with the server's text, whether or not the account exists.
 */
export function EmailLinkForm({
  request,
  texts,
}: {
  request: UseMutationResult<{ message: string }, Error, string>;
  texts: EmailLinkTexts;
}) {
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
        <FormAlert tone="success" title={texts.sentTitle}>
          <p>{request.data.message}</p>
        </FormAlert>
        <p className="text-sm text-muted">{texts.sentHint}</p>
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
      {request.isError && <FormAlert>{request.error.message || texts.failed}</FormAlert>}
      <TextField
        label={texts.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        aria-required="true"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" pending={request.isPending} className="w-full">
        {texts.submit}
      </Button>
    </form>
  );
}

/** The texts under `auth:<prefix>.*` for an {@link EmailLinkForm}. */
export function useEmailLinkTexts(prefix: 'forgot' | 'signInLink'): EmailLinkTexts {
  const { t } = useTranslation('auth');
  return {
    sentTitle: t(`${prefix}.sentTitle`),
    sentHint: t(`${prefix}.sentHint`),
    failed: t(`${prefix}.failed`),
    email: t(`${prefix}.email`),
    submit: t(`${prefix}.submit`),
  };
}
