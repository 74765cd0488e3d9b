import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addDays, isIsoDate } from '@hospes/shared/dates';
import { Disclosure } from '@/components/ui/disclosure';
import { TextField } from '@/components/ui/fields';
import { formatDate } from '@/lib/format-date-time';
import { useTravelerFields } from './form-context';
import { Section } from './section';
import { SectionSummary } from './section-summary';

/**
 * The stay's dates (staff only: a self check-in's arrival is the day the desk confirms it).
 * `walkInNights`: the desk's new registration at an establishment whose walk-in takes that many
 * nights by default (decision 042): the section is closed, its summary line says the dates the
 * save will give (arrival today, departure by the default), and it opens to change them.
 * `closed`: closed with its summary line even without such a default (the desk's walk-in mode,
 * decision 064: the departure is then given at check-out).
 */
export function StaySection({
  walkInNights,
  closed = false,
}: {
  walkInNights?: number | null;
  closed?: boolean;
}) {
  const { t, i18n } = useTranslation('clients');
  const { control, field, isOpen, toggle } = useTravelerFields();
  const [entry, exit] = useWatch({ control, name: ['entryDate', 'checkOutDate'] });
  const fields = (
    <>
      <TextField label={t('form.entryDate')} type="date" min="1900-01-01" {...field('entryDate')} />
      <TextField
        label={t('form.checkOutDate')}
        // The parte needs it; it may be given at check-out (decision 043).
        hint={t('form.checkOutHint')}
        type="date"
        min="1900-01-01"
        {...field('checkOutDate')}
      />
    </>
  );
  const lng = i18n.resolvedLanguage ?? i18n.language;
  if (!walkInNights && !closed)
    return (
      <Section
        title={t('form.sections.stay')}
        name="stayDates"
        summary={<SectionSummary name="stayDates" />}
      >
        {fields}
      </Section>
    );
  const departure = exit
    ? formatDate(exit, lng)
    : !walkInNights
      ? t('form.stayExitLater')
      : isIsoDate(entry)
        ? t('form.stayDefaultExit', { date: formatDate(addDays(entry, walkInNights), lng) })
        : '';
  return (
    <Disclosure
      title={t('form.sections.stay')}
      summary={
        isIsoDate(entry)
          ? t('form.staySummary', { entry: formatDate(entry, lng), exit: departure })
          : undefined
      }
      open={isOpen('stayDates')}
      onToggle={toggle('stayDates')}
    >
      <div className="grid grid-cols-2 gap-x-3 gap-y-3 sm:gap-4 lg:grid-cols-3">{fields}</div>
    </Disclosure>
  );
}
