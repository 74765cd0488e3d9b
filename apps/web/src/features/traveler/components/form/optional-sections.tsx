import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAYMENT_TYPES } from '@hospes/shared/codes';
import { Combobox } from '@/components/ui/combobox';
import { Disclosure } from '@/components/ui/disclosure';
import { SelectField, TextField } from '@/components/ui/fields';
import { MunicipalityField } from '../municipality-field';
import { useCountryOptions } from '../../countries';
import { useTravelerFields } from './form-context';

/*
 * The sections closed until opened (open from the start when they hold data, and opened by an
 * error on one of their fields, or a link of the pre-flight summary): the home address and the
 * payment, which the parte needs (their summary says so, decision 043), and for staff the
 * contract, which a walk-in's report number stands for. Put inside CollapsibleSections.
 */

/** The home address, free or as SES asks it (street, country, municipality, postal code). */
export function HomeAddressSection() {
  const { t } = useTranslation('clients');
  const { control, field, err, note, fieldDomId, isOpen, toggle, form } = useTravelerFields();
  const countryOptions = useCountryOptions();
  return (
    <Disclosure
      title={t('form.sections.homeAddress')}
      summary={t('form.neededForParte')}
      open={isOpen('homeAddress')}
      onToggle={toggle('homeAddress')}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          className="sm:col-span-2 lg:col-span-3"
          label={t('form.contactAddress')}
          hint={t('form.contactAddressHint')}
          autoComplete="off"
          {...field('contactInfo.address')}
        />
        <TextField
          className="sm:col-span-2"
          label={t('form.street')}
          autoComplete="off"
          {...field('address.street')}
        />
        <TextField
          label={t('form.complement')}
          autoComplete="off"
          {...field('address.complement')}
        />
        <Controller
          control={control}
          name="address.country"
          render={({ field: { ref, value, onChange, onBlur, name } }) => (
            <Combobox
              id={fieldDomId('address.country')}
              inputRef={ref}
              name={name}
              label={t('form.country')}
              options={countryOptions}
              value={value}
              onChange={onChange}
              onBlur={onBlur}
              error={err('address.country')}
              note={note('address.country')}
            />
          )}
        />
        <TextField
          label={t('form.postalCode')}
          autoComplete="off"
          {...field('address.postalCode')}
        />
        <MunicipalityField
          control={control}
          setValue={form.setValue}
          codeField={field('address.municipalityCode')}
          nameField={field('address.municipalityName')}
          comboboxId={fieldDomId('address.municipalityCode')}
        />
      </div>
    </Disclosure>
  );
}

/** The contract of the stay (staff only). */
export function ContractSection() {
  const { t } = useTranslation('clients');
  const { field, isOpen, toggle } = useTravelerFields();
  return (
    <Disclosure
      title={t('form.sections.contract')}
      summary={t('form.optional')}
      open={isOpen('contract')}
      onToggle={toggle('contract')}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label={t('form.contractReference')}
          autoComplete="off"
          {...field('stay.contractReference')}
        />
        <TextField label={t('form.contractDate')} type="date" {...field('stay.contractDate')} />
        <TextField
          label={t('form.entryDateTime')}
          type="datetime-local"
          {...field('stay.entryDateTime')}
        />
        <TextField
          label={t('form.exitDateTime')}
          type="datetime-local"
          {...field('stay.exitDateTime')}
        />
        <TextField
          label={t('form.numberOfPersons')}
          type="number"
          inputMode="numeric"
          min={1}
          max={999}
          {...field('stay.numberOfPersons')}
        />
        <TextField
          label={t('form.numberOfRooms')}
          type="number"
          inputMode="numeric"
          min={1}
          max={999}
          {...field('stay.numberOfRooms')}
        />
        <SelectField
          label={t('form.internetBooking')}
          options={[
            { value: '', label: t('form.unknown') },
            { value: 'yes', label: t('form.yes') },
            { value: 'no', label: t('form.no') },
          ]}
          {...field('stay.internetBooking')}
        />
      </div>
    </Disclosure>
  );
}

/** The payment of the stay (staff only). */
export function PaymentSection() {
  const { t } = useTranslation('clients');
  const { field, isOpen, toggle } = useTravelerFields();
  return (
    <Disclosure
      title={t('form.sections.payment')}
      summary={t('form.neededForParte')}
      open={isOpen('payment')}
      onToggle={toggle('payment')}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          label={t('form.paymentType')}
          options={[
            { value: '', label: t('form.choose') },
            ...PAYMENT_TYPES.map((code) => ({ value: code, label: t(`payment.${code}`) })),
          ]}
          {...field('stay.paymentType')}
        />
        <TextField label={t('form.paymentDate')} type="date" {...field('stay.paymentDate')} />
        <TextField
          label={t('form.paymentMethod')}
          hint={t('form.paymentMethodHint')}
          autoComplete="off"
          {...field('stay.paymentMethod')}
        />
        <TextField
          label={t('form.paymentHolder')}
          autoComplete="off"
          {...field('stay.paymentHolder')}
        />
        <TextField
          label={t('form.cardExpiry')}
          placeholder="MM/YYYY"
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          {...field('stay.cardExpiry')}
        />
      </div>
    </Disclosure>
  );
}
