import { useState } from 'react';
import { EmailText, PhoneText } from '@/components/ui/contact-text';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Traveler } from '@hospes/shared/travelers';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TextLink } from '@/components/ui/text-link';
import { links, paths } from '@/config/paths';
import { useDocumentSlots } from '@/lib/document-slots';
import { errorText } from '@/lib/error-text';
import { useDeleteTraveler } from '@/features/traveler/api/delete-traveler';
import { DocumentThumbnails } from '@/features/traveler/components/document-thumbnails';
import { TravelerHistory } from '@/features/traveler/components/traveler-history';
import { countryName } from '@/features/traveler/countries';
import { travelerChangeRefreshes } from '../api/keys';
import { formatDate, fullName } from '../format';
import { DetailsSection, type DetailItem } from './details-list';

const linkClasses = 'text-primary underline';

/** Keeps the items that have a value (spec §2: optional fields only when present). */
const present = (items: (DetailItem | false | null | undefined)[]): DetailItem[] =>
  items.filter((item): item is DetailItem => !!item);

/**
 * The admin's view of one traveler (spec §2): personal, document (with the establishment,
 * linked), contact (mailto and tel links), emergency contact when there is one, and the
 * uploaded documents. Actions: back, edit (the desk's form), delete after a confirmation.
 */
export function TravelerDetail({
  pilgrim,
  onDeleting,
}: {
  pilgrim: Traveler;
  /** True while the record is being deleted (and after): the page stops asking for it. */
  onDeleting: (deleting: boolean) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const navigate = useNavigate();
  const removal = useDeleteTraveler(travelerChangeRefreshes);
  const [confirming, setConfirming] = useState(false);
  const { pdfActions } = useDocumentSlots();
  const p = pilgrim;
  const name = fullName(p);
  const emergency = p.emergencyContact;

  const confirmDelete = async () => {
    try {
      onDeleting(true);
      await removal.mutateAsync(p.id);
      toast.success(t('pilgrims.deleted'));
      setConfirming(false);
      await navigate(paths.admin);
    } catch {
      onDeleting(false);
      toast.error(t('somethingWentWrong'));
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TextLink to={paths.admin}>{t('actions.backToAdmin')}</TextLink>
        <div className="flex flex-wrap gap-2">
          {pdfActions?.(p, { failureToast: t('somethingWentWrong') })}
          <ButtonLink to={links.clientEdit(p.id)} variant="secondary">
            {t('actions.edit')}
          </ButtonLink>
          <Button
            variant="danger"
            onClick={() => {
              removal.reset();
              setConfirming(true);
            }}
          >
            {t('actions.delete')}
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <DetailsSection
          id="pilgrim-personal"
          title={t('pilgrim.personal')}
          items={present([
            { label: t('pilgrim.firstName'), value: p.firstName },
            { label: t('pilgrim.lastName'), value: p.lastName },
            !!p.secondLastName && { label: t('pilgrim.secondLastName'), value: p.secondLastName },
            { label: t('pilgrim.nationality'), value: countryName(p.nationality, lng) },
            { label: t('pilgrim.gender'), value: t(`genders.${p.gender}`) },
            { label: t('pilgrim.dateOfBirth'), value: formatDate(p.dateOfBirth, lng) },
          ])}
        />
        <DetailsSection
          id="pilgrim-document"
          title={t('pilgrim.document')}
          items={present([
            { label: t('pilgrim.documentType'), value: t(`documentTypes.${p.documentType}`) },
            { label: t('pilgrim.documentNumber'), value: p.passportNumber },
            !!p.documentExpeditionDate && {
              label: t('pilgrim.expeditionDate'),
              value: formatDate(p.documentExpeditionDate, lng),
            },
            { label: t('pilgrim.entryDate'), value: formatDate(p.entryDate, lng) },
            !!p.checkOutDate && {
              label: t('pilgrim.checkOutDate'),
              value: formatDate(p.checkOutDate, lng),
            },
            {
              label: t('pilgrim.establishment'),
              value: (
                <TextLink to={links.adminEstablishmentView(p.establishment.id)}>
                  {p.establishment.name}
                </TextLink>
              ),
            },
          ])}
        />
        <DetailsSection
          id="pilgrim-contact"
          title={t('pilgrim.contact')}
          items={present([
            {
              label: t('pilgrim.email'),
              value: (
                <a className={linkClasses} href={`mailto:${p.contactInfo.email}`}>
                  <EmailText email={p.contactInfo.email} />
                </a>
              ),
            },
            {
              label: t('pilgrim.phone'),
              value: (
                <a
                  className={linkClasses}
                  href={`tel:${p.contactInfo.phone.replace(/[^+\d]/g, '')}`}
                >
                  <PhoneText phone={p.contactInfo.phone} />
                </a>
              ),
            },
            !!p.contactInfo.address && {
              label: t('pilgrim.address'),
              value: p.contactInfo.address,
            },
          ])}
        />
        {(emergency.name || emergency.phone || emergency.relationship) && (
          <DetailsSection
            id="pilgrim-emergency"
            title={t('pilgrim.emergency')}
            items={present([
              !!emergency.name && { label: t('pilgrim.emergencyName'), value: emergency.name },
              !!emergency.phone && {
                label: t('pilgrim.phone'),
                value: (
                  <a className={linkClasses} href={`tel:${emergency.phone.replace(/[^+\d]/g, '')}`}>
                    <PhoneText phone={emergency.phone} />
                  </a>
                ),
              },
              !!emergency.relationship && {
                label: t('pilgrim.relationship'),
                value: t(`relationships.${emergency.relationship}`),
              },
            ])}
          />
        )}
      </div>

      <DocumentThumbnails pilgrimId={p.id} uploads={p.documentUploads} />
      <TravelerHistory pilgrimId={p.id} />

      <ConfirmDialog
        open={confirming}
        title={t('pilgrims.deleteTitle')}
        description={t('pilgrims.deleteText', { name })}
        cancelLabel={t('discard.cancel')}
        confirmLabel={t('actions.delete')}
        pending={removal.isPending}
        error={removal.isError ? errorText(removal.error, t('somethingWentWrong')) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
