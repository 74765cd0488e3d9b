import { useTranslation } from 'react-i18next';
import type { ReservationStatus } from '@hospes/shared/reservations';
import { cn } from '@/components/ui/cn';

const tones: Record<ReservationStatus, string> = {
  confirmed: 'border-primary text-fg',
  checked_in: 'border-success bg-success-soft text-fg',
  cancelled: 'border-line text-muted line-through',
};

/** A reservation's status as a small label (its text, never its colour alone). */
export function ReservationStatusBadge({ status }: { status: ReservationStatus }) {
  const { t } = useTranslation('reservations');
  return (
    <span
      className={cn(
        'inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold',
        tones[status],
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
}
