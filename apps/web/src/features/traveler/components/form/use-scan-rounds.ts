import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { compactId } from '@hospes/shared/spanish-ids';
import type {
  NameSpellings,
  ScanMark,
  TravelerFormValues,
  TravelerPrefill,
} from '@/features/traveler/form-model';
import type { TravelerFormMethods } from './use-traveler-form';

/**
 * The latest document scan of a new registration. A new `round` merges `value` into the form as
 * it stands (see useScanRounds); a round without a value merges nothing.
 */
export interface ScanRound {
  round: number;
  value?: TravelerPrefill | undefined;
  /**
   * From this round on, what a form started afresh for another person's document takes instead
   * of the prefill's values ("Clear them": the copied address and contact stay cleared).
   */
  start?: Partial<TravelerFormValues>;
}

export type ScanMarks = Partial<Record<string, ScanMark>>;
export type ScanSpellings = Partial<Record<string, NameSpellings>>;

/**
 * A new registration's document scans (the desk's and the public page's), merged into the form as
 * they come. Returns the marks of the fields read from a document (the prefill's, then each
 * scan's: a field read again takes its new mark, one read by an earlier scan keeps its own), and
 * how many times the form started afresh for another person (the signature pad starts empty:
 * its strokes are not form state, so it is remounted). `onAfresh` is told of each such start.
 */
export function useScanRounds(
  { getValues, reset, setValue, formState: { isSubmitted } }: TravelerFormMethods,
  {
    scan,
    prefill,
    defaults,
    onAfresh,
  }: {
    scan: ScanRound | undefined;
    prefill: TravelerPrefill | undefined;
    /** What the form started with (read once): a form started afresh takes it again. */
    defaults: TravelerFormValues;
    onAfresh?: () => void;
  },
): { marks: ScanMarks; spellings: ScanSpellings; afresh: number } {
  const [scanMarks, setScanMarks] = useState(() => ({
    round: scan?.round,
    marks: { ...prefill?.marks, ...scan?.value?.marks },
    spellings: { ...prefill?.spellings, ...scan?.value?.spellings },
  }));
  if (scan && scan.round !== scanMarks.round) {
    // A name read again takes the new read's spellings (none: the old ones no longer apply).
    const read = Object.keys(scan.value?.values ?? {});
    const kept = Object.fromEntries(
      Object.entries(scanMarks.spellings).filter(([key]) => !read.includes(key)),
    );
    setScanMarks({
      round: scan.round,
      marks: { ...scanMarks.marks, ...scan.value?.marks },
      spellings: { ...kept, ...scan.value?.spellings },
    });
  }

  // A scan merges into the form as it stands, not into a new one: the fields read from the document
  // are set (and marked, above), the others keep what was typed (e-mail, phone, a companion's
  // stay, the signature), and so does the registration's key while nothing changes.
  const scanRound = scan?.round;
  const scanValues = scan?.value?.values;
  const scanStart = scan?.start;
  const mergedRound = useRef<number | undefined>(undefined);
  // What a form started afresh takes: the defaults, with what a round changed of them since.
  const startValues = useRef(defaults);
  const [afresh, setAfresh] = useState(0);
  const startedAfresh = useEffectEvent(() => onAfresh?.());
  useEffect(() => {
    if (scanRound === mergedRound.current) return;
    mergedRound.current = scanRound;
    if (scanStart) startValues.current = { ...startValues.current, ...scanStart };
    if (!scanValues) return;
    // Another person's document over a form begun for someone else (the first one left): their
    // form starts afresh, so the first person's signature, contacts and address are not saved
    // with the second one's identity.
    const typed = compactId(getValues('passportNumber') || '');
    const scanned = compactId(String(scanValues.passportNumber ?? ''));
    if (typed && scanned && typed !== scanned) {
      reset(startValues.current);
      // Once per scan (mergedRound): the pad's strokes are not form state, so it is remounted.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setAfresh((count) => count + 1);
      startedAfresh();
    }
    for (const [name, value] of Object.entries(scanValues)) {
      setValue(name as keyof TravelerFormValues, value, {
        shouldDirty: true,
        shouldValidate: isSubmitted,
      });
    }
  }, [scanRound, scanValues, scanStart, isSubmitted, setValue, getValues, reset]);

  return { marks: scanMarks.marks, spellings: scanMarks.spellings, afresh };
}
