import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { errorText } from '@/lib/error-text';
import { useCalendarExport, useRenewCalendarExport } from '../api/feeds';

/** The secret address of the establishment's calendar, for the channels to import. */
export function CalendarExport({
  establishmentId,
  units,
}: {
  establishmentId: string;
  units: readonly string[];
}) {
  const { t } = useTranslation('reservations');
  const exported = useCalendarExport(establishmentId);
  const renew = useRenewCalendarExport(establishmentId);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('export.copied'));
    } catch {
      toast.error(t('export.copyFailed'));
    }
  };
  const addresses = exported.data
    ? [
        { label: t('export.all'), url: exported.data.url },
        ...units.map((unit) => ({
          label: unit,
          url: `${exported.data.url}?unit=${encodeURIComponent(unit)}`,
        })),
      ]
    : [];

  return (
    <section aria-labelledby="reservations-export-title" className="space-y-3">
      <h2 id="reservations-export-title" className="text-xl font-bold text-fg">
        {t('export.title')}
      </h2>
      <p className="text-sm text-muted">{t('export.intro')}</p>
      {exported.isError && <FormAlert>{errorText(exported.error, t('export.failed'))}</FormAlert>}
      <ul className="space-y-2">
        {addresses.map(({ label, url }, index) => (
          <li key={url} className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <label
                htmlFor={`calendar-export-${index}`}
                className="mb-1 block text-sm font-semibold text-fg"
              >
                {label}
              </label>
              <input
                id={`calendar-export-${index}`}
                readOnly
                value={url}
                onFocus={(event) => event.target.select()}
                className="block w-full min-h-11 rounded-lg border border-control bg-surface-muted px-3 py-2 text-sm text-fg"
              />
            </div>
            <Button variant="secondary" onClick={() => void copy(url)}>
              {t('export.copy')}
              <span className="sr-only">: {label}</span>
            </Button>
          </li>
        ))}
      </ul>
      {exported.data && (
        <Button variant="ghost" disabled={renew.isPending} onClick={() => renew.mutate()}>
          {t('export.renew')}
        </Button>
      )}
    </section>
  );
}
