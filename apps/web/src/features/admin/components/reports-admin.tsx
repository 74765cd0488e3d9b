import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isIsoDate } from '@hospes/shared/dates';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { isApiError } from '@/lib/api-client';
import { useEstablishments } from '@/features/establishment/api/get-establishments';
import { countryName } from '@/features/traveler/countries';
import { useDownloadReportCsv } from '../api/download-report-csv';
import { useReport, type ReportParams } from '../api/get-report';
import { formatDate, formatMonth } from '../format';
import { BarChart } from './bar-chart';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function paramsOf(search: URLSearchParams): ReportParams {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const establishmentId = search.get('establishmentId') ?? '';
  return {
    from: isIsoDate(from) ? from : undefined,
    to: isIsoDate(to) ? to : undefined,
    establishmentId: UUID.test(establishmentId) ? establishmentId : undefined,
  };
}

/**
 * Reports (an admin section the spec only names): for a period of entry dates, and optionally
 * one establishment, the registrations per month and per establishment and the travelers by
 * nationality and by document type, as charts with data tables, and the same as a CSV file.
 */
export function ReportsAdmin() {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const report = useReport(params);
  const establishments = useEstablishments({ page: 1, limit: 100 });
  const download = useDownloadReportCsv();
  const [draft, setDraft] = useState({
    from: params.from ?? '',
    to: params.to ?? '',
    establishmentId: params.establishmentId ?? '',
  });
  const [orderError, setOrderError] = useState(false);

  // Without dates in the address the server chooses the period: show it in the fields.
  if (report.data && draft.from === '' && draft.to === '' && !params.from && !params.to) {
    setDraft({ ...draft, from: report.data.from, to: report.data.to });
  }

  useEffect(() => {
    if (report.isError) toast.error(t('somethingWentWrong'), { id: 'report' });
  }, [report.isError, t]);

  // The first hundred by name; the one being reported on is added when it is not among them.
  const establishmentOptions = (establishments.data?.data ?? []).map((e) => ({
    value: e.id,
    label: e.name,
  }));
  const reported = report.data?.establishment;
  if (reported && !establishmentOptions.some((option) => option.value === reported.id)) {
    establishmentOptions.push({ value: reported.id, label: reported.name });
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setOrderError(true);
      return;
    }
    setOrderError(false);
    const next = new URLSearchParams();
    if (draft.from) next.set('from', draft.from);
    if (draft.to) next.set('to', draft.to);
    if (draft.establishmentId) next.set('establishmentId', draft.establishmentId);
    setSearch(next);
  };

  const onDownload = async () => {
    try {
      await download.mutateAsync(params);
      toast.success(t('reports.downloaded'));
    } catch (error) {
      toast.error(errorText(error, t('somethingWentWrong')));
    }
  };

  const data = report.data;
  const details = isApiError(report.error) ? report.error.details : [];

  return (
    <div className="space-y-6">
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={t('reports.period')}
        className="rounded-2xl border border-line bg-surface p-5"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr]">
          <TextField
            label={t('reports.from')}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
          <TextField
            label={t('reports.to')}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            error={orderError ? 'validation.periodOrder' : undefined}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
          <SelectField
            className="sm:col-span-2 lg:col-span-1"
            label={t('reports.establishment')}
            value={draft.establishmentId}
            onChange={(event) => setDraft({ ...draft, establishmentId: event.target.value })}
            options={[
              { value: '', label: t('reports.allEstablishments') },
              ...establishmentOptions,
            ]}
          />
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() => void onDownload()}
            pending={download.isPending}
            disabled={!data}
          >
            {t('reports.downloadCsv')}
          </Button>
          <Button type="submit">{t('reports.show')}</Button>
        </div>
      </form>

      {report.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Spinner /> {t('loading')}
        </p>
      )}
      {report.isError && (
        <FormAlert title={errorText(report.error, t('somethingWentWrong'))}>
          {details.length > 0 && (
            <ul className="list-disc ps-5">
              {details.map((detail) => (
                <li key={`${detail.field}-${detail.code}`}>{detail.message}</li>
              ))}
            </ul>
          )}
        </FormAlert>
      )}

      {data && (
        <>
          <section
            aria-labelledby="report-summary"
            className="grid gap-4 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-3"
          >
            <h2 id="report-summary" className="sr-only">
              {t('reports.summary')}
            </h2>
            <div>
              <p className="text-sm font-semibold text-muted">{t('reports.periodShown')}</p>
              <p className="text-fg">
                {formatDate(data.from, lng)} – {formatDate(data.to, lng)}
              </p>
            </div>
            <div>
              <p className="text-sm font-semibold text-muted">{t('reports.establishment')}</p>
              <p className="text-fg">
                {data.establishment?.name ?? t('reports.allEstablishments')}
              </p>
            </div>
            <div>
              <p className="text-sm font-semibold text-muted">{t('reports.total')}</p>
              <p className="text-2xl font-bold text-fg">{data.total}</p>
            </div>
          </section>

          <BarChart
            title={t('reports.byMonth')}
            orientation="vertical"
            labelHeader={t('reports.month')}
            valueHeader={t('reports.registrations')}
            data={data.byMonth.map((row) => ({
              key: row.month,
              label: formatMonth(row.month, lng),
              shortLabel: formatMonth(row.month, lng, 'short'),
              value: row.count,
            }))}
          />
          <div className="grid gap-6 xl:grid-cols-2">
            <BarChart
              title={t('reports.byEstablishment')}
              labelHeader={t('reports.establishment')}
              valueHeader={t('reports.registrations')}
              limit={10}
              data={data.byEstablishment.map((row) => ({
                key: row.establishmentId,
                label: row.name,
                value: row.count,
              }))}
            />
            <BarChart
              title={t('reports.byNationality')}
              labelHeader={t('reports.nationality')}
              valueHeader={t('reports.travelers')}
              limit={10}
              data={data.byNationality.map((row) => ({
                key: row.nationality,
                label: countryName(row.nationality, lng),
                value: row.count,
              }))}
            />
            <BarChart
              title={t('reports.byDocumentType')}
              labelHeader={t('reports.documentType')}
              valueHeader={t('reports.travelers')}
              data={data.byDocumentType.map((row) => ({
                key: row.documentType,
                label: t(`documentTypes.${row.documentType}`),
                value: row.count,
              }))}
            />
          </div>
        </>
      )}
    </div>
  );
}
