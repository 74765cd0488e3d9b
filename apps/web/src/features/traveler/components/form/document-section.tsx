import type { ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  DOCUMENT_TYPES_WITH_SUPPORT_NUMBER,
} from '@hospes/shared/codes';
import type { Traveler } from '@hospes/shared/travelers';
import { SelectField, TextField } from '@/components/ui/fields';
import { DocumentImageField } from '../document-images';
import { hasBackSide } from '@/features/traveler/form-model';
import { useIsMinor, useTravelerFields } from './form-context';
import { FULL, Section, fieldLabel, withFullLabel } from './section';
import { SectionSummary } from './section-summary';

/**
 * The identity document: its type, number (optional for a minor), support number (a DNI or
 * NIE), date of issue and photos. `notice`: said under the number (the desk's "already
 * registered for this stay"). `record`: the traveler being edited, whose stored photos show.
 */
export function DocumentSection({
  notice,
  record,
  essentials = false,
}: {
  notice?: ReactNode;
  record?: Traveler | undefined;
  /**
   * The type and the numbers only (the desk's walk-in, decision 072): the date of issue is
   * optional and a photo comes with a scan (it is saved with the form all the same); dense on a
   * phone (decision 074).
   */
  essentials?: boolean;
}) {
  const { t } = useTranslation('clients');
  const { control, field, marked, today } = useTravelerFields();
  const documentType = useWatch({ control, name: 'documentType' });
  const minor = useIsMinor();
  const needsSupport = DOCUMENT_TYPES_WITH_SUPPORT_NUMBER.includes(documentType);
  // Short on a phone's half-width column in the walk-in (decision 077).
  const number = fieldLabel(t, essentials, 'passportNumber');

  return (
    <Section
      title={t('form.sections.document')}
      name="document"
      summary={<SectionSummary name="document" />}
      compact={essentials}
    >
      <SelectField
        label={marked('documentType', t('form.documentType'))}
        options={DOCUMENT_TYPES.map((type) => ({
          value: type,
          label: t(`documentTypes.${DOCUMENT_TYPE_LABELS[type]}`),
        }))}
        // Once the form has been checked, a new document type re-checks the numbers that depend
        // on it.
        {...field('documentType', { deps: ['passportNumber', 'documentSupportNumber'] })}
      />
      <TextField
        label={marked('passportNumber', number.label)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-required={!minor}
        hint={withFullLabel(
          number.full,
          minor
            ? t('form.passportNumberMinorHint')
            : documentType === 'D'
              ? t('form.dniHint')
              : undefined,
        )}
        {...field('passportNumber')}
      />
      {notice && <div className={`${FULL} empty:hidden`}>{notice}</div>}
      {needsSupport && (
        <TextField
          label={marked('documentSupportNumber', t('form.documentSupportNumber'))}
          hint={t('form.supportHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-required="true"
          maxLength={13}
          {...field('documentSupportNumber')}
        />
      )}
      {!essentials && (
        <>
          <TextField
            label={marked('documentExpeditionDate', t('form.documentExpeditionDate'))}
            hint={t('form.optional')}
            hintBeside
            type="date"
            max={today}
            min="1900-01-01"
            {...field('documentExpeditionDate')}
          />
          <DocumentPhotos record={record} />
        </>
      )}
    </Section>
  );
}

/**
 * The photos of the document (front; back but for a passport), or where the establishment keeps
 * none, a line saying so (and where the photos a record already has are).
 */
function DocumentPhotos({ record }: { record: Traveler | undefined }) {
  const { t } = useTranslation('clients');
  const { control, err, fieldDomId, keepImages } = useTravelerFields();
  const documentType = useWatch({ control, name: 'documentType' });
  const stored = (kind: 'front' | 'back') =>
    record?.documentUploads.find((upload) => upload.kind === kind);

  if (!keepImages) {
    return (
      <p className={`text-sm text-muted ${FULL}`}>
        {t(stored('front') || stored('back') ? 'documents.notKeptStored' : 'documents.notKept')}
      </p>
    );
  }
  return (
    <>
      <div className={`grid gap-4 sm:grid-cols-2 ${FULL}`}>
        <Controller
          control={control}
          name="frontDocImage"
          render={({ field: { value, onChange } }) => (
            <DocumentImageField
              id={fieldDomId('frontDocImage')}
              label={t('documents.front')}
              value={value}
              onChange={onChange}
              error={err('frontDocImage')}
              stored={stored('front')}
              pilgrimId={record?.id}
            />
          )}
        />
        {hasBackSide(documentType) && (
          <Controller
            control={control}
            name="backDocImage"
            render={({ field: { value, onChange } }) => (
              <DocumentImageField
                id={fieldDomId('backDocImage')}
                label={t('documents.back')}
                value={value}
                onChange={onChange}
                error={err('backDocImage')}
                stored={stored('back')}
                pilgrimId={record?.id}
              />
            )}
          />
        )}
      </div>
      {documentType === 'P' && (
        // On a phone only the front is offered: it says it (decision 072).
        <p className={`hidden text-sm text-muted sm:block ${FULL}`}>
          {t('documents.passportNote')}
        </p>
      )}
    </>
  );
}
