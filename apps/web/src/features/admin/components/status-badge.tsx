import { useTranslation } from 'react-i18next';
import type { EstablishmentStatus } from '@hospes/shared/establishments';
import { cn } from '@/components/ui/cn';

const tones: Record<EstablishmentStatus, string> = {
  active: 'border-success bg-success-soft',
  inactive: 'border-control bg-surface-muted',
  pending: 'border-primary bg-info-soft',
};

/** The establishment's state as text in a tinted pill (the colour only repeats the word). */
export function StatusBadge({
  status,
  className,
}: {
  status: EstablishmentStatus;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold text-fg',
        tones[status],
        className,
      )}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}
