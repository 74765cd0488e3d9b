import { useCallback, useEffect, useId, useState, type BaseSyntheticEvent } from 'react';
import type { ReportDefaults } from '@hospes/shared/report-defaults';
import { useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { CreateTravelerInput } from '@hospes/shared/travelers';
import { applyServerFieldErrors } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { awaitsSessionRenewal } from '@/lib/session-renewal';
import { useUnsavedInput } from '@/lib/unsaved-input';
import {
  COLLAPSIBLE_SECTIONS,
  FIELD_ORDER,
  sectionOf,
  travelerResolver,
  type CollapsibleSection,
  type TravelerFormValues,
} from '@/features/traveler/form-model';
import {
  errorPaths,
  fieldDomIdIn,
  nestedErrors,
  withoutDocumentImages,
  type PathError,
} from './form-errors';

/** What every traveler form is told of the establishment it registers at. */
export interface TravelerFormSettings {
  /**
   * False when the establishment keeps no photos of identity documents (decision 023): the photo
   * fields are left out and a photo a scan took is not sent. Default true; the server refuses
   * photos for such an establishment whatever the form does.
   */
  keepDocumentImages?: boolean;
  /**
   * The establishment's clock (see establishmentTimeZone): today's date, the entry date a new
   * registration starts with, is its, and so is the day the date rules check against. Default
   * mainland Spain's for the defaults; the rules then refuse only what every Spanish clock does.
   */
  timeZone?: string;
  /**
   * The report defaults (decision 042) of an establishment, which a save completes the stay with
   * (check-out, payment type): the live pre-flight does not ask for them. Unset: none.
   */
  reportDefaultsFor?: (establishmentId: string) => ReportDefaults;
  /**
   * True when the establishment lets the desk leave the emergency contact out (decision 055):
   * then all three of its fields or none. Default false: required, as the spec says.
   */
  emergencyContactOptional?: boolean;
}

export type TravelerFormMethods = UseFormReturn<TravelerFormValues, unknown, CreateTravelerInput>;

/**
 * What a form shows as it opens: errors on their fields (their sections open, the first one
 * focused), or a message above the form (focused).
 */
export interface TravelerFormOpening {
  fields: PathError[];
  formError?: string;
}

/** What the SES file's check asked to fix, on the fields the form has. */
export function problemsOpening(
  problems: readonly { field: string; message: string }[],
): TravelerFormOpening {
  return {
    fields: problems
      .filter((problem) => FIELD_ORDER.includes(problem.field))
      .map(({ field, message }) => ({ path: field, message, type: 'ses' })),
  };
}

/** A refusal as a form shows it: the server's field errors on their fields, else above the form. */
export function refusalOpening(error: unknown, failedText: string): TravelerFormOpening {
  const fields: PathError[] = [];
  applyServerFieldErrors<TravelerFormValues>(
    error,
    (path, { type, message }) =>
      fields.push({ path, message: message ?? '', type: type ?? 'server' }),
    { knownFields: FIELD_ORDER },
  );
  return fields.length > 0 ? { fields } : { fields, formError: errorText(error, failedText) };
}

function sectionHasData(values: TravelerFormValues, section: CollapsibleSection): boolean {
  // The entry date always holds one (today by default): a check-out given is what says more.
  if (section === 'stayDates') return values.checkOutDate !== '';
  if (section === 'emergency') return Object.values(values.emergencyContact).some(Boolean);
  if (section === 'homeAddress') {
    return (
      !!values.contactInfo.address || Object.values(values.address).some((value) => value !== '')
    );
  }
  const keys =
    section === 'payment'
      ? (['paymentType', 'paymentDate', 'paymentMethod', 'paymentHolder', 'cardExpiry'] as const)
      : ([
          'contractReference',
          'contractDate',
          'entryDateTime',
          'exitDateTime',
          'numberOfPersons',
          'numberOfRooms',
          'internetBooking',
        ] as const);
  return keys.some((key) => values.stay[key] !== '');
}

/** The collapsible sections holding one of the fields. */
function sectionsOf(paths: readonly string[]): CollapsibleSection[] {
  return paths
    .map(sectionOf)
    .filter((section): section is CollapsibleSection =>
      (COLLAPSIBLE_SECTIONS as readonly (string | undefined)[]).includes(section),
    );
}

/** What the field sections read of the form besides react-hook-form's own state. */
export interface TravelerFormChrome {
  /** The DOM id of a field (or of the form's error, the consent) in this form. */
  fieldDomId: (path: string) => string;
  /** The establishment's today (date limits, the age on arrival). */
  today: string;
  /** See TravelerFormSettings. */
  keepImages: boolean;
  isOpen: (section: CollapsibleSection) => boolean;
  toggle: (section: CollapsibleSection) => (open: boolean) => void;
  /** Shows a field: its section opened, the field focused (the pre-flight summary's links). */
  reveal: (path: string) => void;
}

export interface TravelerForm {
  methods: TravelerFormMethods;
  chrome: TravelerFormChrome;
  /** A failure no field holds, shown above the form. */
  formError: string | null;
  /** Focuses (and shows) a field, once its section is open. */
  focus: (path: string) => void;
  /**
   * The form's submit handler: the values checked, the photos left out where none are kept, then
   * `save`; a failure lands on its fields (their sections open, the first focused) or above the
   * form. `onInvalid` is told of a refused check, `onError` of a failed save, before it shows.
   */
  submit: (
    save: (input: CreateTravelerInput) => Promise<void>,
    options?: { onInvalid?: () => void; onError?: (error: unknown) => void },
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** The fields the save's checks would refuse in `values` (nothing shown, nothing set). */
  refusedPaths: (values: TravelerFormValues) => Promise<string[]>;
}

/**
 * The traveler form's state, one per container: the values (react-hook-form, checked by the
 * shared schemas on save, then field by field as they are corrected), the open sections, the error
 * above the form and the field to focus. `initial` and `opening` are read once.
 */
export function useTravelerForm({
  initial,
  today,
  requireSignature,
  timeZone,
  keepDocumentImages,
  saveFailedText,
  opening,
  startsUnsaved = false,
  emergencyContactOptional = false,
}: {
  initial: TravelerFormValues;
  today: string;
  /** A new registration: the signature is required (TravelerRegistrationFormSchema). */
  requireSignature: boolean;
  timeZone: string | undefined;
  keepDocumentImages: boolean | undefined;
  /** What a failed save says when the server gives no reason. */
  saveFailedText: string;
  opening?: TravelerFormOpening | undefined;
  /** Unsaved from the start (a prefill): see useUnsavedInput. */
  startsUnsaved?: boolean;
  /** See TravelerFormSettings. */
  emergencyContactOptional?: boolean | undefined;
}): TravelerForm {
  const formKey = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const fieldDomId = (path: string) => fieldDomIdIn(formKey, path);
  const keepImages = keepDocumentImages !== false;
  const [openingErrors] = useState<FieldErrors<TravelerFormValues> | undefined>(() =>
    opening?.fields.length ? nestedErrors(opening.fields) : undefined,
  );
  const [formError, setFormError] = useState<string | null>(opening?.formError ?? null);
  const [open, setOpen] = useState<ReadonlySet<CollapsibleSection>>(
    () =>
      new Set([
        ...COLLAPSIBLE_SECTIONS.filter((section) => sectionHasData(initial, section)),
        ...sectionsOf(opening?.fields.map((field) => field.path) ?? []),
      ]),
  );
  const [focusTarget, setFocusTarget] = useState<{ path: string } | null>(() => {
    if (opening?.formError) return { path: 'form-error' };
    const paths = opening?.fields.map((field) => field.path) ?? [];
    const first = FIELD_ORDER.find((path) => paths.includes(path));
    return first ? { path: first } : null;
  });

  const [resolver] = useState(() =>
    travelerResolver(requireSignature, timeZone, emergencyContactOptional),
  );
  const methods = useForm<TravelerFormValues, unknown, CreateTravelerInput>({
    resolver,
    defaultValues: initial,
    // What the form opens with to fix: on its fields from the start.
    errors: openingErrors,
    // Checked on save, then field by field as they are corrected: no error for a field merely
    // passed through on the way.
    mode: 'onSubmit',
    shouldFocusError: false,
  });
  const { handleSubmit, setError } = methods;
  const refusedPaths = useCallback(
    async (values: TravelerFormValues) => {
      const result = await resolver(values, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      });
      return errorPaths(result.errors);
    },
    [resolver],
  );

  // Typed values, a signature or a scan's prefill are unsaved input: a session that ends now is
  // renewed in place instead of leaving the page (lib/unsaved-input.ts).
  useUnsavedInput(methods.formState.isDirty || startsUnsaved);

  // Focus (and show) the field asked for, once its section is open (rendered).
  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(fieldDomIdIn(formKey, focusTarget.path));
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus();
  }, [focusTarget, formKey]);

  const focus = (path: string) => setFocusTarget({ path });
  const revealErrors = (paths: string[]) => {
    setOpen((current) => new Set([...current, ...sectionsOf(paths)]));
    const first = FIELD_ORDER.find((path) => paths.includes(path));
    if (first) focus(first);
  };

  /** A failed save: the server's field errors on their fields, anything else above the form. */
  const showSaveError = (error: unknown) => {
    const applied = applyServerFieldErrors<TravelerFormValues>(error, setError, {
      knownFields: FIELD_ORDER,
    });
    if (applied.length > 0) {
      revealErrors(applied);
    } else {
      setFormError(errorText(error, saveFailedText));
      focus('form-error');
    }
  };

  const submit: TravelerForm['submit'] = (save, options = {}) =>
    handleSubmit(
      async (values) => {
        setFormError(null);
        try {
          await save(keepImages ? values : withoutDocumentImages(values));
        } catch (error) {
          // The session ended: the login dialog over the page says so; the form stays as it is.
          if (awaitsSessionRenewal(error)) return;
          options.onError?.(error);
          showSaveError(error);
        }
      },
      (invalid) => {
        options.onInvalid?.();
        const paths = errorPaths(invalid);
        revealErrors(paths);
        if (paths.length === 0) focus('form-error');
      },
    );

  return {
    methods,
    chrome: {
      fieldDomId,
      today,
      keepImages,
      isOpen: (section) => open.has(section),
      toggle: (section) => (next) =>
        setOpen((current) => {
          const copy = new Set(current);
          if (next) copy.add(section);
          else copy.delete(section);
          return copy;
        }),
      reveal: (path) => revealErrors([path]),
    },
    formError,
    focus,
    submit,
    refusedPaths,
  };
}
