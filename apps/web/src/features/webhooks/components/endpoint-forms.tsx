import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CreateWebhookInputSchema,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@hospes/shared/webhooks';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerFieldErrors, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form';
import { useChangeWebhooks } from '../api/webhooks';
import { EndpointFields, type EndpointFormValues } from './endpoint-fields';

/** A refused address is said on the address field; other field errors where the server puts them. */
function showServerError(
  error: unknown,
  setError: ReturnType<typeof useForm<EndpointFormValues>>['setError'],
) {
  if (isApiError(error) && error.code === 'WEBHOOK_URL_REFUSED') {
    setError('url', { type: 'server', message: error.message }, { shouldFocus: true });
    return true;
  }
  return applyServerFieldErrors(error, setError).length > 0;
}

/** A new endpoint: its address, description and events; answers its secret (shown once). */
export function CreateEndpointForm({
  establishmentId,
  onCreated,
}: {
  establishmentId: string;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation('webhooks');
  const change = useChangeWebhooks(establishmentId);
  const form = useForm<EndpointFormValues>({
    defaultValues: { url: '', description: '', events: [] },
    resolver: schemaResolver(CreateWebhookInputSchema),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      onCreated(await change.create.mutateAsync(values));
      form.reset();
    } catch (error) {
      showServerError(error, form.setError);
    }
  });
  const refused =
    isApiError(change.create.error) && change.create.error.code === 'WEBHOOK_URL_REFUSED';
  return (
    <form
      noValidate
      aria-labelledby="webhook-new-title"
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-xl border border-line p-3"
    >
      <h2 id="webhook-new-title" className="text-lg font-bold text-fg">
        {t('new.title')}
      </h2>
      {change.create.isError && !refused && (
        <FormAlert>{errorText(change.create.error, t('new.failed'))}</FormAlert>
      )}
      <EndpointFields register={form.register} errors={form.formState.errors} idPrefix="new" />
      <Button type="submit" pending={change.create.isPending}>
        {t('new.submit')}
      </Button>
    </form>
  );
}

/** The address, description and events of an endpoint, changed. */
export function EditEndpointForm({
  endpoint,
  onDone,
}: {
  endpoint: WebhookEndpoint;
  onDone: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const change = useChangeWebhooks(endpoint.establishmentId);
  const form = useForm<EndpointFormValues>({
    defaultValues: {
      url: endpoint.url,
      description: endpoint.description ?? '',
      events: endpoint.events,
    },
    resolver: schemaResolver(CreateWebhookInputSchema),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await change.update.mutateAsync({
        id: endpoint.id,
        input: { ...values, description: values.description ?? '' },
      });
      onDone();
    } catch (error) {
      showServerError(error, form.setError);
    }
  });
  const refused =
    isApiError(change.update.error) && change.update.error.code === 'WEBHOOK_URL_REFUSED';
  return (
    <form
      noValidate
      aria-label={t('edit.title', { url: endpoint.url })}
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-lg border border-line p-3"
    >
      {change.update.isError && !refused && (
        <FormAlert>{errorText(change.update.error, t('edit.failed'))}</FormAlert>
      )}
      <EndpointFields
        register={form.register}
        errors={form.formState.errors}
        idPrefix={`edit-${endpoint.id}`}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={change.update.isPending}>
          {t('edit.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('edit.cancel')}
        </Button>
      </div>
    </form>
  );
}
