import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Establishment } from '@hospes/shared/establishments';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { links } from '@/config/paths';
import { applyServerFieldErrors, isApiError } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form';
import { useUpdateEstablishment } from '@/features/establishment/api/update-establishment';
import { establishmentChangeRefreshes } from '../api/keys';
import {
  ESTABLISHMENT_FIELDS,
  EstablishmentFormSchema,
  formValuesOf,
  type EstablishmentField,
  type EstablishmentFormOutput,
  type EstablishmentFormValues,
} from '../schemas';
import { EstablishmentFields } from './establishment-fields';

const GROUPS: { key: 'general' | 'location' | 'contact'; fields: EstablishmentField[] }[] = [
  { key: 'general', fields: ['name', 'type', 'nif', 'status'] },
  { key: 'location', fields: ['address', 'city', 'province', 'postalCode', 'phone'] },
  { key: 'contact', fields: ['contactName', 'contactEmail'] },
];

/**
 * The admin's edit form (spec §2): filled from the establishment, saved with PUT, then back to
 * its page with "establishment updated". Cancel asks before discarding unsaved changes and goes
 * straight back without any. Messages are the generic ones ("This field is required").
 */
export function EditEstablishmentForm({ establishment }: { establishment: Establishment }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [discarding, setDiscarding] = useState(false);
  const update = useUpdateEstablishment(establishmentChangeRefreshes);
  const viewLink = links.adminEstablishmentView(establishment.id);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<EstablishmentFormValues, unknown, EstablishmentFormOutput>({
    resolver: schemaResolver(EstablishmentFormSchema),
    defaultValues: formValuesOf(establishment),
    mode: 'onTouched',
  });

  const submit = handleSubmit(
    async (values) => {
      try {
        await update.mutateAsync({ id: establishment.id, input: values });
        toast.success(t('edit.success'));
        await navigate(viewLink);
      } catch (error) {
        if (isApiError(error) && error.code === 'NIF_TAKEN') {
          setError('nif', { type: 'server', message: error.message }, { shouldFocus: true });
          toast.error(error.message);
          return;
        }
        const fields = applyServerFieldErrors<EstablishmentFormValues>(error, setError, {
          knownFields: ESTABLISHMENT_FIELDS,
          shouldFocus: true,
        });
        toast.error(fields.length ? t('validationError') : t('somethingWentWrong'));
      }
    },
    () => toast.error(t('validationError'), { id: 'admin-validation' }),
  );

  const cancel = () => {
    if (isDirty) setDiscarding(true);
    else void navigate(viewLink);
  };

  return (
    <Card>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-8">
        {GROUPS.map((group) => (
          <fieldset key={group.key}>
            <legend className="mb-4 text-lg font-semibold text-fg">
              {t(`edit.groups.${group.key}`)}
            </legend>
            <EstablishmentFields
              fields={group.fields}
              register={(field) => register(field)}
              errorOf={(field) => errors[field]?.message}
            />
          </fieldset>
        ))}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={cancel} disabled={update.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" pending={update.isPending}>
            {t('actions.save')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={discarding}
        title={t('discard.title')}
        description={t('edit.discardText')}
        cancelLabel={t('discard.cancel')}
        confirmLabel={t('discard.confirm')}
        onCancel={() => setDiscarding(false)}
        onConfirm={() => {
          setDiscarding(false);
          void navigate(viewLink);
        }}
      />
    </Card>
  );
}
