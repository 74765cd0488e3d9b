import { useTranslation } from 'react-i18next';
import type { SesToReportItem } from '@hospes/shared/ses-auto';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { links } from '@/config/paths';
import { useSesToReport } from '@/features/establishment/api/get-ses-to-report';
import { errorText } from '@/lib/error-text';

function TimeLeft({ item }: { item: SesToReportItem }) {
  const { t } = useTranslation('documents');
  const hours = Math.floor(Math.abs(item.hoursLeft));
  if (item.hoursLeft <= 0)
    return <span className="font-semibold text-danger">{t('toReport.overdue', { hours })}</span>;
  return (
    <span className={item.hoursLeft <= 4 ? 'font-semibold text-danger' : undefined}>
      {t('toReport.hoursLeft', { hours })}
    </span>
  );
}

/**
 * The deadline guard (decision 044): the travelers of the user's establishments still to report
 * to SES.HOSPEDAJES (never sent, refused or rejected, sent with no answer), most urgent first,
 * with the hours left of the 24 of RD 933/2021, each a link to the traveler's record.
 */
export function SesToReport() {
  const { t } = useTranslation('documents');
  const query = useSesToReport();
  if (query.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-muted">
        <Spinner className="size-5 text-primary" />
        {t('toReport.loading')}
      </p>
    );
  if (query.isError) return <FormAlert>{errorText(query.error, t('toReport.failed'))}</FormAlert>;
  if (query.data.length === 0) return <p className="text-fg">{t('toReport.empty')}</p>;
  const severalPlaces = new Set(query.data.map((i) => i.establishmentId)).size > 1;
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full text-start text-sm">
        <thead className="bg-surface-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-start">
              {t('toReport.traveler')}
            </th>
            {severalPlaces && (
              <th scope="col" className="px-3 py-2 text-start">
                {t('toReport.establishment')}
              </th>
            )}
            <th scope="col" className="px-3 py-2 text-start">
              {t('toReport.arrival')}
            </th>
            <th scope="col" className="px-3 py-2 text-start">
              {t('toReport.state')}
            </th>
            <th scope="col" className="px-3 py-2 text-start">
              {t('toReport.timeLeft')}
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.map((item) => (
            <tr key={item.pilgrimId} className="border-t border-line">
              <th scope="row" className="px-3 py-2 text-start font-medium">
                <TextLink to={links.clientView(item.pilgrimId)}>{item.name}</TextLink>
              </th>
              {severalPlaces && <td className="px-3 py-2">{item.establishmentName}</td>}
              <td className="px-3 py-2">{item.entryDate}</td>
              <td className="px-3 py-2">
                {t(`toReport.states.${item.state}`)}
                {item.error && <span className="block text-muted">{item.error}</span>}
              </td>
              <td className="px-3 py-2">
                <TimeLeft item={item} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
