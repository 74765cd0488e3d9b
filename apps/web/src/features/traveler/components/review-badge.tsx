import { useTranslation } from 'react-i18next';
import type { Traveler } from '@hospes/shared/travelers';
import { cn } from '@/components/ui/cn';

/** "Awaiting review": a traveler who registered by link and whom staff have not confirmed yet. */
export function ReviewBadge({ pilgrim, className }: { pilgrim: Traveler; className?: string }) {
  const { t } = useTranslation('checkin');
  if (pilgrim.selfRegistration?.status !== 'pending') return null;
  return (
    <span
      data-testid="review-badge"
      className={cn(
        'inline-flex items-center rounded-full border-2 border-danger bg-danger-soft px-2 py-0.5 text-xs font-semibold text-fg',
        className,
      )}
    >
      {t('review.badge')}
    </span>
  );
}
