import { createContext, useContext, type ReactNode } from 'react';
import { useFormContext, useWatch, type FieldPath, type RegisterOptions } from 'react-hook-form';
import { arrivalDay, isMinorOn, type CreateTravelerInput } from '@hospes/shared/travelers';
import type { TravelerFormValues } from '@/features/traveler/form-model';
import { useStaticRender } from '@/lib/static-render';
import { errorAt } from './form-errors';
import { useLivePreflight } from './live-preflight';
import { ScanMarkBadge, SpellingChoices } from './section';
import type { ScanMarks, ScanSpellings } from './use-scan-rounds';
import type { TravelerFormChrome } from './use-traveler-form';

export type Path = FieldPath<TravelerFormValues>;

/** What TravelerFormFrame gives its field sections besides react-hook-form's context. */
export interface TravelerFormSectionContext extends TravelerFormChrome {
  /** The marks of the fields read from a document (none on an edit). */
  marks: ScanMarks;
  /** The printed spellings offered for names read from a document (none on an edit). */
  spellings?: ScanSpellings;
}

export const SectionContext = createContext<TravelerFormSectionContext | null>(null);

/**
 * What a field section needs of its form: react-hook-form's methods, `field(path)` (the props of
 * a text or select field: DOM id, error, what the parte still needs of it, registration),
 * `err(path)`, `note(path)` (what the parte still needs, unless an error says more) and
 * `marked(path, label)` (a label with its scan marker, when the field was read from a document)
 * and `spelled(path)` (the one-tap printed spellings of a name read from an MRZ, if any).
 */
export function useTravelerFields() {
  const section = useContext(SectionContext);
  if (!section) throw new Error('A traveler field section belongs inside TravelerFormFrame');
  const form = useFormContext<TravelerFormValues, unknown, CreateTravelerInput>();
  const { errors } = form.formState;
  const { notes } = useLivePreflight();
  const err = (path: string) => errorAt(errors, path);
  const note = (path: string) => (err(path) ? undefined : notes.get(path));
  const staticRender = useStaticRender();
  const field = (path: Path, options?: RegisterOptions<TravelerFormValues, Path>) => ({
    id: section.fieldDomId(path),
    error: err(path),
    note: note(path),
    // Rendered on the server (decision 079): react-hook-form sets a registered field's value
    // through its ref, which a render to HTML never calls; the markup carries it instead.
    ...(staticRender && staticDefault(form.getValues(path))),
    ...form.register(path, options),
  });
  const marked = (path: string, label: string): ReactNode => {
    const mark = section.marks[path];
    return mark ? (
      <>
        {label}
        <ScanMarkBadge mark={mark} />
      </>
    ) : (
      label
    );
  };
  const spelled = (path: 'firstName' | 'lastName' | 'secondLastName'): ReactNode => {
    const spellings = section.spellings?.[path];
    return spellings ? <SpellingChoices path={path} spellings={spellings} /> : undefined;
  };
  return { ...section, form, control: form.control, err, note, field, marked, spelled };
}

/** A field's value as markup's default (text and selects; checkboxes). */
function staticDefault(
  value: unknown,
): { defaultValue: string } | { defaultChecked: boolean } | null {
  if (typeof value === 'string') return { defaultValue: value };
  if (typeof value === 'boolean') return { defaultChecked: value };
  return null;
}

/**
 * Under 18 on arrival (as SES counts): the relationship is asked, and the document may be left
 * out (a Spanish child under 14 often has no DNI).
 */
export function useIsMinor(): boolean {
  const { control, today } = useTravelerFields();
  const dateOfBirth = useWatch({ control, name: 'dateOfBirth' });
  const entryDate = useWatch({ control, name: 'entryDate' });
  const stayEntry = useWatch({ control, name: 'stay.entryDateTime' });
  return isMinorOn(
    dateOfBirth,
    arrivalDay({ entryDate, stay: { entryDateTime: stayEntry } }, today),
  );
}
