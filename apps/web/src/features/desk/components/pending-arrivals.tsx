import { useTranslation } from 'react-i18next';
import { todayIso } from '@hospes/shared/dates';
import { bcp47Of } from '@hospes/shared/languages';
import type { Traveler } from '@hospes/shared/travelers';
import { ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { links } from '@/config/paths';
import { usePendingArrivals } from '@/features/traveler/api/get-pending-arrivals';
import { documentLabel, formatDate, fullName } from '@/features/traveler/format';
import { errorText } from '@/lib/error-text';

/** When an arrival sent the form: its time when it is of today, else its day. */
function sentAt(traveler: Traveler, today: string, lng: string): string {
  if (traveler.entryDate !== today) return formatDate(traveler.entryDate, lng);
  const moment = new Date(traveler.createdAt);
  if (Number.isNaN(moment.getTime())) return '';
  return new Intl.DateTimeFormat(bcp47Of(lng), { timeStyle: 'short' }).format(moment);
}

/**
 * The desk's queue of arrivals (decision 052): the self check-ins of the establishment still to
 * confirm, newest first, each with its name and document, asked again every few seconds so that a
 * pilgrim who has just sent the form from the poster's QR code appears without a reload. Opening
 * one (`onOpen`) starts its check and confirmation; `opening` is the one being fetched.
 */
export function PendingArrivals({
  establishmentId,
  timeZone,
  opening,
  onOpen,
}: {
  establishmentId: string;
  /** The establishment's clock: whether an arrival sent the form today. */
  timeZone?: string | undefined;
  opening?: string | null;
  onOpen: (traveler: Traveler) => void;
}) {
  const { t, i18n } = useTranslation('checkin');
  const { t: tc } = useTranslation('clients');
  const arrivals = usePendingArrivals(establishmentId);
  const today = todayIso(new Date(), timeZone);
  const travelers = arrivals.data?.travelers ?? [];
  const total = arrivals.data?.total ?? 0;

  return (
    <section
      aria-labelledby="pending-arrivals-title"
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pending-arrivals-title" className="text-lg font-semibold text-fg">
          {t('queue.title')}
        </h2>
        <ButtonLink variant="secondary" size="sm" to={links.checkinPoster(establishmentId)}>
          {t('queue.poster')}
        </ButtonLink>
      </div>
      {/* Read out as arrivals come and go; the list itself is not re-read on every refresh. */}
      <p role="status" className="mt-1 text-sm text-muted" data-testid="pending-arrivals-count">
        {arrivals.isPending ? t('queue.loading') : t('queue.waiting', { count: total })}
      </p>
      {arrivals.isError && !arrivals.data ? (
        <FormAlert className="mt-3">{errorText(arrivals.error, t('queue.failed'))}</FormAlert>
      ) : travelers.length === 0 ? (
        !arrivals.isPending && <p className="mt-2 text-sm text-fg">{t('queue.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-lg border border-line">
          {travelers.map((traveler) => {
            const name = fullName(traveler);
            const busy = opening === traveler.id;
            return (
              <li key={traveler.id}>
                <button
                  type="button"
                  onClick={() => onOpen(traveler)}
                  disabled={!!opening}
                  aria-label={t('queue.open', { name })}
                  className={cn(
                    'flex min-h-11 w-full flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-start',
                    'hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary disabled:opacity-70',
                  )}
                >
                  <span className="min-w-0 font-semibold text-fg">{name}</span>
                  <span className="text-sm whitespace-nowrap text-fg">
                    {documentLabel(traveler, tc)}
                  </span>
                  <span className="ms-auto flex items-center gap-2 text-sm whitespace-nowrap text-muted">
                    {busy && <Spinner className="size-4 text-primary" />}
                    {sentAt(traveler, today, i18n.language)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {total > travelers.length && (
        <p className="mt-2 text-sm text-muted">
          {t('queue.more', { count: total - travelers.length })}
        </p>
      )}
    </section>
  );
}
