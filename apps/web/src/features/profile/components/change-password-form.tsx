import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerFieldErrors, isApiError } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form';
import { useChangePassword } from '../api/change-password';
import { ChangePasswordFormSchema, type ChangePasswordFormValues } from '../schemas';

/**
 * Current, new and confirmed password. A wrong current password is shown on its field
 * (401 CURRENT_PASSWORD_INCORRECT is an answer about the form, not an ended session).
 */
export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordFormValues, unknown, ChangePasswordFormValues>({
    resolver: schemaResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const answer = await change.mutateAsync({ currentPassword, newPassword });
      reset();
      toast.success(answer.message || t('security.updated'));
    } catch (error) {
      if (isApiError(error) && error.code === 'CURRENT_PASSWORD_INCORRECT') {
        setError(
          'currentPassword',
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
        return;
      }
      applyServerFieldErrors(error, setError, { knownFields: ['currentPassword', 'newPassword'] });
    }
  });

  const error = change.error;
  const showAlert =
    change.isError &&
    !(
      isApiError(error) &&
      (error.code === 'CURRENT_PASSWORD_INCORRECT' || error.details.length > 0)
    );
  const alertText =
    isApiError(error) && error.status === 400
      ? error.message || t('security.invalidFormat')
      : error?.message;

  return (
    <section aria-labelledby="change-password-heading" className="max-w-md">
      <h2 id="change-password-heading" className="text-lg font-semibold text-fg">
        {t('security.heading')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('security.intro')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5">
        {showAlert && <FormAlert>{alertText || t('security.failed')}</FormAlert>}
        <TextField
          label={t('security.current')}
          type="password"
          autoComplete="current-password"
          aria-required="true"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField
          label={t('security.new')}
          type="password"
          autoComplete="new-password"
          aria-required="true"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label={t('security.confirm')}
          type="password"
          autoComplete="new-password"
          aria-required="true"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" pending={change.isPending}>
          {t('security.submit')}
        </Button>
      </form>
    </section>
  );
}
