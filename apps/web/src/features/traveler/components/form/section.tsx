import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NameSpellings, ScanMark, TravelerFormValues } from '@/features/traveler/form-model';

/** One always open section of the traveler form: a titled group of fields on a grid. */
export function Section({
  title,
  children,
  intro,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="min-w-0 space-y-4 border-t border-line pt-5 first:border-t-0 first:pt-0">
      <legend className="float-start mb-1 w-full text-lg font-semibold text-fg">{title}</legend>
      {intro && <p className="clear-start text-sm text-muted">{intro}</p>}
      <div className="clear-start grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </fieldset>
  );
}

/** The rarely used sections, each opened on demand (see optional-sections.tsx). */
export function CollapsibleSections({ children }: { children: ReactNode }) {
  return <div className="space-y-3">{children}</div>;
}

/**
 * A visible marker on the label of a field read from a document: "please check" (amber, not the
 * red of an error: nothing is wrong yet) for fields the reading did not confirm.
 */
export function ScanMarkBadge({ mark }: { mark: ScanMark }) {
  const { t } = useTranslation('clients');
  return (
    <span
      data-scan-mark={mark}
      title={t(mark === 'verify' ? 'scanMarks.verifyHint' : 'scanMarks.checkHint')}
      className={
        mark === 'verify'
          ? 'ms-2 inline-block rounded-full border-2 border-warn bg-warn-soft px-2 py-0.5 align-middle text-xs font-semibold text-fg'
          : 'ms-2 inline-block rounded-full border border-primary bg-info-soft px-2 py-0.5 align-middle text-xs font-semibold text-fg'
      }
    >
      {t(mark === 'verify' ? 'scanMarks.verify' : 'scanMarks.check')}
    </span>
  );
}

/**
 * One-tap buttons with the spellings a name read from an MRZ may have on the document ("Müller?"
 * for MUELLER), shown while the field holds what was read or one of them (then the way back to
 * the name as read is offered too); gone once the name is typed over.
 */
export function SpellingChoices({
  path,
  spellings,
}: {
  path: 'firstName' | 'lastName' | 'secondLastName';
  spellings: NameSpellings;
}) {
  const { t } = useTranslation('clients');
  const { control, setValue } = useFormContext<TravelerFormValues>();
  const value = useWatch({ control, name: path });
  const all = [...spellings.printed, spellings.read];
  if (!all.includes(value)) return null;
  const shown = all.filter((option) => option !== value);
  return (
    <span className="flex flex-wrap gap-2" data-spellings={path}>
      {shown.map((option) => (
        <button
          key={option}
          type="button"
          className="min-h-9 rounded-full border border-control bg-surface px-3 py-1 text-sm text-fg hover:bg-surface-muted"
          aria-label={t('scanMarks.useSpelling', { name: option })}
          onClick={() => setValue(path, option, { shouldDirty: true })}
        >
          {option}?
        </button>
      ))}
    </span>
  );
}
