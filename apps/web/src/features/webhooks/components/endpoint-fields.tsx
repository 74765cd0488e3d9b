import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type CreateWebhookInput } from '@hospes/shared/webhooks';
import { CheckboxField, FieldError, TextField } from '@/components/ui/fields';

export type EndpointFormValues = CreateWebhookInput;

/** The address, the description and the events: the fields the new and the edit forms share. */
export function EndpointFields({
  register,
  errors,
  idPrefix,
}: {
  register: UseFormRegister<EndpointFormValues>;
  errors: FieldErrors<EndpointFormValues>;
  idPrefix: string;
}) {
  const { t } = useTranslation('webhooks');
  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  return (
    <>
      <TextField
        label={t('fields.url')}
        type="url"
        inputMode="url"
        autoComplete="off"
        hint={t('fields.urlHint')}
        {...register('url')}
        error={errors.url?.message}
      />
      <TextField
        label={t('fields.description')}
        hint={t('fields.descriptionHint')}
        {...register('description')}
        error={errors.description?.message}
      />
      <fieldset
        className="space-y-2"
        aria-describedby={eventsError ? `${idPrefix}-events-error` : undefined}
      >
        <legend className="mb-1 font-semibold text-fg">{t('fields.events')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <CheckboxField
              key={event}
              id={`${idPrefix}-${event}`}
              value={event}
              label={
                <>
                  <span className="font-medium">{t(`events.${event}`)}</span>{' '}
                  <code className="text-xs text-muted">{event}</code>
                </>
              }
              {...register('events')}
            />
          ))}
        </div>
        <FieldError id={`${idPrefix}-events-error`} message={eventsError} />
      </fieldset>
    </>
  );
}
