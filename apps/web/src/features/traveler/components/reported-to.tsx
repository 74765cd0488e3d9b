import { useTranslation } from 'react-i18next';
import { AUTHORITY_NAMES } from '@hospes/shared/codes';
import type { ReportedTo } from '@hospes/shared/travelers';
import { cn } from '@/components/ui/cn';
import { formatDateTime } from '@/lib/format-date-time';

/** The authority's own name: SES.HOSPEDAJES, Mossos d'Esquadra, Ertzaintza. */
const authorityName = (authority: ReportedTo['authority']) =>
  authority === 'ses' ? 'SES.HOSPEDAJES' : AUTHORITY_NAMES[authority];

/**
 * Where a traveler was reported and under which reference (decisions 057, 061): the SES lote, the
 * Mossos file or the Ertzaintza's request. `record` adds when; the list's line is short. Nothing
 * before the traveler is reported.
 */
export function ReportedToLine({
  reportedTo,
  record = false,
  className,
}: {
  reportedTo: ReportedTo | null | undefined;
  record?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation('clients');
  if (!reportedTo) return null;
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const values = {
    authority: authorityName(reportedTo.authority),
    reference: reportedTo.reference ?? '—',
  };
  return (
    <p data-testid="reported-to" className={cn('text-sm break-all text-muted', className)}>
      {record
        ? t('reportedTo.record', { ...values, date: formatDateTime(reportedTo.at, lng) })
        : t('reportedTo.list', values)}
    </p>
  );
}
