import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { travelerLanguageFor } from '@hospes/shared/country-languages';
import { todayIso } from '@hospes/shared/dates';
import { compactId } from '@hospes/shared/spanish-ids';
import type { CreateTravelerInput, Traveler } from '@hospes/shared/travelers';
import { ConfirmDialog } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { DocumentSection } from '@/features/traveler/components/form/document-section';
import { IdentitySection } from '@/features/traveler/components/form/identity-section';
import {
  ContactSection,
  EmergencySection,
} from '@/features/traveler/components/form/contact-sections';
import {
  ContractSection,
  HomeAddressSection,
  PaymentSection,
} from '@/features/traveler/components/form/optional-sections';
import { CollapsibleSections } from '@/features/traveler/components/form/section';
import { SignatureSection } from '@/features/traveler/components/form/signature-section';
import { StaySection } from '@/features/traveler/components/form/stay-section';
import { TravelerFormFrame } from '@/features/traveler/components/form/traveler-form-frame';
import { useScanRounds, type ScanRound } from '@/features/traveler/components/form/use-scan-rounds';
import {
  refusalOpening,
  useTravelerForm,
  type TravelerFormSettings,
} from '@/features/traveler/components/form/use-traveler-form';
import { useRegistrationCalls } from '../api/registration-calls';
import { useSameDocument } from '@/features/traveler/api/same-document';
import { fullName } from '@/features/traveler/format';
import { attemptFor, type RegistrationAttempt } from '../registration-attempt';
import { formTurns, sendInTurn } from '../send-queue';
import {
  ALL_SECTIONS,
  emptyTravelerValues,
  type SectionKey,
  type TravelerFormValues,
  type TravelerPrefill,
} from '@/features/traveler/form-model';
import { SameDocumentNotice } from '@/features/traveler/components/same-document-notice';

/** A save the form has started: the data, what the form held, and the registration it is for. */
export interface SentRegistration {
  input: CreateTravelerInput;
  values: TravelerFormValues;
  attempt: RegistrationAttempt;
  /** Its place in the send queue, where the desk's saves take their turn (`letGo` moves on). */
  turn: string;
}

export interface DeskTravelerFormProps extends TravelerFormSettings {
  /** Chosen outside the form (the registration page); the form keeps in step with it. */
  establishmentId: string;
  onSaved: (traveler: Traveler) => void;
  actions?: ReactNode;
  /** Values the form starts with (a companion's shared stay), marked where read from a document. */
  prefill?: TravelerPrefill | undefined;
  /** Document scans, merged into the form as they come (see ScanRound). */
  scan?: ScanRound;
  /**
   * The registration a form reopened from the desk's send queue goes on with (its key and what
   * was sent with it), and the refusal it met: on its fields, or above the form.
   */
  resume?: { attempt: RegistrationAttempt; error: unknown };
  /**
   * Told of each save as it starts (the desk offers to go on when it is slow): resolves with the
   * saved traveler, or null once the save went to the send queue (the form is done then).
   */
  whileSaving?: (saving: Promise<Traveler>, sent: SentRegistration) => Promise<Traveler | null>;
  /**
   * Told the form's values whenever they change, and null once they are saved or gone to the send
   * queue: the registration page carries them into another mode (decision 072).
   */
  onValuesChange?: ((values: TravelerFormValues | null) => void) | undefined;
  /** A button on the identity section's title line (the walk-in's "Scan document"). */
  identityAction?: ReactNode;
}

const keyReused = (error: unknown) => isApiError(error) && error.code === 'IDEMPOTENCY_KEY_REUSED';

/** What a desk form's sections are given by the registration around them. */
export interface DeskSectionParts {
  /** Said under the document's number: the same document already registered for this stay. */
  documentNotice: ReactNode;
  /** Told when staff choose the language themselves (it stops following the nationality). */
  onLanguageChosen: () => void;
  /** The establishment's default number of nights of a walk-in (decision 042), if it has one. */
  walkInNights: number | null | undefined;
  emergencyContactOptional: boolean;
  /** Changes when the form starts afresh: the signature pad starts empty with it. */
  padKey: number;
  /** A button on the identity section's title line (see DeskTravelerFormProps). */
  identityAction?: ReactNode;
}

interface DeskRegistrationFormProps extends DeskTravelerFormProps {
  /** The sections this form shows (their live pre-flight check, decision 043). */
  preflight: readonly SectionKey[];
  /** The form's sections, in screen order (a component of the module, not made in a render). */
  Sections: ComponentType<DeskSectionParts>;
  /** The save button's label (default: save the record). */
  submitLabel?: string;
  /**
   * What follows the save button (the walk-in's stay and optional emergency contact, decision
   * 074), given the same parts as the sections.
   */
  After?: ComponentType<DeskSectionParts>;
  /** Dense on a phone: the save button without the rule above it (decision 074). */
  compact?: boolean;
}

/**
 * A new traveler at the desk (spec §3 plus the SES fields), with all its sections: identity,
 * document, stay, contact, emergency contact; the rarely used home address, contract and payment
 * sections open on demand.
 */
export function DeskTravelerForm(props: DeskTravelerFormProps) {
  return <DeskRegistrationForm {...props} preflight={ALL_SECTIONS} Sections={AllSections} />;
}

function AllSections(parts: DeskSectionParts) {
  const { t } = useTranslation('clients');
  return (
    <>
      <IdentitySection autoFocus />
      <DocumentSection notice={parts.documentNotice} />
      {/* Walk-in: what the establishment's defaults give is closed, with a summary line. */}
      <StaySection walkInNights={parts.walkInNights} />
      <ContactSection onLanguageChosen={parts.onLanguageChosen} />
      <EmergencySection optional={parts.emergencyContactOptional} closable />
      <CollapsibleSections>
        <HomeAddressSection />
        <ContractSection />
        <PaymentSection />
      </CollapsibleSections>
      <SignatureSection
        label={t('signature.label')}
        hint={t('signature.hint')}
        required
        padKey={parts.padKey}
      />
    </>
  );
}

/**
 * A new traveler at the desk, around the sections a mode of the desk shows (the whole form, the
 * walk-in's one screen). Saved through the send queue, one registration at a time, with one key
 * per registration; a document already registered for the stay is asked about first.
 */
export function DeskRegistrationForm({
  establishmentId,
  onSaved,
  actions,
  prefill,
  scan,
  resume,
  whileSaving,
  keepDocumentImages,
  timeZone,
  reportDefaultsFor,
  emergencyContactOptional,
  preflight,
  Sections,
  submitLabel,
  onValuesChange,
  identityAction,
  After,
  compact = false,
}: DeskRegistrationFormProps) {
  const { t } = useTranslation('clients');
  const registrationCalls = useRegistrationCalls();
  // The save this form waits for in the send queue. A form that goes away meanwhile (the page
  // left) lets go of it: it is sent as the queue's, and the header tells what became of it.
  const [turns] = useState(formTurns);
  useEffect(() => () => turns.release(), [turns]);

  const today = todayIso(new Date(), timeZone);
  const [defaults] = useState<TravelerFormValues>(() => ({
    ...emptyTravelerValues(establishmentId, today),
    ...prefill?.values,
  }));
  const failedText = t('messages.registerFailed');
  // A registration reopened from the send queue shows the refusal it met there.
  const [opening] = useState(() => resume && refusalOpening(resume.error, failedText));
  const form = useTravelerForm({
    initial: defaults,
    today,
    requireSignature: true,
    timeZone,
    keepDocumentImages,
    saveFailedText: failedText,
    opening,
    startsUnsaved: !!prefill,
    emergencyContactOptional,
  });
  const { control, getValues, setValue, subscribe } = form.methods;
  // Every change of the values, typed, chosen or merged from a scan, for the page to carry.
  useEffect(() => {
    if (!onValuesChange) return;
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => onValuesChange(values),
    });
  }, [subscribe, onValuesChange]);
  const walkInNights = reportDefaultsFor?.(establishmentId).walkInNights;

  // The registration being sent: one key until a send is answered, whatever is edited in between;
  // an edit after a lost answer updates the traveler it registered (see registration-attempt.ts).
  // A key that registered data no send of this form had starts afresh.
  const [registration, setRegistration] = useState<RegistrationAttempt | null>(() =>
    resume && !keyReused(resume.error) ? resume.attempt : null,
  );

  // The language of the e-mailed PDF and the messages follows the nationality, chosen or scanned
  // (its main language, else English), until staff choose one themselves; not over a language the
  // form was opened with (a prefill's, or a registration reopened from the send queue).
  const languageFollows = !resume && prefill?.values.language === undefined;
  const languageChosen = useRef(!languageFollows);
  const { marks, spellings, afresh } = useScanRounds(form.methods, {
    scan,
    prefill,
    defaults,
    onAfresh: () => {
      languageChosen.current = !languageFollows;
    },
  });
  const nationality = useWatch({ control, name: 'nationality' });
  useEffect(() => {
    if (languageChosen.current) return;
    const language = travelerLanguageFor(nationality);
    if (language && getValues('language') !== language) setValue('language', language);
  }, [nationality, getValues, setValue]);

  // The establishment is chosen outside the form (registration page): keep it in step.
  useEffect(() => {
    setValue('establishmentId', establishmentId);
  }, [establishmentId, setValue]);

  // The same document already registered here for this stay (a traveler who checked in on their
  // phone, typed in again): said while the form is filled in, once the number has settled.
  const passportNumber = useWatch({ control, name: 'passportNumber' });
  const entryDate = useWatch({ control, name: 'entryDate' });
  const checkedNumber = useDebouncedValue(passportNumber, 600);
  const sameDocument = useSameDocument(
    establishmentId,
    checkedNumber,
    entryDate || today,
    true,
  ).data;
  // Saving it anyway is asked first (a second record is reported twice), once per number.
  const [askingDuplicate, setAskingDuplicate] = useState(false);
  const [duplicateConfirmed, setDuplicateConfirmed] = useState<string | null>(null);

  /** The save, `confirmed` the number a second registration of which was confirmed. */
  const submitConfirming = (confirmed: string | null) =>
    form.submit(
      async (input) => {
        // As the notice compares them: the form's output is upper case and compact, the typing not.
        const number = compactId(input.passportNumber ?? '');
        if (sameDocument?.length && compactId(checkedNumber) === number && confirmed !== number) {
          setAskingDuplicate(true);
          return;
        }
        const current = attemptFor(registration, input);
        setRegistration(current);
        // Sent after the registrations the send queue still holds: one upload at a time, and the
        // report numbers in the order of the saves.
        const held = getValues();
        const { id: turn, saving } = sendInTurn({
          name: fullName(input),
          establishmentId,
          values: held,
          input,
          attempt: current,
          calls: registrationCalls,
        });
        turns.track(turn);
        const saved = await (
          whileSaving
            ? whileSaving(saving, { input, values: held, attempt: current, turn })
            : saving
        ).finally(() => turns.settled(turn));
        // Gone to the send queue: the desk is on to the next traveler.
        if (!saved) {
          onValuesChange?.(null);
          return;
        }
        setRegistration(null);
        toast.success(t('messages.recordSaved'));
        onSaved(saved);
        onValuesChange?.(null);
      },
      {
        onError: (error) => {
          if (keyReused(error)) setRegistration(null);
        },
      },
    );
  const onSubmit = submitConfirming(duplicateConfirmed);

  const parts: DeskSectionParts = {
    documentNotice: (
      <>
        {sameDocument && sameDocument.length > 0 && <SameDocumentNotice travelers={sameDocument} />}
        <ConfirmDialog
          open={askingDuplicate}
          title={t('form.sameDocument.confirmTitle')}
          description={<p>{t('form.sameDocument.confirmText')}</p>}
          confirmLabel={t('form.sameDocument.confirmSave')}
          cancelLabel={t('form.sameDocument.confirmCancel')}
          onCancel={() => setAskingDuplicate(false)}
          onConfirm={() => {
            // "Register again": saved now, this number confirmed.
            const number = compactId(getValues('passportNumber'));
            setDuplicateConfirmed(number);
            setAskingDuplicate(false);
            void submitConfirming(number)();
          }}
        />
      </>
    ),
    onLanguageChosen: () => {
      languageChosen.current = true;
    },
    walkInNights,
    emergencyContactOptional: !!emergencyContactOptional,
    padKey: afresh,
    identityAction,
  };

  return (
    <TravelerFormFrame
      form={form}
      marks={marks}
      spellings={spellings}
      onSubmit={onSubmit}
      submitLabel={submitLabel ?? t('form.saveRecord')}
      actions={actions}
      preflight={preflight}
      reportDefaultsFor={reportDefaultsFor}
      collapseComplete
      compact={compact}
      after={After && <After {...parts} />}
    >
      <Sections {...parts} />
    </TravelerFormFrame>
  );
}
