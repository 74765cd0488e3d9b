import { useTranslation } from 'react-i18next';
import { EmailText, PhoneText } from '@/components/ui/contact-text';
import type { Establishment } from '@hospes/shared/establishments';
import { formatDate, formatDateTime } from '../format';
import { DetailsSection } from './details-list';
import { EstablishmentTravelers } from './establishment-travelers';
import { StatusBadge } from './status-badge';

/**
 * One establishment (spec §2): general, contact and activity blocks, then its travelers,
 * paginated, each deleted only after a confirmation that names them.
 */
export function EstablishmentDetail({ establishment }: { establishment: Establishment }) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const e = establishment;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-3">
        <DetailsSection
          id="establishment-general"
          title={t('view.general')}
          items={[
            { label: t('fields.name'), value: e.name },
            { label: t('fields.type'), value: t(`types.${e.type}`) },
            { label: t('fields.nif'), value: e.nif },
            { label: t('fields.status'), value: <StatusBadge status={e.status} /> },
          ]}
        />
        <DetailsSection
          id="establishment-contact"
          title={t('view.contact')}
          items={[
            { label: t('fields.address'), value: e.address },
            { label: t('fields.city'), value: e.city },
            { label: t('fields.province'), value: e.province },
            { label: t('fields.postalCode'), value: e.postalCode },
            {
              label: t('fields.phone'),
              value: (
                <a
                  className="text-primary underline"
                  href={`tel:${e.phone.replace(/[^+\d]/g, '')}`}
                >
                  <PhoneText phone={e.phone} />
                </a>
              ),
            },
            { label: t('fields.contactName'), value: e.contactName },
            {
              label: t('fields.contactEmail'),
              value: (
                <a className="text-primary underline" href={`mailto:${e.contactEmail}`}>
                  <EmailText email={e.contactEmail} />
                </a>
              ),
            },
          ]}
        />
        <DetailsSection
          id="establishment-activity"
          title={t('view.activity')}
          items={[
            { label: t('view.totalPilgrims'), value: e.pilgrimsCount },
            {
              label: t('view.lastActivity'),
              value: e.lastActivity ? formatDateTime(e.lastActivity, lng) : t('never'),
            },
            {
              label: t('establishments.lastLogin'),
              value: e.lastLogin ? formatDateTime(e.lastLogin, lng) : t('never'),
            },
            { label: t('view.registered'), value: formatDate(e.createdAt, lng) },
          ]}
        />
      </div>
      <EstablishmentTravelers establishmentId={e.id} establishmentName={e.name} />
    </div>
  );
}
