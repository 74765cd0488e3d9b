import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Controller, useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  DOCUMENT_TYPES_WITH_SUPPORT_NUMBER,
  EMERGENCY_RELATIONSHIPS,
  KINSHIP_CODES,
  PAYMENT_TYPES,
} from '@hospes/shared/codes';
import { travelerLanguageFor } from '@hospes/shared/country-languages';
import { todayIso } from '@hospes/shared/dates';
import { LANGUAGES } from '@hospes/shared/languages';
import { compactId } from '@hospes/shared/spanish-ids';
import {
  arrivalDay,
  isMinorOn,
  type CreateTravelerInput,
  type Traveler,
} from '@hospes/shared/travelers';
import { LeaveGuard } from '@/components/leave-guard';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Combobox } from '@/components/ui/combobox';
import { Disclosure } from '@/components/ui/disclosure';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerFieldErrors, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { translateMessage } from '@/lib/messages';
import { awaitsSessionRenewal } from '@/lib/session-renewal';
import { useUnsavedInput } from '@/lib/unsaved-input';
import { newRegistrationKey } from '@/features/traveler/api/create-traveler';
import { useRegistrationCalls } from '../api/registration-calls';
import { useSameDocument } from '@/features/traveler/api/same-document';
import { useUpdateTraveler } from '@/features/traveler/api/update-traveler';
import { useCountryOptions } from '@/features/traveler/countries';
import { fullName } from '@/features/traveler/format';
import { attemptFor, type RegistrationAttempt } from '../registration-attempt';
import { formTurns, sendInTurn } from '../send-queue';
import {
  COLLAPSIBLE_SECTIONS,
  emptyTravelerValues,
  FIELD_ORDER,
  hasBackSide,
  sectionOf,
  toUpdateInput,
  travelerResolver,
  travelerValuesFrom,
  type CollapsibleSection,
  type ScanMark,
  type TravelerFormValues,
  type TravelerPrefill,
} from '../traveler-form-model';
import { withDraft, type TravelerDraft } from '../traveler-draft';
import {
  DocumentImageField,
  StoredSignature,
} from '@/features/traveler/components/document-images';
import { SameDocumentNotice } from '@/features/traveler/components/same-document-notice';
import { MunicipalityField } from '@/features/traveler/components/municipality-field';
import { SignaturePad } from '@/features/traveler/components/signature-pad';

type Path = FieldPath<TravelerFormValues>;

/**
 * The DOM id of a field in one form, so the first error can be focused whatever kind of control it
 * is. `form` keeps two forms on a page apart (the desk keeps its new registration, hidden, while a
 * QR review shows another).
 */
const fieldDomIdIn = (form: string, path: string) => `tf${form}-${path.replace(/\./g, '-')}`;

/**
 * The latest document scan of a new registration. A new `round` merges `value` into the form as
 * it stands (see TravelerForm); a round without a value merges nothing.
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

function errorAt(errors: FieldErrors<TravelerFormValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

function firstErrorPath(errors: FieldErrors<TravelerFormValues>): string | undefined {
  return FIELD_ORDER.find((path) => errorAt(errors, path) !== undefined);
}

function Section({
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

function sectionHasData(values: TravelerFormValues, section: CollapsibleSection): boolean {
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

/** A consent the person must give before the form can be sent (the public page). */
export interface FormConsent {
  title: ReactNode;
  text: ReactNode;
  label: ReactNode;
  /** Shown when the box is not ticked on send. */
  requiredMessage: string;
}

export type TravelerFormProps = {
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
} & (
  | {
      mode: 'register';
      establishmentId: string;
      onSaved: (pilgrim: Traveler) => void;
      actions?: ReactNode;
      /** Values the form starts with (a companion's shared stay), marked where read from a document. */
      prefill?: TravelerPrefill | undefined;
      /** Document scans, merged into the form as they come (see ScanRound). */
      scan?: ScanRound;
      /**
       * The registration a form reopened from the desk's send queue goes on with (its key and
       * what was sent with it), and the refusal it met: on its fields, or above the form.
       */
      resume?: { attempt: RegistrationAttempt; error: unknown };
      /**
       * Told of each save as it starts (the desk offers to go on when it is slow): resolves with
       * the saved traveler, or null once the save went to the send queue (the form is done then).
       */
      whileSaving?: (saving: Promise<Traveler>, sent: SentRegistration) => Promise<Traveler | null>;
    }
  | {
      mode: 'edit';
      pilgrim: Traveler;
      /**
       * What to fix, as the SES file's check named it (the "Fix" link of Generate XML): said
       * above the form, marked on each field, whose section opens, the first one focused.
       */
      problems?: readonly { field: string; message: string }[];
      onSaved: (pilgrim: Traveler) => void;
      actions?: ReactNode;
      /** The label of the save button (default: save changes). */
      submitLabel?: string;
      /** False: no "saved" toast (the caller shows the result of what follows the save). */
      savedToast?: boolean;
      /**
       * False: no "Leave this page?" question of its own, for a form on a page that already
       * holds one (a router takes one blocker). Default true.
       */
      leaveGuard?: boolean;
    }
  | {
      /** Public self-registration: no stay, contract or payment sections; consent required. */
      mode: 'public';
      /** `key`: the registration's Idempotency-Key (see the form's `attempt`). */
      submit: (input: CreateTravelerInput, key: string) => Promise<void>;
      consent: FormConsent;
      submitLabel: string;
      defaultLanguage?: string;
      prefill?: TravelerPrefill;
      scan?: ScanRound;
      actions?: ReactNode;
      /**
       * What the traveler typed before a reload of the tab (see traveler-draft.ts): the form
       * starts with it. Not a prefill: a form that starts afresh for another person's document
       * leaves it out.
       */
      draft?: TravelerDraft | null | undefined;
      /** Told the form's values whenever they change (the page keeps a draft of them). */
      onValuesChange?: ((values: TravelerFormValues) => void) | undefined;
    }
);

/** A save the form has started: the data, what the form held, and the registration it is for. */
export interface SentRegistration {
  input: CreateTravelerInput;
  values: TravelerFormValues;
  attempt: RegistrationAttempt;
  /** Its place in the send queue, where the desk's saves take their turn (`letGo` moves on). */
  turn: string;
}

/** The input without photos of the document (an establishment that keeps none). */
function withoutDocumentImages({
  frontDocImage: _front,
  backDocImage: _back,
  ...input
}: CreateTravelerInput): CreateTravelerInput {
  return input;
}

/** A visible "check this" marker on a label, stronger for fields no check digit backs. */
function ScanMarkBadge({ mark }: { mark: ScanMark }) {
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

/**
 * The traveler form (spec §3 plus the SES fields), grouped for speed: identity, document, stay,
 * contact, emergency contact; the rarely used home address, contract and payment sections open on
 * demand. The shared schemas check it before the call; the server's field errors land on their
 * fields, and a closed section holding one opens.
 */
export function TravelerForm(props: TravelerFormProps) {
  const { t } = useTranslation('clients');
  const { mode } = props;
  const pilgrim = mode === 'edit' ? props.pilgrim : undefined;
  const countryOptions = useCountryOptions();
  const registrationCalls = useRegistrationCalls();
  // The desk's save this form waits for in the send queue. A form that goes away meanwhile (the
  // page left) lets go of it: it is sent as the queue's, and the header tells what became of it.
  const [turns] = useState(formTurns);
  useEffect(() => () => turns.release(), [turns]);
  const update = useUpdateTraveler();
  // The key of the public registration being sent (Idempotency-Key, decision 020): kept while the
  // same data is sent again (a retry after a lost answer registers once), new once the data differs.
  const [attempt, setAttempt] = useState<{ key: string; data: string } | null>(null);
  // The desk's registration being sent: one key until a send is answered, whatever is edited in
  // between; an edit after a lost answer updates the traveler it registered (see
  // registration-attempt.ts, whose sends keep their bookkeeping in the attempt itself).
  const resume = mode === 'register' ? props.resume : undefined;
  const [registration, setRegistration] = useState<RegistrationAttempt | null>(
    resume?.attempt ?? null,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const problems = mode === 'edit' ? props.problems : undefined;
  const [focusTarget, setFocusTarget] = useState<{ path: string } | null>(null);

  const prefill = mode === 'edit' ? undefined : props.prefill;
  const today = todayIso(new Date(), props.timeZone);
  const [defaults] = useState<TravelerFormValues>(() => {
    if (pilgrim) return travelerValuesFrom(pilgrim);
    const empty = emptyTravelerValues(mode === 'register' ? props.establishmentId : '', today);
    if (mode === 'public' && props.defaultLanguage) empty.language = props.defaultLanguage;
    return { ...empty, ...prefill?.values };
  });
  // The values the form opens with: the defaults, and a draft kept from before a reload.
  const draft = mode === 'public' ? props.draft : undefined;
  const [initial] = useState(() => (draft ? withDraft(defaults, draft) : defaults));
  // The marks of the fields read from a document: the prefill's, then each scan's as it merges (a
  // field read again takes its new mark, one read by an earlier scan keeps its own).
  const scan = mode === 'edit' ? undefined : props.scan;
  const [scanMarks, setScanMarks] = useState(() => ({
    round: scan?.round,
    marks: { ...prefill?.marks, ...scan?.value?.marks },
  }));
  if (scan && scan.round !== scanMarks.round) {
    setScanMarks({ round: scan.round, marks: { ...scanMarks.marks, ...scan.value?.marks } });
  }
  const marks = scanMarks.marks;
  /** A label with its scan marker, when the field was read from a document. */
  const marked = (path: string, label: string): ReactNode => {
    const mark = marks[path];
    return mark ? (
      <>
        {label}
        <ScanMarkBadge mark={mark} />
      </>
    ) : (
      label
    );
  };
  const isPublic = mode === 'public';
  const keepImages = props.keepDocumentImages !== false;
  const consentId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const formKey = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const fieldDomId = (path: string) => fieldDomIdIn(formKey, path);
  const [consented, setConsented] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<CollapsibleSection>>(
    () => new Set(COLLAPSIBLE_SECTIONS.filter((section) => sectionHasData(initial, section))),
  );

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    trigger,
    subscribe,
    formState: { errors, isSubmitting, isSubmitted, isDirty },
  } = useForm<TravelerFormValues, unknown, CreateTravelerInput>({
    resolver: travelerResolver(mode !== 'edit', props.timeZone),
    defaultValues: initial,
    // Checked on save, then field by field as they are corrected: no error for a field merely
    // passed through on the way.
    mode: 'onSubmit',
    shouldFocusError: false,
  });

  const documentType = useWatch({ control, name: 'documentType' });
  const dateOfBirth = useWatch({ control, name: 'dateOfBirth' });
  const entryDate = useWatch({ control, name: 'entryDate' });
  const gender = useWatch({ control, name: 'gender' });
  const needsSupport = DOCUMENT_TYPES_WITH_SUPPORT_NUMBER.includes(documentType);

  // Typed values, a signature or a scan's prefill are unsaved input: a session that ends now is
  // renewed in place instead of leaving the page (lib/unsaved-input.ts).
  useUnsavedInput(isDirty || !!prefill);

  // Once the form has been checked, a new document type re-checks the number that depends on it.
  useEffect(() => {
    if (isSubmitted) void trigger(['passportNumber', 'documentSupportNumber']);
  }, [documentType, isSubmitted, trigger]);
  // Under 18 on arrival (as SES counts): the relationship is asked, and the document may be
  // left out (a Spanish child under 14 often has no DNI).
  const stayEntry = useWatch({ control, name: 'stay.entryDateTime' });
  const minor = isMinorOn(
    dateOfBirth,
    arrivalDay({ entryDate, stay: { entryDateTime: stayEntry } }, today),
  );

  // A scan merges into the form as it stands, not into a new one: the fields read from the document
  // are set (and marked, above), the others keep what was typed (e-mail, phone, a companion's
  // stay, the signature), and so does the registration's key while nothing changes.
  const scanRound = scan?.round;
  const scanValues = scan?.value?.values;
  const scanStart = scan?.start;
  const mergedRound = useRef<number | undefined>(undefined);
  // What a form started afresh takes: the defaults, with what a round changed of them since.
  const startValues = useRef(defaults);
  // Counts the times the form started afresh for another person: the signature pad starts empty.
  const [afresh, setAfresh] = useState(0);
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
    }
    for (const [name, value] of Object.entries(scanValues)) {
      setValue(name as keyof TravelerFormValues, value, {
        shouldDirty: true,
        shouldValidate: isSubmitted,
      });
    }
  }, [scanRound, scanValues, scanStart, isSubmitted, setValue, getValues, reset]);

  // The desk's new traveler: the language of the e-mailed PDF and the messages follows the
  // nationality, chosen or scanned (its main language, else English), until staff choose one
  // themselves. Not on the public form (the pilgrim chose the page's language), nor in an edit
  // (the record says it), nor over a language the form was opened with (a prefill's, or a
  // registration reopened from the send queue).
  const languageFollows = mode === 'register' && !resume && prefill?.values.language === undefined;
  const languageChosen = useRef(!languageFollows);
  const nationality = useWatch({ control, name: 'nationality' });
  useEffect(() => {
    if (afresh) languageChosen.current = !languageFollows;
  }, [afresh, languageFollows]);
  useEffect(() => {
    if (languageChosen.current) return;
    const language = travelerLanguageFor(nationality);
    if (language && getValues('language') !== language) setValue('language', language);
  }, [nationality, getValues, setValue]);

  // Every change of the values, typed, chosen or merged from a scan, for the page's draft.
  const onValuesChange = mode === 'public' ? props.onValuesChange : undefined;
  useEffect(() => {
    if (!onValuesChange) return;
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => onValuesChange(values),
    });
  }, [subscribe, onValuesChange]);

  // The establishment is chosen outside the form (registration page): keep it in step.
  const establishmentId = mode === 'register' ? props.establishmentId : undefined;
  useEffect(() => {
    if (establishmentId !== undefined) setValue('establishmentId', establishmentId);
  }, [establishmentId, setValue]);

  // The same document already registered here for this stay (a pilgrim who checked in on their
  // phone, typed in again): said while the form is filled in, once the number has settled.
  const passportNumber = useWatch({ control, name: 'passportNumber' });
  const checkedNumber = useDebouncedValue(passportNumber, 600);
  const sameDocument = useSameDocument(
    establishmentId,
    checkedNumber,
    entryDate || today,
    mode === 'register',
  ).data;
  // Saving it anyway is asked first (a second record is reported twice), once per number.
  const [askingDuplicate, setAskingDuplicate] = useState(false);
  const [duplicateConfirmed, setDuplicateConfirmed] = useState<string | null>(null);
  // "Register again": saved once the confirmation is part of the form's state.
  const [resubmit, setResubmit] = useState(0);

  // Focus (and show) the first field with an error, once its section is open.
  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(fieldDomIdIn(formKey, focusTarget.path));
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus();
  }, [focusTarget, formKey]);

  const revealErrors = (paths: string[]) => {
    const sections = new Set(open);
    for (const path of paths) {
      const section = sectionOf(path);
      if (section && (COLLAPSIBLE_SECTIONS as readonly string[]).includes(section)) {
        sections.add(section as CollapsibleSection);
      }
    }
    setOpen(sections);
    const first = FIELD_ORDER.find((path) => paths.includes(path));
    if (first) setFocusTarget({ path: first });
  };

  // The SES check's problems, once, when the form opens: on their fields, their sections open.
  const shownProblems = useRef(false);
  useEffect(() => {
    if (shownProblems.current || !problems?.length) return;
    shownProblems.current = true;
    const fields = problems.filter((p) => FIELD_ORDER.includes(p.field));
    for (const { field, message } of fields) setError(field as Path, { type: 'ses', message });
    revealErrors(fields.map((p) => p.field));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening
  }, []);

  /** A failed save: the server's field errors on their fields, anything else above the form. */
  const showSaveError = (error: unknown) => {
    // The key registered data no send of this form had (see saveRegistration): start afresh.
    if (isApiError(error) && error.code === 'IDEMPOTENCY_KEY_REUSED') setRegistration(null);
    const applied = applyServerFieldErrors<TravelerFormValues>(error, setError, {
      knownFields: FIELD_ORDER,
    });
    if (applied.length > 0) {
      revealErrors(applied);
    } else {
      setFormError(
        errorText(error, t(mode === 'edit' ? 'messages.updateFailed' : 'messages.registerFailed')),
      );
      setFocusTarget({ path: 'form-error' });
    }
  };

  // A registration reopened from the send queue shows, once, the refusal it met there.
  const shownRefusal = useRef(false);
  useEffect(() => {
    if (shownRefusal.current || !resume) return;
    shownRefusal.current = true;
    showSaveError(resume.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening
  }, []);

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(null);
      // As the notice compares them: the form's output is upper case and compact, the typing not.
      const number = compactId(values.passportNumber ?? '');
      if (
        mode === 'register' &&
        sameDocument?.length &&
        compactId(checkedNumber) === number &&
        duplicateConfirmed !== number
      ) {
        setAskingDuplicate(true);
        return;
      }
      const input = keepImages ? values : withoutDocumentImages(values);
      if (isPublic && !consented) {
        setConsentError(true);
        setFocusTarget({ path: 'consent' });
        return;
      }
      try {
        if (mode === 'public') {
          // A self check-in is sent with a key: the same while the same data is sent again.
          const data = JSON.stringify(input);
          const key = attempt?.data === data ? attempt.key : newRegistrationKey();
          setAttempt({ key, data });
          await props.submit(input, key);
          setAttempt(null);
        } else if (mode === 'register') {
          const current = attemptFor(registration, input);
          setRegistration(current);
          // Sent after the registrations the send queue still holds: one upload at a time, and
          // the report numbers in the order of the saves.
          const held = getValues();
          const { id: turn, saving } = sendInTurn({
            name: fullName(input),
            establishmentId: props.establishmentId,
            values: held,
            input,
            attempt: current,
            calls: registrationCalls,
          });
          turns.track(turn);
          const saved = await (
            props.whileSaving
              ? props.whileSaving(saving, { input, values: held, attempt: current, turn })
              : saving
          ).finally(() => turns.settled(turn));
          // Gone to the send queue: the desk is on to the next traveler.
          if (!saved) return;
          setRegistration(null);
          toast.success(t('messages.recordSaved'));
          props.onSaved(saved);
        } else if (pilgrim) {
          const answer = await update.mutateAsync({ id: pilgrim.id, input: toUpdateInput(input) });
          if (props.savedToast !== false) toast.success(t('messages.pilgrimSaved'));
          // Saved: what the form holds is the record now, nothing is left to lose. Settled at
          // once (flushSync), so the leave question knows it before onSaved goes elsewhere.
          flushSync(() => reset(getValues()));
          props.onSaved(answer.data);
        }
      } catch (error) {
        // The session ended: the login dialog over the page says so; the form stays as it is.
        if (awaitsSessionRenewal(error)) return;
        showSaveError(error);
      }
    },
    (invalid) => {
      if (isPublic && !consented) setConsentError(true);
      const first = firstErrorPath(invalid);
      revealErrors(FIELD_ORDER.filter((path) => errorAt(invalid, path) !== undefined));
      if (!first) setFocusTarget({ path: 'form-error' });
    },
  );

  useEffect(() => {
    if (resubmit) void onSubmit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per "Register again"
  }, [resubmit]);

  const err = (path: string) => errorAt(errors, path);
  const field = (path: Path) => ({ id: fieldDomId(path), error: err(path), ...register(path) });
  const toggle = (section: CollapsibleSection) => (next: boolean) =>
    setOpen((current) => {
      const copy = new Set(current);
      if (next) copy.add(section);
      else copy.delete(section);
      return copy;
    });

  const languageField = field('language');

  const stored = (kind: 'front' | 'back' | 'signature') =>
    pilgrim?.documentUploads.find((upload) => upload.kind === kind);
  const storedSignature = stored('signature');
  const optional = t('form.optional');
  const establishmentError = err('establishmentId');

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-6"
      aria-describedby={fieldDomId('required-note')}
    >
      {
        // Asks before the page is left with unsaved input: a new registration (not once saved:
        // the form is gone by then) and an edit (not once saved: the saved values are the form's
        // new starting point, above).
        (mode !== 'edit' || props.leaveGuard !== false) && <LeaveGuard when={isDirty} />
      }
      <p id={fieldDomId('required-note')} className="text-sm text-muted">
        {t('form.requiredNote')}
      </p>
      {problems && problems.length > 0 && (
        <FormAlert title={t('edit.sesProblems')}>
          <ul className="ms-5 list-disc">
            {problems.map((problem, index) => (
              <li key={`${problem.field}-${index}`} className="break-words">
                {problem.message}
              </li>
            ))}
          </ul>
        </FormAlert>
      )}
      {(formError || establishmentError) && (
        <div id={fieldDomId('form-error')} tabIndex={-1}>
          <FormAlert>{formError ?? translateMessage(t, establishmentError)}</FormAlert>
        </div>
      )}

      <Section title={t('form.sections.identity')}>
        <TextField
          label={marked('firstName', t('form.firstName'))}
          autoComplete="off"
          autoCapitalize="words"
          aria-required="true"
          autoFocus={mode === 'register'}
          {...field('firstName')}
        />
        <TextField
          label={marked('lastName', t('form.lastName'))}
          autoComplete="off"
          autoCapitalize="words"
          aria-required="true"
          {...field('lastName')}
        />
        <TextField
          label={marked('secondLastName', t('form.secondLastName'))}
          hint={optional}
          autoComplete="off"
          autoCapitalize="words"
          {...field('secondLastName')}
        />
        <Controller
          control={control}
          name="nationality"
          render={({ field: { ref, value, onChange, onBlur, name } }) => (
            <Combobox
              id={fieldDomId('nationality')}
              inputRef={ref}
              name={name}
              label={marked('nationality', t('form.nationality'))}
              hint={t('form.countryHint')}
              options={countryOptions}
              value={value}
              onChange={onChange}
              onBlur={onBlur}
              required
              error={err('nationality')}
            />
          )}
        />
        <TextField
          label={marked('dateOfBirth', t('form.dateOfBirth'))}
          type="date"
          max={today}
          min="1900-01-01"
          aria-required="true"
          {...field('dateOfBirth')}
        />
        <SelectField
          label={marked('gender', t('form.gender'))}
          aria-required="true"
          options={[
            { value: '', label: t('form.choose') },
            { value: 'M', label: t('genders.M') },
            { value: 'F', label: t('genders.F') },
            ...(gender === 'O' ? [{ value: 'O', label: t('genders.O') }] : []),
          ]}
          {...field('gender')}
        />
        {minor && (
          <SelectField
            label={t('form.kinship')}
            hint={t('form.kinshipHint')}
            options={[
              { value: '', label: t('form.choose') },
              ...KINSHIP_CODES.map((code) => ({ value: code, label: t(`kinship.${code}`) })),
            ]}
            {...field('kinship')}
          />
        )}
      </Section>

      <Section title={t('form.sections.document')}>
        <SelectField
          label={marked('documentType', t('form.documentType'))}
          options={DOCUMENT_TYPES.map((type) => ({
            value: type,
            label: t(`documentTypes.${DOCUMENT_TYPE_LABELS[type]}`),
          }))}
          {...field('documentType')}
        />
        <TextField
          label={marked('passportNumber', t('form.passportNumber'))}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-required={!minor}
          hint={
            minor
              ? t('form.passportNumberMinorHint')
              : documentType === 'D'
                ? t('form.dniHint')
                : undefined
          }
          {...field('passportNumber')}
        />
        {sameDocument && sameDocument.length > 0 && <SameDocumentNotice travelers={sameDocument} />}
        <ConfirmDialog
          open={askingDuplicate}
          title={t('form.sameDocument.confirmTitle')}
          description={<p>{t('form.sameDocument.confirmText')}</p>}
          confirmLabel={t('form.sameDocument.confirmSave')}
          cancelLabel={t('form.sameDocument.confirmCancel')}
          onCancel={() => setAskingDuplicate(false)}
          onConfirm={() => {
            setDuplicateConfirmed(compactId(getValues('passportNumber')));
            setAskingDuplicate(false);
            setResubmit((count) => count + 1);
          }}
        />
        {needsSupport && (
          <TextField
            label={marked('documentSupportNumber', t('form.documentSupportNumber'))}
            hint={t('form.supportHint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-required="true"
            maxLength={13}
            {...field('documentSupportNumber')}
          />
        )}
        <TextField
          label={marked('documentExpeditionDate', t('form.documentExpeditionDate'))}
          hint={optional}
          type="date"
          max={today}
          min="1900-01-01"
          {...field('documentExpeditionDate')}
        />
        {!keepImages && (
          <p className="text-sm text-muted sm:col-span-2 lg:col-span-3">
            {t(stored('front') || stored('back') ? 'documents.notKeptStored' : 'documents.notKept')}
          </p>
        )}
        {keepImages && (
          <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 lg:col-span-3">
            <Controller
              control={control}
              name="frontDocImage"
              render={({ field: { value, onChange } }) => (
                <DocumentImageField
                  id={fieldDomId('frontDocImage')}
                  label={t('documents.front')}
                  value={value}
                  onChange={onChange}
                  error={err('frontDocImage')}
                  stored={stored('front')}
                  pilgrimId={pilgrim?.id}
                />
              )}
            />
            {hasBackSide(documentType) && (
              <Controller
                control={control}
                name="backDocImage"
                render={({ field: { value, onChange } }) => (
                  <DocumentImageField
                    id={fieldDomId('backDocImage')}
                    label={t('documents.back')}
                    value={value}
                    onChange={onChange}
                    error={err('backDocImage')}
                    stored={stored('back')}
                    pilgrimId={pilgrim?.id}
                  />
                )}
              />
            )}
          </div>
        )}
        {keepImages && documentType === 'P' && (
          <p className="text-sm text-muted sm:col-span-2 lg:col-span-3">
            {t('documents.passportNote')}
          </p>
        )}
      </Section>

      {!isPublic && (
        <Section title={t('form.sections.stay')}>
          <TextField
            label={t('form.entryDate')}
            type="date"
            min="1900-01-01"
            {...field('entryDate')}
          />
          <TextField
            label={t('form.checkOutDate')}
            hint={optional}
            type="date"
            min="1900-01-01"
            {...field('checkOutDate')}
          />
        </Section>
      )}

      <Section title={t('form.sections.contact')}>
        <TextField
          label={t('form.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          aria-required="true"
          {...field('contactInfo.email')}
        />
        <TextField
          label={t('form.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          aria-required="true"
          {...field('contactInfo.phone')}
        />
        <TextField
          label={t('form.phone2')}
          hint={optional}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          {...field('contactInfo.phone2')}
        />
        <SelectField
          label={t('form.language')}
          hint={t('form.languageHint')}
          options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          {...languageField}
          onChange={(event) => {
            languageChosen.current = true;
            return languageField.onChange(event);
          }}
        />
      </Section>

      <Section title={t('form.sections.emergency')}>
        <TextField
          label={t('form.emergencyName')}
          autoComplete="off"
          aria-required="true"
          {...field('emergencyContact.name')}
        />
        <TextField
          label={t('form.emergencyPhone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          aria-required="true"
          {...field('emergencyContact.phone')}
        />
        <SelectField
          label={t('form.relationship')}
          aria-required="true"
          options={[
            { value: '', label: t('form.choose') },
            ...EMERGENCY_RELATIONSHIPS.map((value) => ({
              value,
              label: t(`relationships.${value}`),
            })),
          ]}
          {...field('emergencyContact.relationship')}
        />
      </Section>

      <div className="space-y-3">
        <Disclosure
          title={t('form.sections.homeAddress')}
          summary={optional}
          open={open.has('homeAddress')}
          onToggle={toggle('homeAddress')}
        >
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <TextField
              className="sm:col-span-2 lg:col-span-3"
              label={t('form.contactAddress')}
              hint={t('form.contactAddressHint')}
              autoComplete="off"
              {...field('contactInfo.address')}
            />
            <TextField
              className="sm:col-span-2"
              label={t('form.street')}
              autoComplete="off"
              {...field('address.street')}
            />
            <TextField
              label={t('form.complement')}
              autoComplete="off"
              {...field('address.complement')}
            />
            <Controller
              control={control}
              name="address.country"
              render={({ field: { ref, value, onChange, onBlur, name } }) => (
                <Combobox
                  id={fieldDomId('address.country')}
                  inputRef={ref}
                  name={name}
                  label={t('form.country')}
                  options={countryOptions}
                  value={value}
                  onChange={onChange}
                  onBlur={onBlur}
                  error={err('address.country')}
                />
              )}
            />
            <TextField
              label={t('form.postalCode')}
              autoComplete="off"
              {...field('address.postalCode')}
            />
            <MunicipalityField
              control={control}
              setValue={setValue}
              codeField={field('address.municipalityCode')}
              nameField={field('address.municipalityName')}
              comboboxId={fieldDomId('address.municipalityCode')}
            />
          </div>
        </Disclosure>

        {!isPublic && (
          <Disclosure
            title={t('form.sections.contract')}
            summary={optional}
            open={open.has('contract')}
            onToggle={toggle('contract')}
          >
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <TextField
                label={t('form.contractReference')}
                autoComplete="off"
                {...field('stay.contractReference')}
              />
              <TextField
                label={t('form.contractDate')}
                type="date"
                {...field('stay.contractDate')}
              />
              <TextField
                label={t('form.entryDateTime')}
                type="datetime-local"
                {...field('stay.entryDateTime')}
              />
              <TextField
                label={t('form.exitDateTime')}
                type="datetime-local"
                {...field('stay.exitDateTime')}
              />
              <TextField
                label={t('form.numberOfPersons')}
                type="number"
                inputMode="numeric"
                min={1}
                max={999}
                {...field('stay.numberOfPersons')}
              />
              <TextField
                label={t('form.numberOfRooms')}
                type="number"
                inputMode="numeric"
                min={1}
                max={999}
                {...field('stay.numberOfRooms')}
              />
              <SelectField
                label={t('form.internetBooking')}
                options={[
                  { value: '', label: t('form.unknown') },
                  { value: 'yes', label: t('form.yes') },
                  { value: 'no', label: t('form.no') },
                ]}
                {...field('stay.internetBooking')}
              />
            </div>
          </Disclosure>
        )}

        {!isPublic && (
          <Disclosure
            title={t('form.sections.payment')}
            summary={optional}
            open={open.has('payment')}
            onToggle={toggle('payment')}
          >
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <SelectField
                label={t('form.paymentType')}
                options={[
                  { value: '', label: t('form.choose') },
                  ...PAYMENT_TYPES.map((code) => ({ value: code, label: t(`payment.${code}`) })),
                ]}
                {...field('stay.paymentType')}
              />
              <TextField label={t('form.paymentDate')} type="date" {...field('stay.paymentDate')} />
              <TextField
                label={t('form.paymentMethod')}
                hint={t('form.paymentMethodHint')}
                autoComplete="off"
                {...field('stay.paymentMethod')}
              />
              <TextField
                label={t('form.paymentHolder')}
                autoComplete="off"
                {...field('stay.paymentHolder')}
              />
              <TextField
                label={t('form.cardExpiry')}
                placeholder="MM/YYYY"
                inputMode="numeric"
                autoComplete="off"
                maxLength={7}
                {...field('stay.cardExpiry')}
              />
            </div>
          </Disclosure>
        )}
      </div>

      <fieldset className="min-w-0 border-t border-line pt-5">
        <legend className="sr-only">{t('form.sections.signature')}</legend>
        {/* What the traveler signed, above the pad that would replace it. */}
        {pilgrim && storedSignature && (
          <div className="mb-4">
            <StoredSignature pilgrimId={pilgrim.id} document={storedSignature} />
          </div>
        )}
        <Controller
          control={control}
          name="signatureImage"
          render={({ field: { value, onChange } }) => (
            <SignaturePad
              key={afresh}
              id={fieldDomId('signatureImage')}
              label={mode === 'edit' ? t('signature.replaceLabel') : t('signature.label')}
              hint={
                mode === 'edit'
                  ? t('signature.replaceHint')
                  : isPublic
                    ? t('signature.publicHint')
                    : t('signature.hint')
              }
              required={mode !== 'edit'}
              value={value}
              onChange={onChange}
              error={err('signatureImage')}
            />
          )}
        />
      </fieldset>

      {mode === 'public' && (
        <fieldset className="min-w-0 space-y-3 border-t border-line pt-5">
          <legend className="float-start mb-1 w-full text-lg font-semibold text-fg">
            {props.consent.title}
          </legend>
          <p className="clear-start text-sm text-fg">{props.consent.text}</p>
          <div className="flex items-start gap-3">
            <input
              id={fieldDomId('consent')}
              type="checkbox"
              required
              aria-required="true"
              aria-invalid={consentError && !consented ? true : undefined}
              aria-describedby={consentError && !consented ? `${consentId}-error` : undefined}
              checked={consented}
              onChange={(event) => {
                setConsented(event.target.checked);
                if (event.target.checked) setConsentError(false);
              }}
              className="mt-0.5 size-5 shrink-0 rounded border-control accent-primary"
            />
            <label htmlFor={fieldDomId('consent')} className="text-sm font-medium text-fg">
              {props.consent.label}
            </label>
          </div>
          {consentError && !consented && (
            <p id={`${consentId}-error`} className="text-sm font-medium text-danger">
              {props.consent.requiredMessage}
            </p>
          )}
        </fieldset>
      )}

      <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-end">
        {props.actions}
        <Button type="submit" pending={isSubmitting} className="sm:min-w-48">
          {mode === 'public'
            ? props.submitLabel
            : mode === 'register'
              ? t('form.saveRecord')
              : (props.submitLabel ?? t('form.saveChanges'))}
        </Button>
      </div>
    </form>
  );
}
