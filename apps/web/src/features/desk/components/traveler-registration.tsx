import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReportDefaults } from '@hospes/shared/report-defaults';
import { useTranslation } from 'react-i18next';
import type { Traveler } from '@hospes/shared/travelers';
import { Button, ButtonLink } from '@/components/ui/button';
import { links, paths } from '@/config/paths';
import { useDocumentSlots } from '@/lib/document-slots';
import { countryName } from '@/features/traveler/countries';
import { letGo, useWaitingForTurn } from '../send-queue';
import {
  companionOf,
  companionPrefill,
  type TravelerFormValues,
  type TravelerPrefill,
} from '@/features/traveler/form-model';
import { documentLabel, formatDate, fullName } from '@/features/traveler/format';
import type { ScanRound } from '@/features/traveler/components/form/use-scan-rounds';
import { DeskTravelerForm, type SentRegistration } from './desk-traveler-form';

/**
 * How long a save may go unanswered before the desk is offered to go on with the next traveler
 * while it is sent in the background (decision 032). A fast connection answers well within it and
 * never sees the offer; a poor one (an upload of 300 KB at 150 kbit/s takes 16 s) gets it early.
 */
export const SLOW_SAVE_OFFER_MS = 3_000;

/** A save in progress: what was sent, and how the form stops waiting for it (the queue has it). */
interface PendingSave {
  sent: SentRegistration;
  saving: Promise<Traveler>;
  release: () => void;
}

/**
 * Shown under the form once a save has gone unanswered for SLOW_SAVE_OFFER_MS: go on with the
 * next traveler (or a companion on the same stay) while this one is sent in the background.
 */
function SlowSaveOffer({
  text,
  onNext,
  onCompanion,
}: {
  text: string;
  onNext: () => void;
  onCompanion?: (() => void) | undefined;
}) {
  const { t } = useTranslation('clients');
  return (
    <div className="mt-4 rounded-lg border-s-4 border-primary bg-info-soft px-4 py-3 text-fg">
      <p className="text-sm">{text}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button onClick={onNext}>{t('registration.continueNext')}</Button>
        {onCompanion && (
          <Button variant="secondary" onClick={onCompanion}>
            {t('registration.continueCompanion')}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The saved traveler's summary, focused on its heading: name, document, stay, the PDF actions and
 * the way on (another one, the record, the list). The QR confirmation reuses it with its own texts.
 */
export function RegistrationSuccess({
  pilgrim,
  onAnother,
  onCompanion,
  title,
  text,
  anotherLabel,
}: {
  pilgrim: Traveler;
  onAnother: () => void;
  /** When given, "Register a companion": the next traveler shares this one's stay (same contract). */
  onCompanion?: () => void;
  /** The heading (default: record saved). */
  title?: string;
  /** The line under the heading (default: the traveler is registered). */
  text?: string;
  /** The label of the button that starts over (default: register another traveler). */
  anotherLabel?: string;
}) {
  const { t, i18n } = useTranslation('clients');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { pdfActions } = useDocumentSlots();
  useLayoutEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby="registration-success"
      className="rounded-2xl border border-success bg-success-soft p-6"
    >
      <h2
        id="registration-success"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-fg outline-none"
      >
        {title ?? t('registration.successTitle')}
      </h2>
      <p className="mt-1 text-fg">{text ?? t('registration.successText')}</p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-muted">{t('registration.summaryName')}</dt>
          <dd className="text-fg">{fullName(pilgrim)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{t('list.document')}</dt>
          <dd className="text-fg">{documentLabel(pilgrim, t)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{t('form.nationality')}</dt>
          <dd className="text-fg">{countryName(pilgrim.nationality, lng)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{t('form.entryDate')}</dt>
          <dd className="text-fg">{formatDate(pilgrim.entryDate, lng)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{t('view.establishment')}</dt>
          <dd className="text-fg">{pilgrim.establishment.name}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{t('view.documents')}</dt>
          <dd className="text-fg">
            {t('registration.documentsStored', { count: pilgrim.documentUploads.length })}
          </dd>
        </div>
      </dl>
      {pdfActions?.(pilgrim, { className: 'mt-6' })}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {onCompanion && <Button onClick={onCompanion}>{t('registration.companion')}</Button>}
        <Button onClick={onAnother} variant={onCompanion ? 'secondary' : undefined}>
          {anotherLabel ?? t('registration.another')}
        </Button>
        <ButtonLink to={links.clientView(pilgrim.id)} variant="secondary">
          {t('registration.viewRecord')}
        </ButtonLink>
        <ButtonLink to={paths.clients} variant="secondary">
          {t('registration.toClients')}
        </ButtonLink>
      </div>
    </section>
  );
}

/**
 * Registering a walk-in traveler at one establishment: the form with the signature pad, then a
 * success summary; "Register another traveler" starts a fresh form at the same establishment.
 */
export function TravelerRegistration({
  establishmentId,
  keepDocumentImages,
  timeZone,
  reportDefaultsFor,
  emergencyContactOptional,
  prefill,
  scan,
  onDone,
  onSaved,
  onValuesChange,
}: {
  establishmentId: string;
  /** False when the establishment keeps no photos of documents (see TravelerFormSettings). */
  keepDocumentImages?: boolean;
  /** The establishment's clock (see TravelerFormSettings). */
  timeZone?: string;
  /** The establishments' report defaults (see TravelerFormSettings). */
  reportDefaultsFor?: ((establishmentId: string) => ReportDefaults) | undefined;
  /** The desk may leave the emergency contact out (see TravelerFormSettings). */
  emergencyContactOptional?: boolean;
  /** Values a new form starts with (a companion's shared stay). */
  prefill?: TravelerPrefill | undefined;
  /** Document scans, merged into the form (the entry modes live on the route page). */
  scan?: ScanRound;
  /**
   * Told when "register another" starts a fresh form; with the stay to share when it is a
   * companion of the traveler just registered (see companionPrefill).
   */
  onDone?: (companion?: TravelerPrefill, companionOf?: string) => void;
  /** Told when a traveler is saved: a companion's shared stay was for that one form only. */
  onSaved?: () => void;
  /** Told the form's values as they change, null once saved (see DeskTravelerFormProps). */
  onValuesChange?: (values: TravelerFormValues | null) => void;
}) {
  const { t } = useTranslation('clients');
  const [saved, setSaved] = useState<Traveler | null>(null);
  const [round, setRound] = useState(0);
  // The save in progress, and whether it has been slow long enough to offer going on.
  const [pending, setPending] = useState<PendingSave | null>(null);
  const [slow, setSlow] = useState(false);
  // Until its turn comes, the save waits for the registrations sent before it, not for the link.
  const waitingForTurn = useWaitingForTurn(pending?.sent.turn);
  const slowText = t(waitingForTurn ? 'registration.waitingSave' : 'registration.slowSave');
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setSlow(true), SLOW_SAVE_OFFER_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [pending]);

  // A document scanned while the last traveler's summary shows starts the next one's form with it.
  const [scanRound, setScanRound] = useState(scan?.round);
  if (scan?.round !== scanRound) {
    setScanRound(scan?.round);
    if (saved && scan?.value) setSaved(null);
  }

  if (saved) {
    return (
      <RegistrationSuccess
        pilgrim={saved}
        onAnother={() => {
          setSaved(null);
          setRound((value) => value + 1);
          onDone?.();
        }}
        onCompanion={() => {
          setSaved(null);
          setRound((value) => value + 1);
          onDone?.(companionPrefill(saved), fullName(saved));
        }}
      />
    );
  }
  /**
   * This registration stays in the send queue, shown there now; a fresh form opens at once,
   * focused on its start. Not when its answer has just come (the form shows it then).
   */
  const moveOn = (companion: boolean) => {
    if (!pending) return;
    const { sent, release } = pending;
    if (!letGo(sent.turn)) return;
    release();
    setPending(null);
    setRound((value) => value + 1);
    // The fresh form focuses its first field; the page starts at the top with it.
    window.scrollTo?.({ top: 0 });
    if (companion) onDone?.(companionOf(sent.values), fullName(sent.input));
    else onDone?.();
  };

  return (
    <>
      <DeskTravelerForm
        key={round}
        establishmentId={establishmentId}
        keepDocumentImages={keepDocumentImages}
        timeZone={timeZone}
        reportDefaultsFor={reportDefaultsFor}
        emergencyContactOptional={emergencyContactOptional}
        prefill={prefill}
        scan={scan}
        onValuesChange={onValuesChange}
        whileSaving={(saving, sent) =>
          new Promise<Traveler | null>((resolve, reject) => {
            setPending({ sent, saving, release: () => resolve(null) });
            // Once let go, the answer is the queue's; the offer may be about the next save by then.
            const settled = () =>
              setPending((current) => (current?.saving === saving ? null : current));
            saving.then(
              (pilgrim) => {
                settled();
                resolve(pilgrim);
              },
              (error: unknown) => {
                settled();
                reject(error);
              },
            );
          })
        }
        onSaved={(pilgrim) => {
          setSaved(pilgrim);
          onSaved?.();
          window.scrollTo?.({ top: 0 });
        }}
      />
      {pending && slow && (
        <SlowSaveOffer
          text={slowText}
          onNext={() => moveOn(false)}
          // A companion shares the stay the form came with: its contract reference is known
          // before this traveler's report number is.
          onCompanion={
            prefill && pending.sent.values.stay.contractReference ? () => moveOn(true) : undefined
          }
        />
      )}
      {/* Said when the offer appears, from a region that was there before it. */}
      <p role="status" className="sr-only">
        {pending && slow ? slowText : ''}
      </p>
    </>
  );
}
