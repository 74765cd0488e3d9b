import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPE_LABELS } from '@hospes/shared/codes';
import type { Traveler } from '@hospes/shared/travelers';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { countryName } from '../countries';
import { formatDate, formatLocalDateTime } from '../format';
import { useCan } from '@/lib/auth';
import { DocumentThumbnail } from './document-images';

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className={wide ? 'col-span-2 lg:col-span-3' : 'min-w-0'}>
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-0.5 text-base break-words text-fg">{children}</dd>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-line pt-5 first:border-t-0 first:pt-0">
      <h2 className="mb-3 text-lg font-semibold text-fg">{title}</h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">{children}</dl>
    </section>
  );
}

/** The traveler's record, read-only, in the same groups as the form. */
export function TravelerDetails({ pilgrim }: { pilgrim: Traveler }) {
  const { t, i18n } = useTranslation('clients');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const p = pilgrim;
  const a = p.address;
  const s = p.stay;
  const yesNo = (value: boolean | null) =>
    value === null ? '' : value ? t('form.yes') : t('form.no');
  const hasContract =
    !!s.contractReference ||
    !!s.contractDate ||
    !!s.entryDateTime ||
    !!s.exitDateTime ||
    s.numberOfPersons !== null ||
    s.numberOfRooms !== null ||
    s.internetBooking !== null;
  const hasPayment =
    !!s.paymentType || !!s.paymentDate || !!s.paymentMethod || !!s.paymentHolder || !!s.cardExpiry;
  const documents = (['front', 'back', 'signature'] as const).flatMap((kind) =>
    p.documentUploads.filter((upload) => upload.kind === kind),
  );
  // The images are for a role that may see them (travelers.documentImages, decision 058): to
  // another, the server refuses them, and the section is not shown.
  const mayViewImages = useCan()('travelers.documentImages', p.establishmentId);

  return (
    <div className="space-y-6">
      <Block title={t('form.sections.identity')}>
        <Item label={t('form.firstName')}>{p.firstName}</Item>
        <Item label={t('form.lastName')}>{p.lastName}</Item>
        <Item label={t('form.secondLastName')}>{p.secondLastName}</Item>
        <Item label={t('form.nationality')}>{countryName(p.nationality, lng)}</Item>
        <Item label={t('form.dateOfBirth')}>{formatDate(p.dateOfBirth, lng)}</Item>
        <Item label={t('form.gender')}>{t(`genders.${p.gender}`)}</Item>
        <Item label={t('form.kinship')}>{p.kinship ? t(`kinship.${p.kinship}`) : null}</Item>
      </Block>
      <Block title={t('form.sections.document')}>
        <Item label={t('form.documentType')}>
          {p.passportNumber
            ? t(`documentTypes.${DOCUMENT_TYPE_LABELS[p.documentType]}`)
            : t('list.noDocument')}
        </Item>
        <Item label={t('form.passportNumber')}>{p.passportNumber}</Item>
        <Item label={t('form.documentSupportNumber')}>{p.documentSupportNumber}</Item>
        <Item label={t('form.documentExpeditionDate')}>
          {formatDate(p.documentExpeditionDate, lng)}
        </Item>
      </Block>
      <Block title={t('form.sections.stay')}>
        <Item label={t('view.establishment')}>{p.establishment.name}</Item>
        <Item label={t('form.entryDate')}>{formatDate(p.entryDate, lng)}</Item>
        <Item label={t('form.checkOutDate')}>
          {p.checkOutDate ? formatDate(p.checkOutDate, lng) : t('view.noCheckOut')}
        </Item>
        <Item label={t('view.nights')}>{String(p.daysOfStay)}</Item>
      </Block>
      <Block title={t('form.sections.contact')}>
        <Item label={t('form.email')}>
          <a className="text-primary underline" href={`mailto:${p.contactInfo.email}`}>
            {p.contactInfo.email}
          </a>
        </Item>
        <Item label={t('form.phone')}>
          <a className="text-primary underline" href={`tel:${p.contactInfo.phone}`}>
            {p.contactInfo.phone}
          </a>
        </Item>
        <Item label={t('form.phone2')}>{p.contactInfo.phone2}</Item>
        <Item label={t('form.language')}>
          {LANGUAGE_NAMES[p.language as keyof typeof LANGUAGE_NAMES] ?? p.language}
        </Item>
      </Block>
      {/* None where the establishment lets the desk leave it out (decision 055). */}
      {p.emergencyContact.name && (
        <Block title={t('form.sections.emergency')}>
          <Item label={t('form.emergencyName')}>{p.emergencyContact.name}</Item>
          <Item label={t('form.emergencyPhone')}>{p.emergencyContact.phone}</Item>
          <Item label={t('form.relationship')}>
            {p.emergencyContact.relationship &&
              t(`relationships.${p.emergencyContact.relationship}`)}
          </Item>
        </Block>
      )}
      {(a || p.contactInfo.address) && (
        <Block title={t('form.sections.homeAddress')}>
          <Item label={t('form.contactAddress')} wide>
            {p.contactInfo.address}
          </Item>
          <Item label={t('form.street')}>{a?.street}</Item>
          <Item label={t('form.complement')}>{a?.complement}</Item>
          <Item label={t('form.country')}>{a ? countryName(a.country, lng) : null}</Item>
          <Item label={t('form.postalCode')}>{a?.postalCode}</Item>
          <Item label={t('form.municipalityCode')}>{a?.municipalityCode}</Item>
          <Item label={t('form.municipalityName')}>{a?.municipalityName}</Item>
        </Block>
      )}
      {hasContract && (
        <Block title={t('form.sections.contract')}>
          <Item label={t('form.contractReference')}>{s.contractReference}</Item>
          <Item label={t('form.contractDate')}>{formatDate(s.contractDate, lng)}</Item>
          <Item label={t('form.entryDateTime')}>{formatLocalDateTime(s.entryDateTime, lng)}</Item>
          <Item label={t('form.exitDateTime')}>{formatLocalDateTime(s.exitDateTime, lng)}</Item>
          <Item label={t('form.numberOfPersons')}>{s.numberOfPersons?.toString()}</Item>
          <Item label={t('form.numberOfRooms')}>{s.numberOfRooms?.toString()}</Item>
          <Item label={t('form.internetBooking')}>{yesNo(s.internetBooking)}</Item>
        </Block>
      )}
      {hasPayment && (
        <Block title={t('form.sections.payment')}>
          <Item label={t('form.paymentType')}>
            {s.paymentType ? t(`payment.${s.paymentType}`) : null}
          </Item>
          <Item label={t('form.paymentDate')}>{formatDate(s.paymentDate, lng)}</Item>
          <Item label={t('form.paymentMethod')}>{s.paymentMethod}</Item>
          <Item label={t('form.paymentHolder')}>{s.paymentHolder}</Item>
          <Item label={t('form.cardExpiry')}>{s.cardExpiry}</Item>
        </Block>
      )}
      {mayViewImages && (
        <section className="border-t border-line pt-5">
          <h2 className="mb-3 text-lg font-semibold text-fg">{t('view.documents')}</h2>
          {documents.length === 0 ? (
            <p className="text-muted">{t('view.noDocuments')}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {documents.map((document) => (
                <li key={document.id}>
                  <DocumentThumbnail
                    pilgrimId={p.id}
                    document={document}
                    alt={t(`documents.kinds.${document.kind}`)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
