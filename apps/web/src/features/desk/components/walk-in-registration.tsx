import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ReportDefaults } from '@hospes/shared/report-defaults';
import type { Traveler } from '@hospes/shared/travelers';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { links } from '@/config/paths';
import { DocumentSection } from '@/features/traveler/components/form/document-section';
import { IdentitySection } from '@/features/traveler/components/form/identity-section';
import {
  ContactSection,
  EmergencySection,
} from '@/features/traveler/components/form/contact-sections';
import { SignatureSection } from '@/features/traveler/components/form/signature-section';
import { StaySection } from '@/features/traveler/components/form/stay-section';
import type { ScanRound } from '@/features/traveler/components/form/use-scan-rounds';
import {
  companionPrefill,
  type SectionKey,
  type TravelerFormValues,
  type TravelerPrefill,
} from '@/features/traveler/form-model';
import { documentLabel, fullName } from '@/features/traveler/format';
import {
  DeskRegistrationForm,
  type DeskSectionParts,
  type DeskTravelerFormProps,
} from './desk-traveler-form';

/**
 * The sections of the walk-in's one screen (decision 064): what the desk types or scans, and the
 * signature. The home address, the contract and the payment come from the establishment's report
 * defaults (decision 042), or from the first traveler of the stay for a companion.
 */
export const WALK_IN_SECTIONS = [
  'identity',
  'document',
  'stayDates',
  'contact',
  'emergency',
  'signature',
] as const satisfies readonly SectionKey[];

/**
 * A walk-in at the desk on one screen of a phone (decisions 064, 074): the identity block (scan
 * or type), the document's numbers, the e-mail and phone, the signature, the save button; dense on
 * a phone. What the establishment's defaults decide follows the button: the stay's dates closed
 * with their summary line (today, and the default nights), an optional emergency contact closed
 * too. A required emergency contact comes before the signature, on the screen.
 */
export function WalkInTravelerForm(props: DeskTravelerFormProps) {
  return (
    <DeskRegistrationForm
      {...props}
      preflight={WALK_IN_SECTIONS}
      Sections={WalkInSections}
      After={WalkInDefaults}
      compact
    />
  );
}

function WalkInSections(parts: DeskSectionParts) {
  const { t } = useTranslation('clients');
  return (
    <>
      <IdentitySection autoFocus compact action={parts.identityAction} />
      <DocumentSection notice={parts.documentNotice} essentials />
      <ContactSection essentials onLanguageChosen={parts.onLanguageChosen} />
      {!parts.emergencyContactOptional && <EmergencySection />}
      <SignatureSection
        label={t('signature.label')}
        hint={t('signature.hint')}
        required
        padKey={parts.padKey}
        compact
      />
    </>
  );
}

/** After the save button: what the establishment's defaults give, each a closed line to change. */
function WalkInDefaults(parts: DeskSectionParts) {
  return (
    <div className="space-y-3">
      <StaySection walkInNights={parts.walkInNights} closed />
      {parts.emergencyContactOptional && <EmergencySection optional closable />}
    </div>
  );
}

/** The traveler just saved, and the one tap on to the next: a companion, or a new stay. */
function WalkInSaved({
  pilgrim,
  onNext,
  onNewStay,
}: {
  pilgrim: Traveler;
  onNext: () => void;
  onNewStay: () => void;
}) {
  const { t } = useTranslation('clients');
  const nextRef = useRef<HTMLButtonElement>(null);
  // Enter (or a tap) goes on at once: the desk's hands are on the keyboard or the screen.
  useLayoutEffect(() => nextRef.current?.focus(), []);
  return (
    <section
      aria-labelledby="walk-in-saved"
      className="rounded-2xl border border-success bg-success-soft p-4"
    >
      <h2 id="walk-in-saved" className="text-lg font-bold text-fg">
        {t('walkIn.savedTitle', { name: fullName(pilgrim) })}
      </h2>
      <p className="mt-1 text-sm text-fg">{documentLabel(pilgrim, t)}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button ref={nextRef} onClick={onNext}>
          {t('walkIn.next')}
        </Button>
        <Button variant="secondary" onClick={onNewStay}>
          {t('walkIn.newStay')}
        </Button>
        <ButtonLink to={links.clientView(pilgrim.id)} variant="ghost">
          {t('registration.viewRecord')}
        </ButtonLink>
      </div>
    </section>
  );
}

/**
 * The desk's walk-in mode (decision 064): one screen per traveler, saved without the summary
 * screen; "Next pilgrim" starts the next one with the stay just saved (same contract, same dates,
 * address, e-mail and phone: companions), "New stay" with the establishment's defaults. A document
 * scanned (camera or reader) while the saved traveler shows starts the next one, on a stay of
 * their own, with it.
 */
export function WalkInRegistration({
  establishmentId,
  keepDocumentImages,
  timeZone,
  reportDefaultsFor,
  emergencyContactOptional,
  scan,
  carried,
  onValuesChange,
  scanAction,
}: {
  establishmentId: string;
  keepDocumentImages?: boolean;
  timeZone?: string;
  reportDefaultsFor?: ((establishmentId: string) => ReportDefaults) | undefined;
  emergencyContactOptional?: boolean;
  /** Document scans, merged into the form (the entry modes live on the route page). */
  scan: ScanRound;
  /**
   * What was typed in another mode of the desk (decision 072): the first form starts with it, and
   * does not take again the scan it may hold.
   */
  carried?: TravelerPrefill | undefined;
  /** Told the form's values as they change, null once saved (see DeskTravelerFormProps). */
  onValuesChange?: (values: TravelerFormValues | null) => void;
  /** The camera's "Scan document" button, on the identity section's title line. */
  scanAction?: ReactNode;
}) {
  const { t } = useTranslation('clients');
  const [saved, setSaved] = useState<Traveler | null>(null);
  // Each traveler's form: its key, the stay it shares, and the scan round it started at (a fresh
  // form takes a scan made after that only, not the last traveler's).
  const [current, setCurrent] = useState<{
    key: number;
    startedAt: number;
    companion?: { of: string; prefill: TravelerPrefill };
  }>(() => ({ key: 0, startedAt: carried ? scan.round : -1 }));
  const start = (companion?: { of: string; prefill: TravelerPrefill }) =>
    setCurrent((form) => ({ key: form.key + 1, startedAt: scan.round, companion }));

  // A document scanned while the saved traveler shows starts the next one's form with it.
  const [scanRound, setScanRound] = useState(scan.round);
  if (scan.round !== scanRound) {
    setScanRound(scan.round);
    if (saved && scan.value) {
      setSaved(null);
      setCurrent((form) => ({ key: form.key + 1, startedAt: -1 }));
    }
  }

  if (saved) {
    return (
      <WalkInSaved
        pilgrim={saved}
        onNext={() => {
          setSaved(null);
          start({ of: fullName(saved), prefill: companionPrefill(saved) });
        }}
        onNewStay={() => {
          setSaved(null);
          start();
        }}
      />
    );
  }
  const companion = current.companion;
  return (
    <div className="space-y-3 sm:space-y-4">
      {companion ? (
        <FormAlert tone="info">
          {t('registration.companionNote', {
            name: companion.of,
            reference: companion.prefill.values.stay?.contractReference ?? '',
          })}
        </FormAlert>
      ) : (
        // On a phone the screen is the form's (decision 074); the mode's name says what it is.
        <p className="hidden text-sm text-muted sm:block">{t('walkIn.intro')}</p>
      )}
      <WalkInTravelerForm
        key={current.key}
        establishmentId={establishmentId}
        keepDocumentImages={keepDocumentImages}
        timeZone={timeZone}
        reportDefaultsFor={reportDefaultsFor}
        emergencyContactOptional={emergencyContactOptional}
        prefill={companion?.prefill ?? (current.key === 0 ? carried : undefined)}
        onValuesChange={onValuesChange}
        identityAction={scanAction}
        scan={scan.round === current.startedAt ? { round: scan.round } : scan}
        onSaved={(pilgrim) => {
          setSaved(pilgrim);
          window.scrollTo?.({ top: 0 });
        }}
      />
    </div>
  );
}
