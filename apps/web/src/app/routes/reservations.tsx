import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { todayIso } from '@hospes/shared/dates';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import {
  EstablishmentChooser,
  NoEstablishmentWarning,
} from '@/features/desk/components/establishment-chooser';
import { useUserEstablishments } from '@/features/establishment/api/get-user-establishments';
import { useFeeds } from '@/features/reservations/api/feeds';
import { CalendarExport } from '@/features/reservations/components/calendar-export';
import { CalendarFeeds } from '@/features/reservations/components/calendar-feeds';
import { CsvImport } from '@/features/reservations/components/csv-import';
import { ReservationsList } from '@/features/reservations/components/reservations-list';
import { useCan } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

function ReservationsOf({ establishmentId, today }: { establishmentId: string; today: string }) {
  const can = useCan();
  // The calendars and the export are the establishment's settings, the CSV an import: offered to
  // the roles that may do them (the server refuses the others all the same, decision 062).
  const manages = can('establishment.manage', establishmentId);
  const imports = can('travelers.import', establishmentId);
  const feeds = useFeeds(establishmentId, manages);
  const units = [...new Set((feeds.data ?? []).map((feed) => feed.unit))];
  return (
    <div className="space-y-10">
      <ReservationsList establishmentId={establishmentId} today={today} />
      {manages && <CalendarFeeds establishmentId={establishmentId} />}
      {manages && <CalendarExport establishmentId={establishmentId} units={units} />}
      {imports && <CsvImport establishmentId={establishmentId} />}
    </div>
  );
}

/** /reservations (?establishmentId=): the reservations, the channels' calendars, the export, CSV. */
export function ReservationsRoute() {
  const { t } = useTranslation('reservations');
  const [params, setParams] = useSearchParams();
  const establishments = useUserEstablishments();
  const list = establishments.data ?? [];
  const requested = params.get('establishmentId');
  const chosen = list.find((e) => e.id === requested) ?? (list.length === 1 ? list[0] : undefined);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={t('title')} />
      <PageHeader title={t('title')} intro={t('intro')} />
      {establishments.isPending ? (
        <div role="status" className="flex items-center gap-3 text-muted">
          <Spinner className="size-6 text-primary" />
          {t('list.loading')}
        </div>
      ) : establishments.isError ? (
        <FormAlert>{errorText(establishments.error, t('list.failed'))}</FormAlert>
      ) : list.length === 0 ? (
        <NoEstablishmentWarning />
      ) : (
        <div className="space-y-6">
          <EstablishmentChooser
            establishments={list}
            value={chosen?.id ?? ''}
            onChange={(id) => {
              const next = new URLSearchParams(params);
              if (id) next.set('establishmentId', id);
              else next.delete('establishmentId');
              setParams(next, { replace: true });
            }}
          />
          {chosen && (
            <ReservationsOf
              key={chosen.id}
              establishmentId={chosen.id}
              today={todayIso(new Date(), establishmentTimeZone(chosen))}
            />
          )}
        </div>
      )}
    </div>
  );
}

export default ReservationsRoute;
