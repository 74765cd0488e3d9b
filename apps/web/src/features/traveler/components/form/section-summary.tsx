import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isIsoDate } from '@hospes/shared/dates';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { countryName } from '../../countries';
import { documentLabel, formatDate } from '../../format';
import { useTravelerFields } from './form-context';

/**
 * The one line of a complete section closed (decision 072), from the values of its fields. A
 * component of its own: only it re-renders as the fields are typed in, not the section's fields.
 */
export function SectionSummary({
  name,
  parts = 'all',
}: {
  name: 'identity' | 'document' | 'contact' | 'emergency' | 'stayDates';
  /** Of the contact: the e-mail and phone only (`essentials`), or without the second phone. */
  parts?: 'all' | 'essentials' | 'traveler';
}) {
  const { t, i18n } = useTranslation('clients');
  const { control } = useTravelerFields();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const values = useWatch({ control });
  const date = (value: string | undefined) =>
    value && isIsoDate(value) ? formatDate(value, lng) : '';
  let items: unknown[];
  if (name === 'identity')
    items = [
      [values.firstName, values.lastName, values.secondLastName].filter(Boolean).join(' '),
      values.nationality && countryName(values.nationality, lng),
      date(values.dateOfBirth),
      values.gender && t(`genders.${values.gender}`),
    ];
  else if (name === 'document')
    items = [
      documentLabel(
        {
          documentType: values.documentType ?? 'P',
          passportNumber: values.passportNumber ?? '',
        },
        t,
      ),
      values.documentSupportNumber,
      date(values.documentExpeditionDate),
    ];
  else if (name === 'contact')
    items = [
      values.contactInfo?.email,
      values.contactInfo?.phone,
      parts === 'all' && values.contactInfo?.phone2,
      parts !== 'essentials' && LANGUAGE_NAMES[values.language as keyof typeof LANGUAGE_NAMES],
    ];
  else if (name === 'emergency')
    items = [
      values.emergencyContact?.name,
      values.emergencyContact?.phone,
      values.emergencyContact?.relationship &&
        t(`relationships.${values.emergencyContact.relationship}`),
    ];
  else items = [date(values.entryDate), date(values.checkOutDate)];
  return (
    <>
      {items
        .filter((item): item is string => typeof item === 'string' && !!item)
        .join(name === 'stayDates' ? ' – ' : ' · ')}
    </>
  );
}
