import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { SECTIONS, type SectionKey, type TravelerFormValues } from '@/features/traveler/form-model';
import { errorPaths } from './form-errors';
import { useLivePreflight } from './live-preflight';
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
 * fields is refused by the save's checks (run on the values as they change, nothing shown),
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
  const { control, subscribe, getValues } = form.methods;
  const { errors } = useFormState({ control });
  const { notes } = useLivePreflight();
  // The fields the save would refuse, as one string (the same answer: no render), checked at
  // every change of the values (a parse of one traveler takes well under a millisecond): by the
  // time the focus leaves a section, the answer is there.
  const [refusedKey, setRefusedKey] = useState<string | null>(null);
  const { refusedPaths } = form;
  useEffect(() => {
    let latest = 0;
    const check = (values: TravelerFormValues) => {
      const round = ++latest;
      void refusedPaths(values).then((paths) => {
        if (round === latest) setRefusedKey(paths.join('|'));
      });
    };
    check(getValues());
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: ({ values }) => check(values),
    });
    return () => {
      latest = -1;
      unsubscribe();
    };
  }, [subscribe, getValues, refusedPaths]);
  const shownKey = [
    ...errorPaths(errors),
    ...notes.keys(),
    ...Object.entries(marks)
      .filter(([, mark]) => mark === 'verify')
      .map(([path]) => path),
  ].join('|');
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
