import { useTranslation } from 'react-i18next';
import type { StayStatus } from '@hospes/shared/stay';
import { cn } from '@/components/ui/cn';
import { WARNING_ICON_PATH } from '@/components/ui/icons';

const tones: Record<StayStatus, string> = {
  recent: 'border-primary bg-info-soft',
  long: 'border-control bg-surface-muted',
  tooLong: 'border-danger bg-danger-soft',
};

function Icon({ status }: { status: StayStatus }) {
  const paths: Record<StayStatus, string> = {
    recent: 'M12 5v14M5 12h14',
    long: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
    tooLong: WARNING_ICON_PATH,
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
