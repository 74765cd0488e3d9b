import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryState } from '@hospes/shared/webhooks';
import { cn } from '@/components/ui/cn';

const tone: Record<WebhookDeliveryState, string> = {
  delivered: 'border-success text-success',
  failed: 'border-danger text-danger',
  pending: 'border-control text-fg',
};

/** A delivery's state as a labelled badge (text, not colour alone). */
export function DeliveryState({ state }: { state: WebhookDeliveryState }) {
  const { t } = useTranslation('webhooks');
  return (
    <span className={cn('rounded-full border px-2 py-0.5 text-xs font-semibold', tone[state])}>
      {t(`state.${state}`)}
    </span>
  );
}
