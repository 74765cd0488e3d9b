import { useTranslation } from 'react-i18next';
import type { Reservation } from '@hospes/shared/reservations';

/**
 * "n of m guests checked in", marked once complete (decision 066). A module of its own: the desk's
 * today's arrivals show it without the reservations list's link dialogs (decision 075).
 */
export function CheckinProgress({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation('reservations');
  const complete = reservation.registeredGuests >= reservation.guests;
  return (
    <span className={complete ? 'font-semibold text-success' : 'text-muted'}>
      {t(complete ? 'checkin.complete' : 'checkin.progress', {
        registered: reservation.registeredGuests,
        guests: reservation.guests,
      })}
    </span>
  );
}
