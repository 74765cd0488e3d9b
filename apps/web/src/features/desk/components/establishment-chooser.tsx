import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink } from '@/components/ui/text-link';
import { links } from '@/config/paths';
import type { UserEstablishment } from '@/features/establishment/api/get-user-establishments';

/** Spec §2/§5: with no establishment, registering a traveler is impossible: say how to fix it. */
export function NoEstablishmentWarning() {
  const { t } = useTranslation('establishments');
  return (
    <FormAlert title={t('chooser.noneTitle')}>
      <p>{t('chooser.noneText')}</p>
      <p>
        <TextLink to={links.profileTab('establishments')}>{t('chooser.noneLink')}</TextLink>
      </p>
    </FormAlert>
  );
}

/**
 * Where the traveler is registered: a choice when the user has several establishments, the name
 * when there is only one.
 */
export function EstablishmentChooser({
  establishments,
  value,
  onChange,
}: {
  establishments: readonly UserEstablishment[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('establishments');
  const only = establishments.length === 1 ? establishments[0] : undefined;
  if (only) {
    return (
      <p className="text-fg">
        <span className="font-semibold">{t('chooser.label')}:</span> {only.name}
      </p>
    );
  }
  return (
    <SelectField
      id="registration-establishment"
      className="max-w-xl"
      label={t('chooser.label')}
      hint={value ? undefined : t('chooser.hint')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={[
        { value: '', label: t('chooser.choose') },
        ...establishments.map((e) => ({
          value: e.id,
          label: e.status === 'active' ? e.name : `${e.name} (${t(`statuses.${e.status}`)})`,
        })),
      ]}
    />
  );
}
