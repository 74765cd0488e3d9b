import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Traveler } from '@hospes/shared/travelers';
import { StoredSignature } from '../document-images';
import { SignaturePad } from '../signature-pad';
import { useTravelerFields } from './form-context';

/**
 * The traveler's signature: the pad, under what `record` (a traveler being edited) signed
 * already, which a new drawing replaces. `padKey`: a new key starts the pad empty (its strokes
 * are not form state).
 */
export function SignatureSection({
  label,
  hint,
  required,
  record,
  padKey,
  compact = false,
}: {
  label: string;
  hint: string;
  required: boolean;
  record?: Traveler | undefined;
  padKey?: number;
  /** A smaller pad on a phone, without the rule above it (the desk's walk-in, decision 074). */
  compact?: boolean;
}) {
  const { t } = useTranslation('clients');
  const { control, err, fieldDomId } = useTravelerFields();
  const storedSignature = record?.documentUploads.find((upload) => upload.kind === 'signature');
  return (
    <fieldset
      className={
        compact ? 'min-w-0 sm:border-t sm:border-line sm:pt-5' : 'min-w-0 border-t border-line pt-5'
      }
    >
      <legend className="sr-only">{t('form.sections.signature')}</legend>
      {/* What the traveler signed, above the pad that would replace it. */}
      {record && storedSignature && (
        <div className="mb-4">
          <StoredSignature pilgrimId={record.id} document={storedSignature} />
        </div>
      )}
      <Controller
        control={control}
        name="signatureImage"
        render={({ field: { value, onChange } }) => (
          <SignaturePad
            key={padKey}
            id={fieldDomId('signatureImage')}
            label={label}
            hint={hint}
            required={required}
            value={value}
            onChange={onChange}
            error={err('signatureImage')}
            compact={compact}
          />
        )}
      />
    </fieldset>
  );
}
