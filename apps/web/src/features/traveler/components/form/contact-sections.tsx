import { useTranslation } from 'react-i18next';
import { EMERGENCY_RELATIONSHIPS } from '@hospes/shared/codes';
import { LANGUAGES } from '@hospes/shared/languages';
import { Disclosure } from '@/components/ui/disclosure';
import { SelectField, TextField } from '@/components/ui/fields';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { useTravelerFields } from './form-context';
import { Section, fieldLabel, WIDE, withFullLabel } from './section';
import { SectionSummary } from './section-summary';

/**
 * How to reach the traveler, and the language of what they are sent. `onLanguageChosen`: told
 * when a language is chosen in the field (the desk's language then stops following the
 * nationality). `essentials`: the e-mail and the phone only (the desk's walk-in, decision 064:
 * the language follows the nationality, a second phone is rare; dense on a phone, decision 074).
 * `traveler`: the traveler fills it in (the self check-in, decision 072): no second phone, the
 * language without the staff's hint.
 */
export function ContactSection({
  onLanguageChosen,
  essentials = false,
  traveler = false,
}: {
  onLanguageChosen?: () => void;
  essentials?: boolean;
  traveler?: boolean;
}) {
  const { t } = useTranslation('clients');
  const { field } = useTravelerFields();
  const languageField = field('language');
  // Short on a phone's half-width column in the walk-in (decision 077).
  const email = fieldLabel(t, essentials, 'email');
  return (
    <Section
      title={t('form.sections.contact')}
      name="contact"
      summary={
        <SectionSummary
          name="contact"
          parts={essentials ? 'essentials' : traveler ? 'traveler' : 'all'}
        />
      }
      compact={essentials}
    >
      <TextField
        // The walk-in's two fields share a row (decision 072).
        className={essentials ? undefined : WIDE}
        label={email.label}
        hint={withFullLabel(email.full, undefined)}
        type="email"
        inputMode="email"
        autoComplete="off"
        aria-required="true"
        {...field('contactInfo.email')}
      />
      <TextField
        label={t('form.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        aria-required="true"
        {...field('contactInfo.phone')}
      />
      {!essentials && !traveler && (
        <TextField
          label={t('form.phone2')}
          hint={t('form.optional')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          {...field('contactInfo.phone2')}
        />
      )}
      {!essentials && (
        <SelectField
          className={traveler ? undefined : WIDE}
          label={t('form.language')}
          hint={traveler ? undefined : t('form.languageHint')}
          options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          {...languageField}
          onChange={(event) => {
            onLanguageChosen?.();
            return languageField.onChange(event);
          }}
        />
      )}
    </Section>
  );
}

/**
 * Whom to call in an emergency. `optional`: the establishment lets the desk leave it out
 * (decision 055): all three fields or none; with `closable` (the desk's new registration) the
 * section is closed until opened, as the rarely used ones are.
 */
export function EmergencySection({
  optional = false,
  closable = false,
}: {
  optional?: boolean;
  closable?: boolean;
}) {
  const { t } = useTranslation('clients');
  const { field, isOpen, toggle } = useTravelerFields();
  const required = optional ? undefined : 'true';
  const fields = (
    <>
      <TextField
        className={WIDE}
        label={t('form.emergencyName')}
        autoComplete="off"
        aria-required={required}
        {...field('emergencyContact.name')}
      />
      <TextField
        label={t('form.emergencyPhone')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        aria-required={required}
        {...field('emergencyContact.phone')}
      />
      <SelectField
        label={t('form.relationship')}
        aria-required={required}
        options={[
          { value: '', label: t('form.choose') },
          ...EMERGENCY_RELATIONSHIPS.map((value) => ({
            value,
            label: t(`relationships.${value}`),
          })),
        ]}
        {...field('emergencyContact.relationship')}
      />
    </>
  );
  if (optional && closable) {
    return (
      <Disclosure
        title={t('form.sections.emergency')}
        summary={t('form.optional')}
        open={isOpen('emergency')}
        onToggle={toggle('emergency')}
      >
        <p className="mb-4 text-sm text-muted">{t('form.emergencyOptional')}</p>
        <div className="grid grid-cols-2 gap-x-3 gap-y-3 sm:gap-4 lg:grid-cols-3">{fields}</div>
      </Disclosure>
    );
  }
  return (
    <Section
      title={t('form.sections.emergency')}
      name="emergency"
      summary={<SectionSummary name="emergency" />}
      intro={optional ? t('form.emergencyOptional') : undefined}
    >
      {fields}
    </Section>
  );
}
