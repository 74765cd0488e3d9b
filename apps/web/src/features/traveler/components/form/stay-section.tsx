import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/fields';
import { useTravelerFields } from './form-context';
import { Section } from './section';

/** The stay's dates (staff only: a self check-in's arrival is the day the desk confirms it). */
export function StaySection() {
  const { t } = useTranslation('clients');
  const { field } = useTravelerFields();
  return (
    <Section title={t('form.sections.stay')}>
      <TextField label={t('form.entryDate')} type="date" min="1900-01-01" {...field('entryDate')} />
      <TextField
        label={t('form.checkOutDate')}
        // The parte needs it; it may be given at check-out (decision 043).
        hint={t('form.checkOutHint')}
        type="date"
        min="1900-01-01"
        {...field('checkOutDate')}
      />
    </Section>
  );
}
