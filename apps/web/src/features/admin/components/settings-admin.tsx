import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  PLATFORM_SETTING_KEYS,
  PlatformSettingsSchema,
  SETTING_LIMITS,
  type PlatformSettingKey,
  type PlatformSettings,
  type PlatformSettingsView,
} from '@hospes/shared/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { applyServerFieldErrors } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { formatDateTime } from '../format';

/** The environment variable behind each setting, named on the screen. */
const VARIABLES: Record<PlatformSettingKey, string> = {
  supportEmail: 'SUPPORT_EMAIL',
  operatorName: 'OPERATOR_NAME',
  operatorAddress: 'OPERATOR_ADDRESS',
  operatorNif: 'OPERATOR_NIF',
  operatorEmail: 'OPERATOR_EMAIL',
  operatorRegistry: 'OPERATOR_REGISTRY',
  contactMessagesPerHour: 'CONTACT_MESSAGES_PER_HOUR',
  loginLockFailures: 'LOGIN_LOCK_FAILURES',
  sessionHours: 'SESSION_HOURS',
};

const NUMBERS = Object.keys(SETTING_LIMITS) as (keyof typeof SETTING_LIMITS)[];
const isNumber = (key: PlatformSettingKey): key is keyof typeof SETTING_LIMITS =>
  (NUMBERS as string[]).includes(key);

/** The spec's four sections (§2): general, e-mail, security, API. */
const SECTIONS: { key: 'general' | 'email' | 'security'; fields: PlatformSettingKey[] }[] = [
  {
    key: 'general',
    fields: ['operatorName', 'operatorAddress', 'operatorNif', 'operatorEmail', 'operatorRegistry'],
  },
  { key: 'email', fields: ['supportEmail'] },
  { key: 'security', fields: ['loginLockFailures', 'contactMessagesPerHour', 'sessionHours'] },
];

function valuesOf(view: PlatformSettingsView): PlatformSettings {
  return Object.fromEntries(
    PLATFORM_SETTING_KEYS.map((key) => [key, view.settings[key].value]),
  ) as PlatformSettings;
}

/**
 * The admin's settings (spec §2: general, e-mail, security, API; decision 062): what can change
 * while the server runs, each over its environment variable, which it names; a stored value can
 * go back to the environment's. What stays in the environment (the mail transport, the sender,
 * the address, CORS) is shown, never a secret. Below, who changed what and when.
 */
export function SettingsAdmin() {
  const { t, i18n } = useTranslation('admin');
  const settings = useSettings();

  if (settings.isPending)
    return (
      <p className="flex items-center gap-2 text-muted" role="status">
        <Spinner /> {t('loading')}
      </p>
    );
  if (settings.isError)
    return <FormAlert>{errorText(settings.error, t('somethingWentWrong'))}</FormAlert>;
  return <SettingsForm view={settings.data.data} lng={i18n.language} />;
}

function SettingsForm({ view, lng }: { view: PlatformSettingsView; lng: string }) {
  const { t } = useTranslation('admin');
  const update = useUpdateSettings();
  const [resetting, setResetting] = useState<PlatformSettingKey | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, dirtyFields, isDirty },
  } = useForm<PlatformSettings, unknown, PlatformSettings>({
    resolver: schemaResolver(PlatformSettingsSchema),
    defaultValues: valuesOf(view),
    mode: 'onTouched',
  });

  // A saved or reset value comes back in the answer: the form starts again from it.
  useEffect(() => reset(valuesOf(view)), [view, reset]);

  const submit = handleSubmit(
    async (values) => {
      const changed = PLATFORM_SETTING_KEYS.filter((key) => dirtyFields[key]);
      if (changed.length === 0) return;
      try {
        const answer = await update.mutateAsync(
          Object.fromEntries(changed.map((key) => [key, values[key]])),
        );
        toast.success(answer.message ?? t('settings.saved'));
      } catch (error) {
        const fields = applyServerFieldErrors<PlatformSettings>(error, setError, {
          knownFields: PLATFORM_SETTING_KEYS,
          shouldFocus: true,
        });
        toast.error(
          fields.length ? t('validationError') : errorText(error, t('somethingWentWrong')),
        );
      }
    },
    () => toast.error(t('validationError'), { id: 'admin-validation' }),
  );

  const backToEnvironment = async (key: PlatformSettingKey) => {
    setResetting(key);
    try {
      const answer = await update.mutateAsync({ [key]: null });
      toast.success(answer.message ?? t('settings.saved'));
    } catch (error) {
      toast.error(errorText(error, t('somethingWentWrong')));
    } finally {
      setResetting(null);
    }
  };

  const shown = (value: string | number) => (value === '' ? t('settings.none') : String(value));

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6">
        {SECTIONS.map((section) => (
          <Card key={section.key} className="p-4 sm:p-6">
            <section aria-labelledby={`settings-${section.key}`} className="space-y-4">
              <div>
                <h2 id={`settings-${section.key}`} className="text-xl font-semibold text-fg">
                  {t(`settings.sections.${section.key}.title`)}
                </h2>
                <p className="mt-1 text-sm text-muted">
                  {t(`settings.sections.${section.key}.intro`)}
                </p>
              </div>
              {section.fields.map((key) => {
                const setting = view.settings[key];
                const number = isNumber(key);
                return (
                  <div key={key} className="space-y-2">
                    <TextField
                      label={t(`settings.fields.${key}.label`)}
                      hint={
                        number
                          ? t('settings.range', SETTING_LIMITS[key])
                          : t(`settings.fields.${key}.hint`)
                      }
                      note={
                        setting.source === 'database'
                          ? t('settings.fromDatabase', {
                              variable: VARIABLES[key],
                              value: shown(setting.environmentValue),
                            })
                          : t('settings.fromEnvironment', { variable: VARIABLES[key] })
                      }
                      error={errors[key]?.message}
                      {...(number
                        ? {
                            type: 'number',
                            inputMode: 'numeric' as const,
                            min: SETTING_LIMITS[key].min,
                            max: SETTING_LIMITS[key].max,
                            step: 1,
                            ...register(key, { valueAsNumber: true }),
                          }
                        : {
                            type: key.endsWith('mail') || key.endsWith('Email') ? 'email' : 'text',
                            autoComplete: 'off',
                            ...register(key),
                          })}
                    />
                    {setting.source === 'database' && (
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        disabled={update.isPending}
                        aria-busy={resetting === key || undefined}
                        onClick={() => void backToEnvironment(key)}
                      >
                        {t('settings.useEnvironment', {
                          field: t(`settings.fields.${key}.label`),
                        })}
                      </Button>
                    )}
                  </div>
                );
              })}
              {section.key === 'email' && (
                <dl className="grid gap-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4">
                  <dt className="font-semibold text-fg">{t('settings.environment.transport')}</dt>
                  <dd className="break-words text-muted">
                    {t(`settings.environment.${view.environment.mailTransport}`)}
                  </dd>
                  <dt className="font-semibold text-fg">{t('settings.environment.mailFrom')}</dt>
                  <dd className="break-words text-muted">{view.environment.mailFrom}</dd>
                </dl>
              )}
            </section>
          </Card>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!isDirty || update.isPending}>
            {update.isPending && !resetting ? t('settings.saving') : t('settings.save')}
          </Button>
          <p className="text-sm text-muted">
            {t('settings.propagation', { seconds: view.environment.settingsCacheSeconds })}
          </p>
        </div>
      </form>

      <Card className="p-4 sm:p-6">
        <section aria-labelledby="settings-api" className="space-y-4">
          <div>
            <h2 id="settings-api" className="text-xl font-semibold text-fg">
              {t('settings.sections.api.title')}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('settings.sections.api.intro')}</p>
          </div>
          <dl className="grid gap-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4">
            <dt className="font-semibold text-fg">{t('settings.environment.appUrl')}</dt>
            <dd className="break-words text-muted">{view.environment.appUrl}</dd>
            <dt className="font-semibold text-fg">{t('settings.environment.apiDocs')}</dt>
            <dd className="break-words">
              <a
                className="font-medium text-primary underline underline-offset-2"
                href={view.environment.apiDocs}
              >
                {view.environment.apiDocs}
              </a>
            </dd>
            <dt className="font-semibold text-fg">{t('settings.environment.corsOrigins')}</dt>
            <dd className="break-words text-muted">
              {view.environment.corsOrigins.length
                ? view.environment.corsOrigins.join(', ')
                : t('settings.environment.corsClosed')}
            </dd>
          </dl>
          <p className="text-sm text-muted">{t('settings.secrets')}</p>
        </section>
      </Card>

      <Card className="p-4 sm:p-6">
        <section aria-labelledby="settings-history" className="space-y-3">
          <h2 id="settings-history" className="text-xl font-semibold text-fg">
            {t('settings.history.title')}
          </h2>
          {view.history.length === 0 ? (
            <p className="text-sm text-muted">{t('settings.history.empty')}</p>
          ) : (
            <ol className="space-y-3">
              {view.history.map((entry, index) => (
                <li key={`${entry.at}-${index}`} className="border-b border-line pb-3 text-sm">
                  <p className="font-semibold text-fg">
                    {t('settings.history.entry', {
                      at: formatDateTime(entry.at, lng),
                      who: entry.actor
                        ? `${entry.actor.name} (${entry.actor.email})`
                        : t('settings.history.deletedAccount'),
                    })}
                  </p>
                  <ul className="mt-1 space-y-1 text-muted">
                    {entry.changes.map((change) => (
                      <li key={change.key} className="break-words">
                        {t('settings.history.change', {
                          field: (PLATFORM_SETTING_KEYS as string[]).includes(change.key)
                            ? t(`settings.fields.${change.key as PlatformSettingKey}.label`)
                            : change.key,
                          from: change.from === null ? t('settings.none') : shown(change.from),
                          to: change.to === null ? t('settings.none') : shown(change.to),
                        })}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </section>
      </Card>
    </div>
  );
}
