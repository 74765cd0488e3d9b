import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { deferredModule } from '@/lib/deferred-module';
import { loadNamespaces } from '@/lib/i18n';
import { NO_REPORT_DEFAULTS, type ReportDefaults } from '@hospes/shared/report-defaults';
import {
  FIELD_ORDER,
  SECTIONS,
  type SectionKey,
  type TravelerFormValues,
} from '@/features/traveler/form-model';
import type * as Preflight from '@/features/traveler/preflight';
import type { FieldProblem } from '@/features/traveler/preflight';

/**
 * The pre-flight's code (the shared SES, Mossos and A19 rules) and its texts (the `ses` namespace)
 * after the form's first render (decision 082): the notes of an empty form are none but the blank
 * fields', and come a moment later. The server's render of the self check-in loads it before it
 * renders.
 */
const preflightModule = deferredModule(async () => {
  const [module] = await Promise.all([
    import('@/features/traveler/preflight'),
    // Its texts, which a route with the form no longer waits for.
    loadNamespaces(['ses']),
  ]);
  return module;
});

/** Loads the pre-flight's code and texts (see above). */
export const loadPreflight = (): Promise<typeof Preflight> => preflightModule.load();

/** How long typing may pause before the check runs again. */
export const PREFLIGHT_DELAY_MS = 300;

/**
 * Fields every save requires already (marked required, named on save): left empty, the parte's
 * "missing" would only repeat that. What they hold is still checked (a DNI's letter, the length).
 */
const SAVE_REQUIRED = new Set([
  'firstName',
  'lastName',
  'nationality',
  'dateOfBirth',
  'contactInfo.email',
  'passportNumber',
]);

function blankAt(values: TravelerFormValues, path: string): boolean {
  let node: unknown = values;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node !== 'string' || node.trim() === '';
}

/** What the parte still needs, per field of the form (empty: nothing, or no live check). */
export interface LivePreflight {
  problems: readonly FieldProblem[];
  /** The first text of each field's problems. */
  notes: ReadonlyMap<string, string>;
}

const NONE: LivePreflight = { problems: [], notes: new Map() };
export const PreflightContext = createContext<LivePreflight>(NONE);

/** What the parte still needs of the form's values (see LivePreflightScope). */
export function useLivePreflight(): LivePreflight {
  return useContext(PreflightContext);
}

/** The values after typing has paused for `delay` ms (the first ones at once). */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, settled, delay]);
  return settled;
}

/**
 * Runs the SES pre-flight (decision 043) on the form's values as they are typed, once typing
 * pauses, and gives its result to the fields and the summary inside: only problems of the fields
 * of `sections` (the sections this form shows; a traveler's self check-in has no payment to give).
 * Its children re-render only when the result changes, not at every keystroke.
 */
export function LivePreflightScope({
  sections,
  reportDefaultsFor,
  children,
}: {
  sections: readonly SectionKey[];
  /** The establishment's report defaults (decision 042): what a save completes is not asked. */
  reportDefaultsFor?: ((establishmentId: string) => ReportDefaults) | undefined;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const { control } = useFormContext<TravelerFormValues>();
  const values = useWatch({ control }) as TravelerFormValues;
  const settled = useSettled(values, PREFLIGHT_DELAY_MS);
  const fields = useMemo(
    () => new Set<string>(sections.flatMap((section) => SECTIONS[section])),
    [sections],
  );
  const preflight = preflightModule.useModule();
  const problems = useMemo(
    () =>
      (preflight
        ? preflight.fieldProblems(
            preflight.formValuesProblems(
              settled,
              reportDefaultsFor?.(settled.establishmentId) ?? NO_REPORT_DEFAULTS,
            ),
            lng,
          )
        : []
      )
        .filter(
          (problem) =>
            fields.has(problem.field) &&
            !(SAVE_REQUIRED.has(problem.field) && blankAt(settled, problem.field)),
        )
        // In the order of the form's fields, as the summary lists them.
        .sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field)),
    [preflight, settled, reportDefaultsFor, lng, fields],
  );
  // The same result keeps the same value: the fields do not re-render for nothing.
  const key = JSON.stringify(problems);
  const result = useMemo<LivePreflight>(
    () => {
      const notes = new Map<string, string>();
      for (const problem of problems)
        if (!notes.has(problem.field)) notes.set(problem.field, problem.message);
      return { problems, notes };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is `problems` by value
    [key],
  );
  return <PreflightContext value={result}>{children}</PreflightContext>;
}

/**
 * What the parte still needs, above the fields: a list of links, each to its field (its section
 * opened). It never blocks the save: a traveler can be completed later, and is listed as one who
 * cannot be reported until then.
 */
export function PreflightSummary({
  fieldDomId,
  reveal,
}: {
  fieldDomId: (path: string) => string;
  reveal: (path: string) => void;
}) {
  const { t } = useTranslation('clients');
  const { problems } = useLivePreflight();
  if (problems.length === 0) return null;
  const headingId = fieldDomId('preflight-title');
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-primary bg-info-soft px-4 py-3 text-sm text-fg"
    >
      <h2 id={headingId} className="font-semibold">
        {t('preflight.title')}
      </h2>
      <p className="mt-1">{t('preflight.intro')}</p>
      <ul className="ms-5 mt-2 list-disc space-y-1">
        {problems.map((problem, index) => (
          <li key={`${problem.field}-${index}`}>
            <a
              href={`#${fieldDomId(problem.field)}`}
              className="break-words text-fg underline underline-offset-2"
              onClick={(event) => {
                event.preventDefault();
                reveal(problem.field);
              }}
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
