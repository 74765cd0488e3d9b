import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RESERVATION_STATUSES,
  type Reservation,
  type ReservationStatus,
} from '@hospes/shared/reservations';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import type { ReservationReport } from '@hospes/shared/reservation-report';
import { useCan } from '@/lib/auth';
import { useReservations } from '../api/get-reservations';
import { useReservationReports } from '../api/reservation-reports';
import { ReservationReportLine } from './reservation-report';
import { CheckinProgress } from './checkin-progress';
import { ReservationCheckinActions } from './reservation-checkin';
import { ReservationFormDialog } from './reservation-form-dialog';
import { ReservationStatusBadge } from './reservation-status';

const PAGE_SIZE = 50;

/** One reservation in the list: holder, dates, unit, guests, status and an overlap warning. */
function ReservationItem({
  establishmentId,
  reservation,
  byId,
  onEdit,
  report,
  canSend,
}: {
  establishmentId: string;
  reservation: Reservation;
  byId: Map<string, Reservation>;
  onEdit: () => void;
  report: ReservationReport | undefined;
  canSend: boolean;
}) {
  const { t } = useTranslation('reservations');
  const overlaps = reservation.overlapsWith.map(
    (id) => byId.get(id)?.holderName ?? t('list.another'),
  );
  return (
    <li className="rounded-xl border border-line bg-surface p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold text-fg">{reservation.holderName}</p>
          <p className="text-sm text-fg">
            {t('list.dates', { arrival: reservation.arrival, departure: reservation.departure })}
            {' · '}
            {t('list.guests', { n: reservation.guests })}
            {reservation.unit ? ` · ${reservation.unit}` : ''}
          </p>
          <p className="text-sm text-muted">
            {[reservation.channel, t(`source.${reservation.source}`)].filter(Boolean).join(' · ')}
          </p>
          {reservation.status !== 'cancelled' && (
            <p className="text-sm">
              <CheckinProgress reservation={reservation} />
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <ReservationStatusBadge status={reservation.status} />
          <Button size="sm" variant="secondary" onClick={onEdit}>
            {t('list.edit')}
            <span className="sr-only">: {reservation.holderName}</span>
          </Button>
        </div>
      </div>
      {report && (
        <ReservationReportLine
          establishmentId={establishmentId}
          holderName={reservation.holderName}
          report={report}
          canSend={canSend}
        />
      )}
      <div className="mt-2">
        <ReservationCheckinActions establishmentId={establishmentId} reservation={reservation} />
      </div>
      {overlaps.length > 0 && (
        <p className="mt-2 text-sm font-medium text-danger" role="note">
          {t('list.overlap', { unit: reservation.unit, names: overlaps.join(', ') })}
        </p>
      )}
    </li>
  );
}

/** The reservations from a day on, by arrival date, with a status filter; create and edit. */
export function ReservationsList({
  establishmentId,
  today,
}: {
  establishmentId: string;
  today: string;
}) {
  const { t } = useTranslation('reservations');
  const [from, setFrom] = useState(today);
  const [status, setStatus] = useState<ReservationStatus | ''>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Reservation | 'new' | null>(null);
  const query = { from: from || undefined, status: status || undefined, page, limit: PAGE_SIZE };
  const list = useReservations(establishmentId, query);
  const rows = list.data?.data ?? [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const can = useCan();
  // The reports (RH) of the same reservations: one call for the list (decision 071).
  const reports = useReservationReports(establishmentId, from || undefined);
  const reportOf = new Map((reports.data ?? []).map((r) => [r.reservationId, r]));

  return (
    <section aria-labelledby="reservations-list-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="reservations-list-title" className="text-xl font-bold text-fg">
          {t('list.title')}
        </h2>
        <Button onClick={() => setEditing('new')}>{t('list.new')}</Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('list.from')}
          type="date"
          value={from}
          onChange={(event) => {
            setFrom(event.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label={t('fields.status')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ReservationStatus | '');
            setPage(1);
          }}
          options={[
            { value: '', label: t('list.anyStatus') },
            ...RESERVATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
      </div>
      {list.isPending ? (
        <div role="status" className="flex items-center gap-3 text-muted">
          <Spinner className="size-6 text-primary" />
          {t('list.loading')}
        </div>
      ) : list.isError ? (
        <FormAlert>{errorText(list.error, t('list.failed'))}</FormAlert>
      ) : rows.length === 0 ? (
        <p className="text-muted">{t('list.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {rows.map((reservation) => (
            <ReservationItem
              key={reservation.id}
              establishmentId={establishmentId}
              reservation={reservation}
              byId={byId}
              onEdit={() => setEditing(reservation)}
              report={reportOf.get(reservation.id)}
              canSend={can('ses.send', establishmentId)}
            />
          ))}
        </ul>
      )}
      {list.data && (
        <Pager
          page={page}
          totalPages={list.data.pagination.totalPages}
          onPage={setPage}
          label={t('list.pages')}
          previous={t('list.previous')}
          next={t('list.next')}
          status={t('list.page', { page, total: list.data.pagination.totalPages })}
        />
      )}
      {editing && (
        <ReservationFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          establishmentId={establishmentId}
          reservation={editing === 'new' ? null : editing}
          open
          onClose={() => setEditing(null)}
          today={today}
        />
      )}
    </section>
  );
}
