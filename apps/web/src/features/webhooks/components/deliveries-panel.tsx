import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookAttempt, WebhookDelivery } from '@hospes/shared/webhooks';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Pager } from '@/components/ui/pager';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format-date-time';
import { useDeliveries, useSendDelivery } from '../api/deliveries';
import { DeliveryState } from './delivery-state';

function AttemptLine({ attempt }: { attempt: WebhookAttempt }) {
  const { t, i18n } = useTranslation('webhooks');
  const answer =
    attempt.statusCode !== null
      ? t('attempt.status', { status: attempt.statusCode })
      : t(`attempt.error.${attempt.error ?? 'unreachable'}`);
  return (
    <li className="text-sm">
      <span className="text-fg">
        {t('attempt.line', {
          n: attempt.attempt,
          when: formatDateTime(attempt.at, i18n.language),
          answer,
          ms: attempt.durationMs,
        })}
      </span>
      {attempt.responseExcerpt && (
        <code className="mt-1 block break-all rounded bg-surface-muted px-2 py-1 text-xs text-fg">
          {attempt.responseExcerpt}
        </code>
      )}
    </li>
  );
}

function DeliveryItem({
  delivery,
  establishmentId,
}: {
  delivery: WebhookDelivery;
  establishmentId: string;
}) {
  const { t, i18n } = useTranslation('webhooks');
  const send = useSendDelivery(establishmentId);
  return (
    <li className="space-y-2 rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-center gap-2">
        <code className="text-sm font-semibold text-fg">{delivery.eventType}</code>
        <DeliveryState state={delivery.state} />
        <span className="text-sm text-muted">
          {formatDateTime(delivery.createdAt, i18n.language)}
        </span>
      </div>
      <p className="break-all text-xs text-muted">
        {t('delivery.id')}: <code>{delivery.id}</code>
      </p>
      {delivery.attempts.length === 0 ? (
        <p className="text-sm text-muted">{t('delivery.noAttempt')}</p>
      ) : (
        <ul className="space-y-2" aria-label={t('delivery.attempts')}>
          {delivery.attempts.map((attempt) => (
            <AttemptLine key={`${attempt.attempt}-${attempt.at}`} attempt={attempt} />
          ))}
        </ul>
      )}
      {delivery.state === 'pending' && delivery.nextAttemptAt && (
        <p className="text-sm text-muted">
          {t('delivery.next', { when: formatDateTime(delivery.nextAttemptAt, i18n.language) })}
        </p>
      )}
      {send.replay.isError && (
        <FormAlert>{errorText(send.replay.error, t('delivery.replayFailed'))}</FormAlert>
      )}
      <Button
        size="sm"
        variant="secondary"
        disabled={delivery.state === 'pending'}
        pending={send.replay.isPending}
        onClick={() => send.replay.mutate(delivery.id)}
      >
        {t('delivery.replay')}
        <span className="sr-only">: {delivery.eventType}</span>
      </Button>
    </li>
  );
}

/** An endpoint's deliveries, newest first, each attempt's answer, and replay. */
export function DeliveriesPanel({
  establishmentId,
  endpointId,
  headingId,
}: {
  establishmentId: string;
  endpointId: string;
  headingId: string;
}) {
  const { t } = useTranslation('webhooks');
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(establishmentId, endpointId, page);
  const totalPages = deliveries.data?.pagination.totalPages ?? 1;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h4 id={headingId} className="font-semibold text-fg">
        {t('delivery.title')}
      </h4>
      {deliveries.isError && (
        <FormAlert>{errorText(deliveries.error, t('delivery.failed'))}</FormAlert>
      )}
      {deliveries.isPending && <p className="text-sm text-muted">{t('delivery.loading')}</p>}
      {deliveries.data && deliveries.data.data.length === 0 && (
        <p className="text-sm text-muted">{t('delivery.none')}</p>
      )}
      <ul className="space-y-2">
        {deliveries.data?.data.map((delivery) => (
          <DeliveryItem key={delivery.id} delivery={delivery} establishmentId={establishmentId} />
        ))}
      </ul>
      <Pager
        page={page}
        totalPages={totalPages}
        onPage={setPage}
        label={t('delivery.pages')}
        previous={t('delivery.newer')}
        next={t('delivery.older')}
        status={t('delivery.page', { page, total: totalPages })}
      />
    </section>
  );
}
