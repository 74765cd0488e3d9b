import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ESTABLISHMENT_STATUSES, ESTABLISHMENT_TYPES } from '@hospes/shared/establishments';
import { SelectField, TextField } from '@/components/ui/fields';
import type { EstablishmentField } from '../schemas';

const INPUTS: Record<
  Exclude<EstablishmentField, 'type' | 'status'>,
  { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' | 'tel'; wide?: boolean }
> = {
  name: { autoComplete: 'organization', wide: true },
  nif: {},
  address: { autoComplete: 'street-address', wide: true },
  city: { autoComplete: 'address-level2' },
  province: { autoComplete: 'address-level1' },
  postalCode: { autoComplete: 'postal-code', inputMode: 'numeric' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  contactName: { autoComplete: 'name' },
  contactEmail: { type: 'email', autoComplete: 'email', inputMode: 'email' },
};

/**
 * The establishment fields the create wizard and the edit page share. `register` and `errorOf`
 * come from the form; `errorOf` returns the text to show (or a `validation.*` key).
 */
export function EstablishmentFields({
  fields,
  register,
  errorOf,
}: {
  fields: readonly EstablishmentField[];
  register: (field: EstablishmentField) => UseFormRegisterReturn;
  errorOf: (field: EstablishmentField) => string | undefined;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {fields.map((field) => {
        if (field === 'type' || field === 'status') {
          const values = field === 'type' ? ESTABLISHMENT_TYPES : ESTABLISHMENT_STATUSES;
          return (
            <SelectField
              key={field}
              label={t(`fields.${field}`)}
              aria-required="true"
              options={values.map((value) => ({
                value,
                label: t(field === 'type' ? `types.${value}` : `statuses.${value}`),
              }))}
              error={errorOf(field)}
              {...register(field)}
            />
          );
        }
        const input = INPUTS[field];
        return (
          <TextField
            key={field}
            className={input.wide ? 'sm:col-span-2' : undefined}
            label={t(`fields.${field}`)}
            type={input.type ?? 'text'}
            autoComplete={input.autoComplete}
            inputMode={input.inputMode}
            aria-required="true"
            error={errorOf(field)}
            {...register(field)}
          />
        );
      })}
    </div>
  );
}
