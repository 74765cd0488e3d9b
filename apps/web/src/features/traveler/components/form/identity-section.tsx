import { useEffect, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { KINSHIP_CODES } from '@hospes/shared/codes';
import { Combobox } from '@/components/ui/combobox';
import { SelectField, TextField } from '@/components/ui/fields';
import { useCountryOptions } from '../../countries';
import { SectionSummary } from './section-summary';
import { useIsMinor, useTravelerFields } from './form-context';
import { Section, fieldLabel, WIDE, withFullLabel } from './section';

/**
 * Who the traveler is: names, nationality, date of birth and sex; for a minor on arrival, their
 * relationship to the adult they travel with. `autoFocus`: the form starts on the first name,
 * without scrolling the page to it (what is above the form, such as the desk's queue of arrivals,
 * stays in view on a phone; typing brings the field into view).
 */
export function IdentitySection({
  autoFocus = false,
  compact = false,
  action,
}: {
  autoFocus?: boolean;
  /**
   * Dense on a phone (the desk's walk-in, decision 074): see Section; the second surname's
   * "optional" is said in the empty field (its placeholder, read as its description) instead of
   * on a line under it.
   */
  compact?: boolean;
  /** A button on the section's title line (the walk-in's "Scan document"). */
  action?: ReactNode;
}) {
  const { t } = useTranslation('clients');
  const { control, field, err, note, marked, spelled, fieldDomId, today } = useTravelerFields();
  const countryOptions = useCountryOptions();
  const gender = useWatch({ control, name: 'gender' });
  // The parte asks a NIF's holder for the second surname (ses.secondSurnameRequiredForNif).
  const documentType = useWatch({ control, name: 'documentType' });
  const minor = useIsMinor();
  const optional = t('form.optional');
  // On a phone's half-width columns, a label that wraps is a row taller (decision 077).
  const lastName = fieldLabel(t, compact, 'lastName');
  const secondLastName = fieldLabel(t, compact, 'secondLastName');
  const nationality = fieldLabel(t, compact, 'nationality');
  const dateOfBirth = fieldLabel(t, compact, 'dateOfBirth');
  useEffect(() => {
    if (autoFocus) document.getElementById(fieldDomId('firstName'))?.focus({ preventScroll: true });
    // Once, as the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const secondSpelled = spelled('secondLastName');
  const secondHint = documentType === 'D' ? undefined : optional;

  return (
    <Section
      title={t('form.sections.identity')}
      name="identity"
      summary={<SectionSummary name="identity" />}
      compact={compact}
      action={action}
    >
      <TextField
        label={marked('firstName', t('form.firstName'))}
        hint={spelled('firstName')}
        autoComplete="off"
        autoCapitalize="words"
        aria-required="true"
        {...field('firstName')}
      />
      <TextField
        label={marked('lastName', lastName.label)}
        hint={withFullLabel(lastName.full, spelled('lastName'))}
        autoComplete="off"
        autoCapitalize="words"
        aria-required="true"
        {...field('lastName')}
      />
      <TextField
        label={marked('secondLastName', secondLastName.label)}
        hint={withFullLabel(
          secondLastName.full,
          secondSpelled && secondHint ? (
            <>
              {secondHint} {secondSpelled}
            </>
          ) : (
            (secondSpelled ?? (compact ? undefined : secondHint))
          ),
        )}
        // Said in the empty field (and read as its description), not on a line of its own.
        placeholder={compact ? secondHint : undefined}
        aria-required={documentType === 'D' ? 'true' : undefined}
        autoComplete="off"
        autoCapitalize="words"
        {...field('secondLastName')}
      />
      <Controller
        control={control}
        name="nationality"
        render={({ field: { ref, value, onChange, onBlur, name } }) => (
          <Combobox
            id={fieldDomId('nationality')}
            inputRef={ref}
            name={name}
            label={marked('nationality', nationality.label)}
            // Said to assistive technology; on a phone the field is half the width. One span:
            // alone in the hint, it keeps no room on the walk-in's grid.
            hint={
              <span className="sr-only sm:not-sr-only">
                {nationality.full && <span className="sr-only">{nationality.full}. </span>}
                {t('form.countryHint')}
              </span>
            }
            options={countryOptions}
            value={value}
            onChange={onChange}
            onBlur={onBlur}
            required
            error={err('nationality')}
            note={note('nationality')}
          />
        )}
      />
      <TextField
        label={marked('dateOfBirth', dateOfBirth.label)}
        hint={withFullLabel(dateOfBirth.full, undefined)}
        type="date"
        max={today}
        min="1900-01-01"
        aria-required="true"
        {...field('dateOfBirth')}
      />
      <SelectField
        label={marked('gender', t('form.gender'))}
        aria-required="true"
        options={[
          { value: '', label: t('form.choose') },
          { value: 'M', label: t('genders.M') },
          { value: 'F', label: t('genders.F') },
          ...(gender === 'O' ? [{ value: 'O', label: t('genders.O') }] : []),
        ]}
        {...field('gender')}
      />
      {minor && (
        <SelectField
          className={WIDE}
          label={t('form.kinship')}
          hint={t('form.kinshipHint')}
          options={[
            { value: '', label: t('form.choose') },
            ...KINSHIP_CODES.map((code) => ({ value: code, label: t(`kinship.${code}`) })),
          ]}
          {...field('kinship')}
        />
      )}
    </Section>
  );
}
