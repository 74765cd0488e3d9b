import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint, WebhookWithSecret } from '@hospes/shared/webhooks';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format-date-time';
import { useSendDelivery } from '../api/deliveries';
import { useChangeWebhooks, useWebhooks } from '../api/webhooks';
import { DeliveriesPanel } from './deliveries-panel';
import { DeliveryState } from './delivery-state';
import { CreateEndpointForm, EditEndpointForm } from './endpoint-forms';
import { SecretOnce } from './secret-once';

function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (created: WebhookWithSecret) => void;
}) {
  const { t, i18n } = useTranslation('webhooks');
  const change = useChangeWebhooks(endpoint.establishmentId);
  const send = useSendDelivery(endpoint.establishmentId);
  const [editing, setEditing] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const paused = endpoint.state === 'paused';
  const failed = [change.setState, change.rotate, change.remove, send.test].find((m) => m.isError);
  const name = endpoint.description || endpoint.url;

  return (
    <li
      className="space-y-3 rounded-xl border border-line bg-surface p-3"
      aria-labelledby={`${base}-name`}
    >
      <div className="space-y-1">
        <h3 id={`${base}-name`} className="break-all font-semibold text-fg">
          {endpoint.description ? `${endpoint.description} · ` : ''}
          <span className="font-normal">{endpoint.url}</span>
        </h3>
        <p className="text-sm">
          {paused ? (
            <span className="font-semibold text-danger">
              {t(
                endpoint.pausedReason === 'failures'
                  ? 'endpoint.pausedFailures'
                  : 'endpoint.paused',
                {
                  when: formatDateTime(endpoint.pausedAt, i18n.language),
                  failures: endpoint.failuresInARow,
                },
              )}
            </span>
          ) : (
            <span className="font-semibold text-success">{t('endpoint.active')}</span>
          )}
        </p>
        <p className="text-sm text-muted">
          {t('endpoint.events', {
            events: endpoint.events.map((e) => t(`events.${e}`)).join(', '),
          })}
        </p>
        <p className="text-sm text-muted">
          {t('endpoint.secretHint', { hint: endpoint.secretHint })}
        </p>
        {endpoint.lastDeliveryAt && endpoint.lastDeliveryState ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
            {t('endpoint.last', { when: formatDateTime(endpoint.lastDeliveryAt, i18n.language) })}
            <DeliveryState state={endpoint.lastDeliveryState} />
          </p>
        ) : (
          <p className="text-sm text-muted">{t('endpoint.noDelivery')}</p>
        )}
      </div>
      {failed && <FormAlert>{errorText(failed.error, t('endpoint.failed'))}</FormAlert>}
      {editing ? (
        <EditEndpointForm endpoint={endpoint} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            pending={send.test.isPending}
            onClick={() =>
              send.test.mutate(endpoint.id, {
                onSuccess: () => {
                  toast.success(t('endpoint.testSent'));
                  setShowDeliveries(true);
                },
              })
            }
          >
            {t('endpoint.test')}
            <span className="sr-only">: {name}</span>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={showDeliveries}
            aria-controls={`${base}-deliveries`}
            onClick={() => setShowDeliveries((v) => !v)}
          >
            {showDeliveries ? t('endpoint.hideDeliveries') : t('endpoint.showDeliveries')}
            <span className="sr-only">: {name}</span>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            {t('endpoint.edit')}
            <span className="sr-only">: {name}</span>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            pending={change.setState.isPending}
            onClick={() =>
              change.setState.mutate({ id: endpoint.id, action: paused ? 'resume' : 'pause' })
            }
          >
            {paused ? t('endpoint.resume') : t('endpoint.pause')}
            <span className="sr-only">: {name}</span>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            pending={change.rotate.isPending}
            onClick={() => change.rotate.mutate(endpoint.id, { onSuccess: onSecret })}
          >
            {t('endpoint.rotate')}
            <span className="sr-only">: {name}</span>
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirmDelete(true)}>
            {t('endpoint.delete')}
            <span className="sr-only">: {name}</span>
          </Button>
        </div>
      )}
      <div id={`${base}-deliveries`}>
        {showDeliveries && (
          <DeliveriesPanel
            establishmentId={endpoint.establishmentId}
            endpointId={endpoint.id}
            headingId={`${base}-deliveries-title`}
          />
        )}
      </div>
      <Modal
        open={confirmDelete}
        role="alertdialog"
        onClose={() => setConfirmDelete(false)}
        busy={change.remove.isPending}
        title={t('delete.title')}
        description={t('delete.text', { url: endpoint.url })}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirmDelete(false)}>
            {t('delete.cancel')}
          </Button>
          <Button
            variant="danger"
            pending={change.remove.isPending}
            onClick={() =>
              change.remove.mutate(endpoint.id, { onSettled: () => setConfirmDelete(false) })
            }
          >
            {t('delete.confirm')}
          </Button>
        </div>
      </Modal>
    </li>
  );
}

/** The webhooks of one establishment: its endpoints, a new one, the secret shown once. */
export function WebhooksPage({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation('webhooks');
  const webhooks = useWebhooks(establishmentId);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const showSecret = (created: WebhookWithSecret) =>
    setSecret({ secret: created.secret, url: created.endpoint.url });
  return (
    <div className="space-y-6">
      {secret && (
        <SecretOnce secret={secret.secret} url={secret.url} onDone={() => setSecret(null)} />
      )}
      <section aria-labelledby="webhooks-list-title" className="space-y-3">
        <h2 id="webhooks-list-title" className="text-xl font-bold text-fg">
          {t('list.title')}
        </h2>
        {webhooks.isError && <FormAlert>{errorText(webhooks.error, t('list.failed'))}</FormAlert>}
        {webhooks.isPending && <p className="text-muted">{t('list.loading')}</p>}
        {webhooks.data && webhooks.data.length === 0 && (
          <p className="text-muted">{t('list.none')}</p>
        )}
        <ul className="space-y-3">
          {webhooks.data?.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={showSecret} />
          ))}
        </ul>
      </section>
      <CreateEndpointForm establishmentId={establishmentId} onCreated={showSecret} />
    </div>
  );
}
