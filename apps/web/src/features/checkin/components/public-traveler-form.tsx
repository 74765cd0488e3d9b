import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '@hospes/shared/dates';
import type { CreateTravelerInput } from '@hospes/shared/travelers';
import { newRegistrationKey } from '@/features/traveler/api/create-traveler';
import { useStaticRender } from '@/lib/static-render';
import { withDraft, type TravelerDraft } from '../traveler-draft';
import {
  emptyTravelerValues,
  type SectionKey,
  type TravelerFormValues,
  type TravelerPrefill,
} from '@/features/traveler/form-model';
import { DocumentSection } from '@/features/traveler/components/form/document-section';
import { IdentitySection } from '@/features/traveler/components/form/identity-section';
import {
  ContactSection,
  EmergencySection,
} from '@/features/traveler/components/form/contact-sections';
import { HomeAddressSection } from '@/features/traveler/components/form/optional-sections';
import { CollapsibleSections } from '@/features/traveler/components/form/section';
import { SignatureSection } from '@/features/traveler/components/form/signature-section';
import { TravelerFormFrame } from '@/features/traveler/components/form/traveler-form-frame';
import { useScanRounds, type ScanRound } from '@/features/traveler/components/form/use-scan-rounds';
import {
  useTravelerForm,
  type TravelerFormSettings,
} from '@/features/traveler/components/form/use-traveler-form';

/** The sections a traveler fills in: the pre-flight speaks of these only (decision 043). */
const PUBLIC_SECTIONS: readonly SectionKey[] = [
  'identity',
  'document',
  'contact',
  'emergency',
  'homeAddress',
];

/** A consent the person must give before the form can be sent. */
export interface FormConsent {
  title: ReactNode;
  text: ReactNode;
  label: ReactNode;
  /** Shown when the box is not ticked on send. */
  requiredMessage: string;
}

export interface PublicTravelerFormProps extends TravelerFormSettings {
  /** Sends the registration; `key` is its Idempotency-Key (decision 020). */
  submit: (input: CreateTravelerInput, key: string) => Promise<void>;
  consent: FormConsent;
  submitLabel: string;
  /** The language the form starts with (the page's). */
  defaultLanguage?: string | undefined;
  /** Values the form starts with (a companion's shared address and contact), marked where read. */
  prefill?: TravelerPrefill | undefined;
  /** Document scans, merged into the form as they come (see ScanRound). */
  scan?: ScanRound;
  actions?: ReactNode;
  /**
   * What the traveler typed before a reload of the tab (see traveler-draft.ts): the form starts
   * with it. Not a prefill: a form that starts afresh for another person's document leaves it out.
   */
  draft?: TravelerDraft | null | undefined;
  /** Told the form's values whenever they change (the page keeps a draft of them). */
  onValuesChange?: ((values: TravelerFormValues) => void) | undefined;
  /** The consent ticked already (in the server-rendered form before the app came, decision 079). */
  consented?: boolean | undefined;
}

/**
 * The public self check-in (no login): the traveler's own form, without the stay, contract and
 * payment sections (the desk's), with the consent to the legal basis required before it is sent.
 */
export function PublicTravelerForm({
  submit,
  consent,
  submitLabel,
  defaultLanguage,
  prefill,
  scan,
  actions,
  draft,
  onValuesChange,
  consented: initiallyConsented = false,
  keepDocumentImages,
  timeZone,
}: PublicTravelerFormProps) {
  const { t } = useTranslation('clients');
  const today = todayIso(new Date(), timeZone);
  const [defaults] = useState<TravelerFormValues>(() => {
    const empty = emptyTravelerValues('', today);
    if (defaultLanguage) empty.language = defaultLanguage;
    return { ...empty, ...prefill?.values };
  });
  // The values the form opens with: the defaults, and a draft kept from before a reload.
  const [initial] = useState(() => (draft ? withDraft(defaults, draft) : defaults));
  const form = useTravelerForm({
    initial,
    today,
    requireSignature: true,
    timeZone,
    keepDocumentImages,
    saveFailedText: t('messages.registerFailed'),
    startsUnsaved: !!prefill,
  });
  const { marks, spellings, afresh } = useScanRounds(form.methods, { scan, prefill, defaults });

  // Every change of the values, typed, chosen or merged from a scan, for the page's draft.
  const { subscribe } = form.methods;
  useEffect(() => {
    if (!onValuesChange) return;
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => onValuesChange(values),
    });
  }, [subscribe, onValuesChange]);

  // The key of the registration being sent (Idempotency-Key, decision 020): kept while the same
  // data is sent again (a retry after a lost answer registers once), new once the data differs.
  const [attempt, setAttempt] = useState<{ key: string; data: string } | null>(null);
  const [consented, setConsented] = useState(initiallyConsented);
  const [consentError, setConsentError] = useState(false);

  const onSubmit = form.submit(
    async (input) => {
      if (!consented) {
        setConsentError(true);
        form.focus('consent');
        return;
      }
      const data = JSON.stringify(input);
      const key = attempt?.data === data ? attempt.key : newRegistrationKey();
      setAttempt({ key, data });
      await submit(input, key);
      setAttempt(null);
    },
    {
      onInvalid: () => {
        if (!consented) setConsentError(true);
      },
    },
  );

  return (
    <TravelerFormFrame
      form={form}
      marks={marks}
      spellings={spellings}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      actions={actions}
      // What the traveler gives: the stay, its contract and payment are the desk's.
      preflight={PUBLIC_SECTIONS}
      // On a phone (decision 072): the parte's summary once a send was tried (the fields say it
      // meanwhile), and what is complete closed to one line.
      preflightAfterAttempt
      collapseComplete
    >
      <IdentitySection />
      <DocumentSection />
      <ContactSection traveler />
      <EmergencySection />
      <CollapsibleSections>
        <HomeAddressSection />
      </CollapsibleSections>
      <SignatureSection
        label={t('signature.label')}
        hint={t('signature.publicHint')}
        required
        padKey={afresh}
      />
      <ConsentSection
        consent={consent}
        id={form.chrome.fieldDomId('consent')}
        consented={consented}
        showError={consentError && !consented}
        onChange={(checked) => {
          setConsented(checked);
          if (checked) setConsentError(false);
        }}
      />
    </TravelerFormFrame>
  );
}

/**
 * The consent to the legal basis, a box to tick; the legal text behind a button beside it
 * (decision 072: on a phone it took a third of a screen), opened by a tap or Enter.
 */
function ConsentSection({
  consent,
  id,
  consented,
  showError,
  onChange,
}: {
  consent: FormConsent;
  id: string;
  consented: boolean;
  showError: boolean;
  onChange: (checked: boolean) => void;
}) {
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const errorId = `${base}-error`;
  const textId = `${base}-text`;
  const [open, setOpen] = useState(false);
  const staticRender = useStaticRender();
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="sr-only">{consent.title}</legend>
      <div className="flex items-start gap-3">
        <input
          id={id}
          // Its name: what was ticked before the app came is read by it (decision 079).
          name="consent"
          type="checkbox"
          required
          aria-required="true"
          aria-invalid={showError ? true : undefined}
          aria-describedby={showError ? errorId : undefined}
          checked={consented}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 rounded border-control accent-primary"
        />
        <div className="min-w-0">
          <label htmlFor={id} className="text-sm font-medium text-fg">
            {consent.label}
          </label>{' '}
          <button
            type="button"
            aria-expanded={open}
            aria-controls={textId}
            // Before the app's code (decision 079) it could not open: it waits for the app.
            disabled={staticRender}
            onClick={() => setOpen(!open)}
            className="inline-flex min-h-8 items-center gap-1 text-sm font-semibold text-primary underline underline-offset-2"
          >
            {consent.title}
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M5 7.5 10 12.5 15 7.5" />
            </svg>
          </button>
        </div>
      </div>
      <p id={textId} hidden={!open} className="text-sm text-fg">
        {consent.text}
      </p>
      {showError && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {consent.requiredMessage}
        </p>
      )}
    </fieldset>
  );
}
