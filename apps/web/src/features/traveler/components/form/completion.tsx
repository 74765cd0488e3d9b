import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { SECTIONS, type SectionKey, type TravelerFormValues } from '@/features/traveler/form-model';
import { errorPaths } from './form-errors';
import { PREFLIGHT_DELAY_MS, useLivePreflight } from './live-preflight';
import { CompletionContext } from './section';
import type { ScanMarks } from './use-scan-rounds';
import type { TravelerForm } from './use-traveler-form';

/** The sections a form may close once complete: those shown as a Section with a summary line. */
const SUMMARISED: readonly SectionKey[] = [
  'identity',
  'document',
  'stayDates',
  'contact',
  'emergency',
];

/**
 * The sections of a form that are complete, for Section to close (decision 072): none of its
 * fields is refused by the save's checks (run on the values once typing pauses, nothing shown),
 * holds an error, lacks what the parte needs, or was read from a document with "please check".
 */
export function completeSections(
  refused: readonly string[],
  shown: ReadonlySet<string>,
): Set<SectionKey> {
  const blocked = new Set([...refused, ...shown]);
  return new Set(
    SUMMARISED.filter((section) =>
      (SECTIONS[section] as readonly string[]).every((path) => !blocked.has(path)),
    ),
  );
}

export function CompletionScope({
  form,
  marks,
  children,
}: {
  form: TravelerForm;
  marks: ScanMarks;
  children: ReactNode;
}) {
  const { control } = form.methods;
  const values = useWatch({ control }) as TravelerFormValues;
  const { errors } = useFormState({ control });
  const { notes } = useLivePreflight();
  const [settled, setSettled] = useState(values);
  useEffect(() => {
    if (Object.is(values, settled)) return;
    const timer = setTimeout(() => setSettled(values), PREFLIGHT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, settled]);
  const [refused, setRefused] = useState<{ for: TravelerFormValues; paths: string[] } | null>(null);
  const { refusedPaths } = form;
  useEffect(() => {
    let current = true;
    void refusedPaths(settled).then((paths) => {
      if (current) setRefused({ for: settled, paths });
    });
    return () => {
      current = false;
    };
  }, [settled, refusedPaths]);
  const shownKey = [
    ...errorPaths(errors),
    ...notes.keys(),
    ...Object.entries(marks)
      .filter(([, mark]) => mark === 'verify')
      .map(([path]) => path),
  ].join('|');
  const refusedKey = refused ? refused.paths.join('|') : null;
  const value = useMemo(
    () => ({
      complete:
        refusedKey === null
          ? new Set<SectionKey>()
          : completeSections(refusedKey ? refusedKey.split('|') : [], new Set(shownKey.split('|'))),
    }),
    [refusedKey, shownKey],
  );
  return <CompletionContext value={value}>{children}</CompletionContext>;
}
