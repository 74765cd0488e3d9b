import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { AUTHORITIES, PAYMENT_TYPES } from '@hospes/shared/codes';
import {
  CreateEstablishmentInputSchema,
  ESTABLISHMENT_TYPES,
  RESERVATION_REMINDER_DAYS_MAX,
  UpdateEstablishmentInputSchema,
  type CreateEstablishmentInput,
  type Establishment,
} from '@hospes/shared/establishments';
import { suggestedReportDefaults, WALK_IN_NIGHTS_MAX } from '@hospes/shared/report-defaults';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { CheckboxField, SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerFieldErrors, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form';
import { awaitsSessionRenewal } from '@/lib/session-renewal';
import { useUnsavedInput } from '@/lib/unsaved-input';
import { useCreateEstablishment } from '@/features/establishment/api/create-establishment';
import { useDeleteDocumentPhotos } from '@/features/traveler/api/delete-document-photos';
import { useUpdateEstablishment } from '@/features/establishment/api/update-establishment';

interface Values {
  name: string;
  type: (typeof ESTABLISHMENT_TYPES)[number];
  nif: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  phone: string;
  contactName: string;
  contactEmail: string;
  status?: 'active' | 'inactive' | 'pending';
  establishmentCode: string;
  landlordCode: string;
  authority: string;
  includeDocumentImagesInPdf: boolean;
  keepDocumentImages: boolean;
  defaultPaymentType: string;
  walkInNights: string;
  emergencyContactOptional: boolean;
  reservationReminderDays: string;
  autoConfirmReservationCheckins: boolean;
}

const FIELDS: readonly FieldPath<Values>[] = [
  'name',
  'type',
  'nif',
  'address',
  'city',
  'province',
  'postalCode',
  'phone',
  'contactName',
  'contactEmail',
  'status',
  'establishmentCode',
  'landlordCode',
  'authority',
  'includeDocumentImagesInPdf',
  'keepDocumentImages',
  'defaultPaymentType',
  'walkInNights',
  'emergencyContactOptional',
  'reservationReminderDays',
  'autoConfirmReservationCheckins',
];

function valuesFrom(establishment: Establishment | undefined): Values {
  if (!establishment) {
    // Spec §3: type hostel, every other field empty (status active is the server's default);
    // the report defaults an albergue usually takes, shown to be changed or cleared (decision 042).
    const suggested = suggestedReportDefaults('hostel');
    return {
      name: '',
      type: 'hostel',
      nif: '',
      address: '',
      city: '',
      province: '',
      postalCode: '',
      phone: '',
      contactName: '',
      contactEmail: '',
      establishmentCode: '',
      landlordCode: '',
      authority: '',
      includeDocumentImagesInPdf: false,
      keepDocumentImages: true,
      defaultPaymentType: suggested.defaultPaymentType ?? '',
      walkInNights: suggested.walkInNights === null ? '' : String(suggested.walkInNights),
      emergencyContactOptional: false,
      reservationReminderDays: '2',
      autoConfirmReservationCheckins: false,
    };
  }
  const e = establishment;
  return {
    name: e.name,
    type: e.type,
    nif: e.nif,
    address: e.address,
    city: e.city,
    province: e.province,
    postalCode: e.postalCode,
    phone: e.phone,
    contactName: e.contactName,
    contactEmail: e.contactEmail,
    status: e.status,
    establishmentCode: e.establishmentCode ?? '',
    landlordCode: e.landlordCode ?? '',
    authority: e.authorityIsDefault ? '' : e.authority,
    includeDocumentImagesInPdf: e.includeDocumentImagesInPdf,
    keepDocumentImages: e.keepDocumentImages,
    defaultPaymentType: e.defaultPaymentType ?? '',
    walkInNights: e.walkInNights === null ? '' : String(e.walkInNights),
    emergencyContactOptional: e.emergencyContactOptional,
    reservationReminderDays: String(e.reservationReminderDays),
    autoConfirmReservationCheckins: e.autoConfirmReservationCheckins,
  };
}

/**
 * Create (POST /api/establishments) or edit (PUT /api/establishments/{id}) one establishment,
 * checked with the shared schemas; a NIF already registered shows on the NIF field.
 */
export function EstablishmentForm({
  establishment,
  onDone,
  onCancel,
}: {
  establishment?: Establishment;
  onDone: (saved: Establishment) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('establishments');
  const { t: tClients } = useTranslation('clients');
  const editing = !!establishment;
  const create = useCreateEstablishment();
  const update = useUpdateEstablishment();
  const [formError, setFormError] = useState<string | null>(null);
  const [deletingPhotos, setDeletingPhotos] = useState(false);
  const deletePhotos = useDeleteDocumentPhotos();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values, unknown, CreateEstablishmentInput>({
    resolver: schemaResolver(
      editing ? UpdateEstablishmentInputSchema : CreateEstablishmentInputSchema,
    ) as never,
    defaultValues: valuesFrom(establishment),
  });
  const keepImages = useWatch({ control, name: 'keepDocumentImages' });
  const type = useWatch({ control, name: 'type' });
  const suggested = suggestedReportDefaults(type);
  // A session that ends while this holds changes is renewed in place (lib/unsaved-input.ts).
  useUnsavedInput(isDirty);

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      if (establishment) {
        // An owner may switch between active and inactive; an unchanged status is not sent.
        const { status, ...rest } = input;
        const body = status && status !== establishment.status ? { ...rest, status } : rest;
        const answer = await update.mutateAsync({ id: establishment.id, input: body });
        toast.success(t('messages.updated'));
        onDone(answer.data);
      } else {
        const answer = await create.mutateAsync(input);
        toast.success(t('messages.created'));
        onDone(answer.data);
      }
    } catch (error) {
      // The session ended: the login dialog over the page says so; the form stays as it is.
      if (awaitsSessionRenewal(error)) return;
      if (isApiError(error) && error.code === 'NIF_TAKEN') {
        setError('nif', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      const applied = applyServerFieldErrors<Values>(error, setError, {
        knownFields: FIELDS,
        shouldFocus: true,
      });
      if (applied.length === 0) {
        setFormError(
          errorText(error, t(editing ? 'messages.updateFailed' : 'messages.createFailed')),
        );
      }
    }
  });

  const field = (name: FieldPath<Values>) => ({ error: errors[name]?.message, ...register(name) });
  const prefix = establishment ? `est-${establishment.id}` : 'est-new';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <FormAlert>{formError}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${prefix}-name`}
          className="sm:col-span-2"
          label={t('fields.name')}
          autoComplete="organization"
          aria-required="true"
          {...field('name')}
        />
        <SelectField
          id={`${prefix}-type`}
          label={t('fields.type')}
          options={ESTABLISHMENT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          {...field('type')}
        />
        <TextField
          id={`${prefix}-nif`}
          label={t('fields.nif')}
          hint={t('fields.nifHint')}
          autoCapitalize="characters"
          aria-required="true"
          {...field('nif')}
        />
        <TextField
          id={`${prefix}-address`}
          className="sm:col-span-2"
          label={t('fields.address')}
          autoComplete="street-address"
          aria-required="true"
          {...field('address')}
        />
        <TextField
          id={`${prefix}-city`}
          label={t('fields.city')}
          autoComplete="address-level2"
          aria-required="true"
          {...field('city')}
        />
        <TextField
          id={`${prefix}-province`}
          label={t('fields.province')}
          autoComplete="address-level1"
          aria-required="true"
          {...field('province')}
        />
        <TextField
          id={`${prefix}-postalCode`}
          label={t('fields.postalCode')}
          autoComplete="postal-code"
          inputMode="numeric"
          aria-required="true"
          {...field('postalCode')}
        />
        <TextField
          id={`${prefix}-phone`}
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          aria-required="true"
          {...field('phone')}
        />
        <TextField
          id={`${prefix}-contactName`}
          label={t('fields.contactName')}
          autoComplete="name"
          aria-required="true"
          {...field('contactName')}
        />
        <TextField
          id={`${prefix}-contactEmail`}
          label={t('fields.contactEmail')}
          type="email"
          inputMode="email"
          autoComplete="email"
          aria-required="true"
          {...field('contactEmail')}
        />
        {establishment && establishment.status !== 'pending' && (
          <SelectField
            id={`${prefix}-status`}
            label={t('fields.status')}
            hint={t('fields.statusHint')}
            options={[
              { value: 'active', label: t('statuses.active') },
              { value: 'inactive', label: t('statuses.inactive') },
            ]}
            {...field('status')}
          />
        )}
      </div>
      <fieldset className="grid gap-4 rounded-xl border border-line p-4 sm:grid-cols-2">
        <legend className="px-1 text-base font-semibold text-fg">
          {t('fields.authorityLegend')}
        </legend>
        <TextField
          id={`${prefix}-establishmentCode`}
          label={t('fields.establishmentCode')}
          hint={t('fields.optional')}
          autoCapitalize="characters"
          {...field('establishmentCode')}
        />
        <TextField
          id={`${prefix}-landlordCode`}
          label={t('fields.landlordCode')}
          hint={t('fields.optional')}
          autoCapitalize="characters"
          {...field('landlordCode')}
        />
        <SelectField
          id={`${prefix}-authority`}
          label={t('fields.authority')}
          options={[
            { value: '', label: t('authorities.auto') },
            ...AUTHORITIES.map((value) => ({ value, label: t(`authorities.${value}`) })),
          ]}
          {...field('authority')}
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-xl border border-line p-4 sm:grid-cols-2">
        <legend className="px-1 text-base font-semibold text-fg">
          {t('fields.reportDefaultsLegend')}
        </legend>
        <p className="text-sm text-muted sm:col-span-2">
          {t('fields.reportDefaultsHint')}
          {suggested.defaultPaymentType && ` ${t('fields.reportDefaultsHostel')}`}
        </p>
        <SelectField
          id={`${prefix}-defaultPaymentType`}
          label={t('fields.defaultPaymentType')}
          hint={t('fields.defaultPaymentTypeHint')}
          options={[
            { value: '', label: t('fields.noDefault') },
            ...PAYMENT_TYPES.map((value) => ({
              value,
              label: `${tClients(`payment.${value}`)} (${value})`,
            })),
          ]}
          {...field('defaultPaymentType')}
        />
        <TextField
          id={`${prefix}-walkInNights`}
          label={t('fields.walkInNights')}
          hint={t('fields.walkInNightsHint')}
          type="number"
          inputMode="numeric"
          min={1}
          max={WALK_IN_NIGHTS_MAX}
          step={1}
          {...field('walkInNights')}
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-base font-semibold text-fg">{t('fields.deskLegend')}</legend>
        <CheckboxField
          id={`${prefix}-emergencyContactOptional`}
          label={t('fields.emergencyContactOptional')}
          hint={t('fields.emergencyContactOptionalHint')}
          {...register('emergencyContactOptional')}
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-base font-semibold text-fg">
          {t('fields.reservationsLegend')}
        </legend>
        <TextField
          id={`${prefix}-reservationReminderDays`}
          label={t('fields.reservationReminderDays')}
          hint={t('fields.reservationReminderDaysHint')}
          type="number"
          inputMode="numeric"
          min={0}
          max={RESERVATION_REMINDER_DAYS_MAX}
          step={1}
          {...field('reservationReminderDays')}
        />
        <CheckboxField
          id={`${prefix}-autoConfirmReservationCheckins`}
          label={t('fields.autoConfirmReservationCheckins')}
          hint={t('fields.autoConfirmReservationCheckinsHint')}
          {...register('autoConfirmReservationCheckins')}
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-base font-semibold text-fg">{t('fields.photosLegend')}</legend>
        <CheckboxField
          id={`${prefix}-keepImages`}
          label={t('fields.keepDocumentImages')}
          hint={t('fields.keepDocumentImagesHint')}
          {...register('keepDocumentImages')}
        />
        {/* Saved as not kept: the photos stored before can go, on confirmation. */}
        {establishment && !establishment.keepDocumentImages && !keepImages && (
          <div>
            <Button variant="danger" size="sm" onClick={() => setDeletingPhotos(true)}>
              {t('deletePhotos.button')}
            </Button>
          </div>
        )}
        {/* Without photos kept there are none to print. */}
        {keepImages && (
          <CheckboxField
            id={`${prefix}-includeImages`}
            label={t('fields.includeDocumentImagesInPdf')}
            hint={t('fields.includeDocumentImagesInPdfHint')}
            {...register('includeDocumentImagesInPdf')}
          />
        )}
      </fieldset>
      {establishment && (
        <ConfirmDialog
          open={deletingPhotos}
          title={t('deletePhotos.title', { name: establishment.name })}
          description={<p>{t('deletePhotos.text')}</p>}
          confirmLabel={t('deletePhotos.confirm')}
          pending={deletePhotos.isPending}
          error={
            deletePhotos.isError ? errorText(deletePhotos.error, t('deletePhotos.failed')) : null
          }
          onCancel={() => {
            deletePhotos.reset();
            setDeletingPhotos(false);
          }}
          onConfirm={() =>
            deletePhotos.mutate(establishment.id, {
              onSuccess: ({ deleted }) => {
                toast.success(t('deletePhotos.done', { count: deleted }));
                deletePhotos.reset();
                setDeletingPhotos(false);
              },
            })
          }
        />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {editing ? t('save') : t('create')}
        </Button>
      </div>
    </form>
  );
}
