import { useTranslation } from 'react-i18next';
import type { StayStatus } from '@hospes/shared/stay';
import { cn } from '@/components/ui/cn';

const tones: Record<StayStatus, string> = {
  recent: 'border-primary bg-info-soft',
  long: 'border-control bg-surface-muted',
  tooLong: 'border-danger bg-danger-soft',
};

function Icon({ status }: { status: StayStatus }) {
  const paths: Record<StayStatus, string> = {
    recent: 'M12 5v14M5 12h14',
    long: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
    tooLong:
      'M12 8v5M12 16.5v.5M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  };
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d={paths[status]} />
    </svg>
  );
}

/** The stay indicator (spec §2): recent arrival, long stay, stay too long — in words, not colour alone. */
export function StayBadge({
  status,
  className,
}: {
  status: StayStatus | null;
  className?: string;
}) {
  const { t } = useTranslation('clients');
  if (!status) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm font-medium whitespace-nowrap text-fg',
        tones[status],
        className,
      )}
    >
      <Icon status={status} />
      {t(`stay.${status}`)}
    </span>
  );
}
