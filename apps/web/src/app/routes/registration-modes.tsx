import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  codeFromQrText,
  confirmationArrivalDay,
  formatConfirmationCode,
} from '@hospes/shared/checkin';
import { todayIso } from '@hospes/shared/dates';
import type { ReportDefaults } from '@hospes/shared/report-defaults';
import type { Traveler } from '@hospes/shared/travelers';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import {
  confirmErrors,
  useConfirmSelfRegistration,
} from '@/features/traveler/api/confirm-self-registration';
import { getTravelerByCode } from '@/features/traveler/api/get-traveler-by-code';
import { travelerQuery } from '@/features/traveler/api/get-traveler';
import {
  withoutArrival,
  type PendingArrivalsPage,
} from '@/features/traveler/api/get-pending-arrivals';
import { travelerKeys } from '@/features/traveler/api/keys';
import { PendingArrivals } from '@/features/desk/components/pending-arrivals';
import { WalkInRegistration } from '@/features/desk/components/walk-in-registration';
import type { ScanRound } from '@/features/traveler/components/form/use-scan-rounds';
import { STORAGE_KEYS } from '@/config/constants';
import { local } from '@/lib/storage';
import { deferredModule, useLoadWhenIdle } from '@/lib/deferred-module';
import { Spinner } from '@/components/ui/spinner';
import {
  RegistrationSuccess,
  TravelerRegistration,
} from '@/features/desk/components/traveler-registration';
import { fullName } from '@/features/traveler/format';
import {
  companionPrefill,
  prefillFromScan,
  type TravelerFormValues,
  type TravelerPrefill,
} from '@/features/traveler/form-model';
import { scanDocument } from '@/features/scan/api/scan-document';
import { DocumentScanner } from '@/features/scan/components/document-scanner';
import { ModeSwitcher } from '@/features/scan/components/mode-switcher';
import { QrReader } from '@/features/scan/components/qr-reader';
import { useMrzKeyboard } from '@/features/scan/use-mrz-keyboard';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format-date-time';
import { useShowForm } from './use-show-form';

/**
 * The form that checks a self check-in (opened by its code or from the arrivals) after the page's
 * first render, loaded when the browser is idle (decision 082).
 */
const reviewForm = deferredModule(() => import('@/features/desk/components/edit-traveler-form'));

/** Loads the self check-in's review form (see above); for tests that render the review at once. */
export const loadReviewForm = () => reviewForm.load();

export type EntryMode = 'walkIn' | 'manual' | 'scan' | 'qr';
const ENTRY_MODES: readonly EntryMode[] = ['walkIn', 'manual', 'scan', 'qr'];

/** The mode this device last chose (a desk keeps to one way of working); default the full form. */
function savedEntryMode(): EntryMode {
  const saved = local.get(STORAGE_KEYS.deskEntryMode);
  return ENTRY_MODES.find((mode) => mode === saved) ?? 'manual';
}

/** A companion's form: the stay they share with `of`, and the contract it is reported under. */
function sharedStay(prefill: TravelerPrefill, of: string) {
  return { of, reference: prefill.values.stay?.contractReference ?? '', prefill };
}

/** The companion of a traveler registered already (their record's "Register a companion"). */
const companionStay = (pilgrim: Traveler) =>
  sharedStay(companionPrefill(pilgrim), fullName(pilgrim));

/**
 * Spec §2's three entry modes on the registration page: manual; scan the document (its fields
 * fill the form, marked for checking); scan a traveler's confirmation QR code (or type the code)
 * to review and confirm a self-registration. Above them, the queue of arrivals (decision 052): the
 * self check-ins still to confirm, live, each opened into the same check and confirmation.
 */
export function RegistrationModes({
  establishmentId,
  companionOf,
  keepsDocumentImages = () => true,
  reportDefaultsFor,
  emergencyContactOptional = () => false,
  timeZone,
  timeZoneOf = (id) => (id === establishmentId ? timeZone : undefined),
}: {
  establishmentId: string;
  /** A registered traveler whose companion the form starts as ("Register a companion" on a record). */
  companionOf?: Traveler | undefined;
  /** The establishment's clock (see TravelerFormSettings). */
  timeZone?: string;
  /** Whether an establishment keeps photos of documents (decision 023); default yes. */
  keepsDocumentImages?: (establishmentId: string) => boolean;
  /** The report defaults of one of the user's establishments (decision 042). */
  reportDefaultsFor?: (establishmentId: string) => ReportDefaults;
  /** Whether an establishment lets the desk leave the emergency contact out (decision 055). */
  emergencyContactOptional?: (establishmentId: string) => boolean;
  /**
   * The clock of one of the user's establishments (a QR code may be of another one than the
   * chosen): its today is the day of arrival a confirmation proposes. Default: the chosen one's.
   */
  timeZoneOf?: (establishmentId: string) => string | undefined;
}) {
  const { t } = useTranslation('checkin');
  useLoadWhenIdle(reviewForm);
  const [mode, setModeState] = useState<EntryMode>(savedEntryMode);
  // What the form of the mode on screen holds (null: nothing typed, or saved), carried into the
  // other form when the desk goes from the walk-in to the full form or back (decision 072).
  const typed = useRef<TravelerFormValues | null>(null);
  const [carried, setCarried] = useState<TravelerPrefill | undefined>(undefined);
  const keepTyped = useCallback((values: TravelerFormValues | null) => {
    typed.current = values;
    if (!values) setCarried(undefined);
  }, []);
  const setMode = (next: EntryMode) => {
    if ((mode === 'walkIn') !== (next === 'walkIn') && typed.current) {
      setCarried({ values: typed.current, marks: {} });
      // The full form starts with what was typed, not again with a scan or a companion's stay.
      if (next !== 'walkIn') setPrefill((current) => ({ round: current.round + 1 }));
    }
    setModeState(next);
    local.set(STORAGE_KEYS.deskEntryMode, next);
  };
  // The walk-in mode's scans (decision 064), apart from the full form's (hidden, not gone).
  const [walkInScan, setWalkInScan] = useState<ScanRound>({ round: 0 });
  const [walkInScanner, setWalkInScanner] = useState(false);
  // A scan's values, and the stay a companion shares with the traveler registered before.
  const [prefill, setPrefill] = useState<{
    round: number;
    value?: TravelerPrefill;
    companion?: { of: string; reference: string; prefill: TravelerPrefill };
  }>(() => ({ round: 0, companion: companionOf && companionStay(companionOf) }));
  const formRef = useRef<HTMLDivElement>(null);
  const { showForm } = useShowForm(mode === 'manual', formRef, () => setMode('manual'));
  // An arrival of the queue being fetched, and the one being checked (decision 052).
  const [opening, setOpening] = useState<string | null>(null);
  const [checking, setChecking] = useState<SelfRegistrationToCheck | null>(null);
  const queryClient = useQueryClient();
  const queueRef = useRef<HTMLDivElement>(null);
  // A USB reader typing a document's MRZ anywhere on the page (or an MRZ pasted) is read as a
  // scan (decision 055); not while an arrival of the queue is being checked.
  useMrzKeyboard((result) => {
    if (mode === 'walkIn') {
      setWalkInScan((current) => ({ round: current.round + 1, value: prefillFromScan(result) }));
      return;
    }
    setPrefill((current) => ({
      ...current,
      round: current.round + 1,
      value: prefillFromScan(result),
    }));
    if (mode !== 'manual') showForm();
  }, !checking);

  const openArrival = async (arrival: Traveler) => {
    setOpening(arrival.id);
    try {
      // The whole record (its images and signature), as it is now.
      const pilgrim = await queryClient.fetchQuery({ ...travelerQuery(arrival.id), staleTime: 0 });
      setChecking(reviewOf(pilgrim, timeZoneOf));
      window.scrollTo?.({ top: 0 });
    } catch (error) {
      toast.error(errorText(error, t('queue.openFailed')));
    } finally {
      setOpening(null);
    }
  };
  const backToQueue = () => {
    setChecking(null);
    // The next arrival is a Tab away from the queue's heading.
    requestAnimationFrame(() => queueRef.current?.focus());
  };

  return (
    <div className="space-y-6">
      {checking && (
        <SelfRegistrationCheck
          key={checking.pilgrim.id}
          review={checking}
          keepsDocumentImages={keepsDocumentImages}
          reportDefaultsFor={reportDefaultsFor}
          timeZoneOf={timeZoneOf}
          actions={
            <Button variant="secondary" onClick={backToQueue}>
              {t('queue.back')}
            </Button>
          }
          onConfirmed={(confirmed) => {
            toast.success(t('queue.confirmed', { name: fullName(confirmed) }));
            // Out of the queue at once: its refresh, asked by the confirmation, follows.
            queryClient.setQueryData<PendingArrivalsPage>(
              travelerKeys.pendingArrivals(establishmentId),
              (page) => page && withoutArrival(page, confirmed.id),
            );
            backToQueue();
          }}
        />
      )}
      <div hidden={!!checking} className="space-y-4 sm:space-y-6">
        <div ref={queueRef} tabIndex={-1} className="outline-none">
          <PendingArrivals
            establishmentId={establishmentId}
            timeZone={timeZone}
            opening={opening}
            onOpen={(arrival) => void openArrival(arrival)}
          />
        </div>
        <ModeSwitcher<EntryMode>
          label={t('modes.label')}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'walkIn', label: t('modes.walkIn') },
            { value: 'manual', label: t('modes.manual') },
            { value: 'scan', label: t('modes.scan') },
            { value: 'qr', label: t('modes.qr') },
          ]}
        />
        {mode === 'walkIn' && (
          <div className="space-y-4">
            {walkInScanner && (
              <DocumentScanner
                scan={(image) => scanDocument(image)}
                onManual={() => setWalkInScanner(false)}
                onResult={({ result, image }) => {
                  setWalkInScan((current) => ({
                    round: current.round + 1,
                    value: prefillFromScan(result, image),
                  }));
                  setWalkInScanner(false);
                }}
              />
            )}
            <WalkInRegistration
              key={establishmentId}
              establishmentId={establishmentId}
              keepDocumentImages={keepsDocumentImages(establishmentId)}
              reportDefaultsFor={reportDefaultsFor}
              emergencyContactOptional={emergencyContactOptional(establishmentId)}
              timeZone={timeZone}
              scan={walkInScan}
              carried={carried}
              onValuesChange={keepTyped}
              // The camera on the identity's title line (decision 074): no row of its own. Where
              // the title and the whole name do not fit a phone's line, the language's short name
              // shows (decision 077); the button keeps its whole name, which holds it.
              scanAction={
                !walkInScanner && (
                  <Button
                    variant="secondary"
                    aria-label={
                      t('modes.scanShort') === t('modes.scan') ? undefined : t('modes.scan')
                    }
                    onClick={() => setWalkInScanner(true)}
                  >
                    {t('modes.scanShort')}
                  </Button>
                )
              }
            />
          </div>
        )}
        {mode === 'scan' && (
          <DocumentScanner
            scan={(image) => scanDocument(image)}
            onManual={showForm}
            onResult={({ result, image }) => {
              setPrefill((current) => ({
                ...current,
                round: current.round + 1,
                value: prefillFromScan(result, image),
              }));
              showForm();
            }}
          />
        )}
        {mode === 'qr' && (
          <QrReview
            keepsDocumentImages={keepsDocumentImages}
            reportDefaultsFor={reportDefaultsFor}
            timeZoneOf={timeZoneOf}
          />
        )}
        {/* Hidden, not gone, while the scan or QR mode shows: what was typed, the signature and
          the registration's key are there on the way back, and a scan merges into them. Not
          there in the walk-in mode, whose own form holds the page's one leave question. */}
        {mode !== 'walkIn' && (
          <div ref={formRef} hidden={mode !== 'manual'} className="space-y-6">
            {prefill.companion && (
              <FormAlert tone="info">
                {t('clients:registration.companionNote', {
                  name: prefill.companion.of,
                  reference: prefill.companion.reference,
                })}
              </FormAlert>
            )}
            {prefill.value && <FormAlert tone="success">{t('scan.processed')}</FormAlert>}
            <TravelerRegistration
              key={establishmentId}
              establishmentId={establishmentId}
              keepDocumentImages={keepsDocumentImages(establishmentId)}
              reportDefaultsFor={reportDefaultsFor}
              emergencyContactOptional={emergencyContactOptional(establishmentId)}
              timeZone={timeZone}
              prefill={carried ?? prefill.companion?.prefill}
              scan={{ round: prefill.round, value: prefill.value }}
              onValuesChange={keepTyped}
              // The shared stay was for the companion just saved: a scan from the summary, or
              // "Register another", starts a traveler of their own.
              onSaved={() => setPrefill((current) => ({ ...current, companion: undefined }))}
              onDone={(companion, of) =>
                setPrefill((current) => ({
                  round: current.round + 1,
                  companion: companion && of ? sharedStay(companion, of) : undefined,
                }))
              }
            />
          </div>
        )}
      </div>
    </div>
  );
}

/** A self-registration opened at the desk, with the day of arrival proposed while it is pending. */
interface SelfRegistrationToCheck {
  pilgrim: Traveler;
  arrival: string | null;
}

/** `pilgrim` opened for its check: a pending one proposes the establishment's today as arrival. */
function reviewOf(
  pilgrim: Traveler,
  timeZoneOf: (establishmentId: string) => string | undefined,
): SelfRegistrationToCheck {
  const today = todayIso(new Date(), timeZoneOf(pilgrim.establishmentId));
  return {
    pilgrim,
    arrival:
      pilgrim.selfRegistration?.status === 'pending'
        ? confirmationArrivalDay(pilgrim, today)
        : null,
  };
}

/**
 * A self-registration's check at the desk, opened by its QR code or from the queue of arrivals:
 * the record's form to compare with the document (and sign, when it has no signature), then "Save
 * and confirm" saves it and confirms it. The confirmation is the arrival (decision 031): a pending
 * registration opens with the day of arrival, the establishment's today, as its entry date (the
 * form's own field, which staff can change), and the confirmation sends the entry date saved.
 */
function SelfRegistrationCheck({
  review,
  keepsDocumentImages,
  reportDefaultsFor,
  timeZoneOf,
  actions,
  onConfirmed,
}: {
  review: SelfRegistrationToCheck;
  keepsDocumentImages: (establishmentId: string) => boolean;
  reportDefaultsFor: ((establishmentId: string) => ReportDefaults) | undefined;
  timeZoneOf: (establishmentId: string) => string | undefined;
  actions: ReactNode;
  onConfirmed: (traveler: Traveler) => void;
}) {
  const { t, i18n } = useTranslation('checkin');
  const confirm = useConfirmSelfRegistration();
  const form = reviewForm.useModule();
  const { pilgrim, arrival } = review;
  if (!form) return <Spinner label={t('common:loading')} className="text-primary" />;
  const { EditTravelerForm } = form;
  return (
    <section aria-labelledby="qr-review-title" className="space-y-4">
      <h2 id="qr-review-title" className="text-xl font-bold text-fg">
        {t('qr.reviewTitle')}
      </h2>
      <p className="text-sm text-muted">{t('qr.reviewIntro')}</p>
      {pilgrim.selfRegistration?.status === 'confirmed' && (
        <FormAlert tone="info">{t('qr.alreadyConfirmed')}</FormAlert>
      )}
      {arrival && (
        <FormAlert tone="info">
          {t('qr.arrivalNote', { date: formatDate(arrival, i18n.language) })}
        </FormAlert>
      )}
      <EditTravelerForm
        keepDocumentImages={keepsDocumentImages(pilgrim.establishmentId ?? '')}
        reportDefaultsFor={reportDefaultsFor}
        timeZone={timeZoneOf(pilgrim.establishmentId)}
        // The stored entry date is the day the form was sent: the arrival replaces it.
        traveler={arrival ? { ...pilgrim, entryDate: arrival } : pilgrim}
        submitLabel={t('qr.confirm')}
        savedToast={false}
        // The page's own registration form (hidden meanwhile) holds its one leave question.
        leaveGuard={false}
        actions={actions}
        onSaved={async (saved) => {
          try {
            onConfirmed(
              await confirm.mutateAsync({
                id: saved.id,
                // The day of arrival as saved (staff may have changed it); nothing to set on a
                // registration confirmed already.
                entryDate: arrival ? saved.entryDate : undefined,
              }),
            );
            window.scrollTo?.({ top: 0 });
          } catch (error) {
            // The details are saved; only the confirmation failed (sending again retries it).
            toast.error(confirmErrors(error, t('review.savedNotConfirmed')).join(' '));
          }
        }}
      />
    </section>
  );
}

/** Find a self-registration by its QR code or typed code, then check and confirm it (above). */
function QrReview({
  keepsDocumentImages,
  reportDefaultsFor,
  timeZoneOf,
}: {
  keepsDocumentImages: (establishmentId: string) => boolean;
  reportDefaultsFor: ((establishmentId: string) => ReportDefaults) | undefined;
  timeZoneOf: (establishmentId: string) => string | undefined;
}) {
  const { t } = useTranslation('checkin');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // The registration found, with the day of arrival proposed when it is still pending.
  const [review, setReview] = useState<SelfRegistrationToCheck | null>(null);
  const [done, setDone] = useState<Traveler | null>(null);

  const open = async (raw: string) => {
    const normal = codeFromQrText(raw);
    if (!normal) {
      setCodeError(t('qr.invalidCode'));
      return false;
    }
    setCode(formatConfirmationCode(normal));
    setCodeError(null);
    setLoading(true);
    try {
      setReview(reviewOf(await getTravelerByCode(normal), timeZoneOf));
    } catch (error) {
      setCodeError(
        isApiError(error) && error.status === 404
          ? t('qr.notFound')
          : errorText(error, t('qr.notFound')),
      );
    } finally {
      setLoading(false);
    }
    return true;
  };

  const reset = () => {
    setReview(null);
    setDone(null);
    setCode('');
    setCodeError(null);
  };

  if (done) {
    // The manual registration's summary (focused heading, name, PDF, the record), one toast less.
    return (
      <RegistrationSuccess
        pilgrim={done}
        title={t('qr.confirmedTitle')}
        text={t('qr.confirmedText')}
        anotherLabel={t('qr.another')}
        onAnother={reset}
      />
    );
  }

  if (review) {
    return (
      <SelfRegistrationCheck
        review={review}
        keepsDocumentImages={keepsDocumentImages}
        reportDefaultsFor={reportDefaultsFor}
        timeZoneOf={timeZoneOf}
        actions={
          <Button variant="secondary" onClick={reset}>
            {t('qr.another')}
          </Button>
        }
        onConfirmed={setDone}
      />
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{t('qr.intro')}</p>
      <QrReader
        onText={(text) => {
          if (!codeFromQrText(text) || loading) return false;
          void open(text);
          return true;
        }}
      />
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          void open(code);
        }}
        noValidate
      >
        <TextField
          className="sm:w-72"
          label={t('qr.codeLabel')}
          hint={t('qr.codeHint')}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          error={codeError ?? undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" pending={loading} className="sm:mt-7">
          {t('qr.open')}
        </Button>
      </form>
      <div role="status" aria-live="polite" className="sr-only">
        {loading ? t('qr.loading') : ''}
      </div>
    </div>
  );
}
