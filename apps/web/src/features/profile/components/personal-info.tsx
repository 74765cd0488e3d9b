import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { UpdateProfileInput, User } from '@hospes/shared/auth';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerFieldErrors, isApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { schemaResolver } from '@/lib/form';
import { useUpdateProfile } from '../api/update-profile';
import {
  isEmailChange,
  profileFormSchema,
  type ProfileFormOutput,
  type ProfileFormValues,
} from '../schemas';
import { bcp47Of } from '@hospes/shared/languages';

function formatDate(value: string | null, lng: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? null
    : new Intl.DateTimeFormat(bcp47Of(lng), { dateStyle: 'long' }).format(date);
}

/**
 * The user's name and e-mail, and the form that changes them (PUT /api/auth/me). A new e-mail
 * also asks for the current password, shown as soon as the e-mail field differs; a wrong one
 * (401 CURRENT_PASSWORD_INCORRECT) is shown on that field and keeps the session.
 */
export function PersonalInfo({ user }: { user: User }) {
  const { t, i18n } = useTranslation('profile');
  const update = useUpdateProfile();
  const resolver = useMemo(() => schemaResolver(profileFormSchema(user.email)), [user.email]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver,
    values: { name: user.name, email: user.email, currentPassword: '' },
  });
  const emailChanging = isEmailChange(useWatch({ control, name: 'email' }), user.email);

  const onSubmit = handleSubmit(async (values) => {
    const changes: UpdateProfileInput = {};
    if (values.name !== user.name) changes.name = values.name;
    if (values.email !== user.email) {
      changes.email = values.email;
      changes.currentPassword = values.currentPassword;
    }
    if (!changes.name && !changes.email) {
      toast(t('personal.unchanged'));
      return;
    }
    try {
      const answer = await update.mutateAsync(changes);
      // The form follows the stored user (`values`), so this also refreshes the fields.
      authStore.setUser(answer.user);
      toast.success(t('personal.updated'));
    } catch (error) {
      if (isApiError(error) && error.code === 'CURRENT_PASSWORD_INCORRECT') {
        setError(
          'currentPassword',
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
        return;
      }
      applyServerFieldErrors(error, setError, {
        knownFields: ['name', 'email', 'currentPassword'],
      });
    }
  });

  const memberSince = formatDate(user.createdAt, i18n.language);
  const lastLogin = formatDate(user.lastLogin, i18n.language);
  const serverFailure =
    update.isError &&
    update.error.details.length === 0 &&
    update.error.code !== 'CURRENT_PASSWORD_INCORRECT';

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="profile-summary">
        <h2 id="profile-summary" className="text-lg font-semibold text-fg">
          {t('personal.summary')}
        </h2>
        <dl className="mt-4 grid gap-3 text-sm">
          <div>
            <dt className="font-semibold text-muted">{t('personal.name')}</dt>
            <dd className="text-base break-words text-fg">{user.name}</dd>
          </div>
          <div>
            <dt className="font-semibold text-muted">{t('personal.email')}</dt>
            <dd className="text-base break-words text-fg">{user.email}</dd>
          </div>
          <div>
            <dt className="font-semibold text-muted">{t('personal.role')}</dt>
            <dd className="text-base text-fg">{t(`personal.roles.${user.role}`)}</dd>
          </div>
          {memberSince && (
            <div>
              <dt className="font-semibold text-muted">{t('personal.memberSince')}</dt>
              <dd className="text-base text-fg">{memberSince}</dd>
            </div>
          )}
          <div>
            <dt className="font-semibold text-muted">{t('personal.lastLogin')}</dt>
            <dd className="text-base text-fg">{lastLogin ?? t('personal.never')}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="profile-edit">
        <h2 id="profile-edit" className="text-lg font-semibold text-fg">
          {t('personal.editHeading')}
        </h2>
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5">
          {serverFailure && <FormAlert>{update.error.message || t('personal.failed')}</FormAlert>}
          <TextField
            label={t('personal.name')}
            autoComplete="name"
            aria-required="true"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={t('personal.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required="true"
            error={errors.email?.message}
            {...register('email')}
          />
          {emailChanging && (
            <TextField
              label={t('security.current')}
              type="password"
              autoComplete="current-password"
              aria-required="true"
              hint={t('personal.passwordHint')}
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
          )}
          <Button type="submit" pending={update.isPending}>
            {t('personal.save')}
          </Button>
        </form>
      </section>
    </div>
  );
}
