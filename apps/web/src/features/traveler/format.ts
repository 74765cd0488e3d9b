import type { TFunction } from 'i18next';
import { DOCUMENT_TYPE_LABELS } from '@hospes/shared/codes';
import { bcp47Of } from '@hospes/shared/languages';
import type { Traveler } from '@hospes/shared/travelers';

export { formatDate, fullName } from '@/lib/format-date-time';

/**
 * A traveler's document as the desk reads it ("Passport X1234567"), or that they have none (a
 * minor registered without one): never the default type of an empty document. `t` is the
 * clients namespace's.
 */
export function documentLabel(
  traveler: Pick<Traveler, 'documentType' | 'passportNumber'>,
  t: TFunction<'clients'>,
): string {
  return traveler.passportNumber
    ? `${t(`documentTypes.${DOCUMENT_TYPE_LABELS[traveler.documentType]}`)} ${traveler.passportNumber}`
    : t('list.noDocument');
}

/**
 * A local date-time `YYYY-MM-DDTHH:mm[:ss]` (a stay's entry or exit, in the lodging's time) shown in
 * the interface language as written, never shifted by the browser's time zone.
 */
export function formatLocalDateTime(value: string | null | undefined, lng: string): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return value;
  const [, y, m, d, hh, mm] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d, hh, mm));
  return new Intl.DateTimeFormat(bcp47Of(lng), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
}
