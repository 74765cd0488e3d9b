import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanMark } from '@/features/traveler/form-model';

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

/** A visible "check this" marker on a label, stronger for fields no check digit backs. */
export function ScanMarkBadge({ mark }: { mark: ScanMark }) {
  const { t } = useTranslation('clients');
  return (
    <span
      data-scan-mark={mark}
      title={t(mark === 'verify' ? 'scanMarks.verifyHint' : 'scanMarks.checkHint')}
      className={
        mark === 'verify'
          ? 'ms-2 inline-block rounded-full border-2 border-danger bg-danger-soft px-2 py-0.5 align-middle text-xs font-bold text-fg'
          : 'ms-2 inline-block rounded-full border border-primary bg-info-soft px-2 py-0.5 align-middle text-xs font-semibold text-fg'
      }
    >
      {t(mark === 'verify' ? 'scanMarks.verify' : 'scanMarks.check')}
    </span>
  );
}
