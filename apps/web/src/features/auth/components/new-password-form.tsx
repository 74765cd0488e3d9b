import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { applyServerFieldErrors, isApiError } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFormSchema, type NewPasswordFormValues } from '../schemas';

/** New password and its confirmation for a reset (or first-password) link; success → /login. */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordFormValues, unknown, NewPasswordFormValues>({
    resolver: schemaResolver(NewPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const answer = await reset.mutateAsync({ token, password });
      toast.success(answer.message);
      await navigate(paths.login, { replace: true });
    } catch (error) {
      applyServerFieldErrors(error, setError, { knownFields: ['password'] });
    }
  });

  const linkInvalid = isApiError(reset.error) && reset.error.code === 'RESET_LINK_INVALID';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {reset.isError && (
        <FormAlert title={linkInvalid ? t('recover.invalidTitle') : undefined}>
          <p>{reset.error.message || t('recover.failed')}</p>
          {linkInvalid && (
            <p>
              <TextLink to={paths.forgotPassword}>{t('recover.requestNew')}</TextLink>
            </p>
          )}
        </FormAlert>
      )}
      <TextField
        label={t('recover.password')}
        type="password"
        autoComplete="new-password"
        aria-required="true"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={t('recover.confirm')}
        type="password"
        autoComplete="new-password"
        aria-required="true"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" pending={reset.isPending} className="w-full">
        {t('recover.submit')}
      </Button>
    </form>
  );
}
