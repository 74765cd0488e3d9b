import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink } from '@/components/ui/text-link';
import { links } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useTodayArrivals } from '../api/get-today-arrivals';
import { CheckinProgress } from './checkin-progress';
import { ReservationStatusBadge } from './reservation-status';

/** The desk's arrivals of the day: the reservations arriving today, with their state. */
export function TodayArrivals({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation('reservations');
  const arrivals = useTodayArrivals(establishmentId);
  if (arrivals.isPending) return null;
  if (arrivals.isError)
    return <FormAlert>{errorText(arrivals.error, t('today.failed'))}</FormAlert>;
  const { reservations } = arrivals.data;
  return (
    <section
      aria-labelledby="today-arrivals-title"
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-arrivals-title" className="text-lg font-bold text-fg">
          {t('today.title', { n: reservations.length })}
        </h2>
        <TextLink to={links.reservations(establishmentId)}>{t('today.all')}</TextLink>
      </div>
      {reservations.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('today.none')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {reservations.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words text-fg">
                <span className="font-semibold">{r.holderName}</span>
                {' · '}
                {t('list.guests', { n: r.guests })}
                {r.unit ? ` · ${r.unit}` : ''}
                {' · '}
                {t('today.until', { departure: r.departure })}
                {r.status !== 'cancelled' && (
                  <>
                    {' · '}
                    <CheckinProgress reservation={r} />
                  </>
                )}
              </span>
              <ReservationStatusBadge status={r.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
