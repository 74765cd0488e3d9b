import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { normaliseConfirmationCode, type PublicCheckinInfo } from '@hospes/shared/checkin';
import { LANGUAGES } from '@hospes/shared/languages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { STORAGE_KEYS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { usePublicCheckin, useSubmitSelfRegistration } from '@/features/checkin/api/public-checkin';
import { SelfRegistrationDone } from '@/features/checkin/components/self-registration-done';
import { draftFromStaticForm } from '@/features/checkin/static-form-draft';
import { withDraft, type TravelerDraft } from '@/features/checkin/traveler-draft';
import { PublicTravelerForm } from '@/features/checkin/components/public-traveler-form';
import {
  emptyTravelerValues,
  prefillFromScan,
  type TravelerFormValues,
  type TravelerPrefill,
} from '@/features/traveler/form-model';
import type { ScanRound } from '@/features/traveler/components/form/use-scan-rounds';
import { scanDocument } from '@/features/scan/api/scan-document';
import { DocumentScanner } from '@/features/scan/components/document-scanner';
import { ModeSwitcher } from '@/features/scan/components/mode-switcher';
import { useMrzKeyboard } from '@/features/scan/use-mrz-keyboard';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format-date-time';
import { currentLanguage } from '@/lib/i18n';
import { restoreStaticFocus, takeStaticFormInput } from '@/lib/static-form';
import { session } from '@/lib/storage';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';
import {
  companionPrefill,
  travelCompanionOf,
  withoutCopiedValues,
  type TravelCompanion,
} from './travel-companion';
import { useCheckinDraft } from './use-checkin-draft';
import { useShowForm } from './use-show-form';

/**
 * A guest's own link opens their slot (decision 071): the holder's with the booking's name and
 * contact, theirs to correct; another guest's with nothing but the slot.
 */
function guestPrefill(info: PublicCheckinInfo): TravelerPrefill | undefined {
  const guest = info.reservation?.guest;
  if (!guest?.firstName) return undefined;
  const empty = emptyTravelerValues();
  return {
    values: {
      firstName: guest.firstName,
      lastName: guest.lastName ?? '',
      contactInfo: { ...empty.contactInfo, email: guest.email ?? '', phone: guest.phone ?? '' },
    },
    marks: {},
  };
}

/** What a reload of the tab needs to show the done screen again: the code, no personal data. */
export interface FinishedRegistration {
  code: string;
}

function readFinished(token: string): FinishedRegistration | null {
  if (!token) return null;
  try {
    const value = JSON.parse(session.get(STORAGE_KEYS.selfRegistration) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { token: stored, code } = value as Record<string, unknown>;
    if (stored !== token || typeof code !== 'string') return null;
    const normal = normaliseConfirmationCode(code);
    return normal ? { code: normal } : null;
  } catch {
    return null;
  }
}

/**
 * The registration finished on this link in this tab, kept in sessionStorage so that a reload
 * shows the code again instead of a blank form (a second registration). `finish` keeps it;
 * `startAnother` forgets it, for a new registration on the same link (the done screen's
 * "register another person").
 */
export function useFinishedRegistration(token: string) {
  const [state, setState] = useState(() => ({ token, finished: readFinished(token) }));
  // Another link in the same tab: what was kept for that one, if anything.
  const finished = state.token === token ? state.finished : readFinished(token);
  return {
    finished,
    finish(value: FinishedRegistration) {
      session.set(STORAGE_KEYS.selfRegistration, JSON.stringify({ token, code: value.code }));
      setState({ token, finished: value });
    },
    startAnother() {
      session.remove(STORAGE_KEYS.selfRegistration);
      setState({ token, finished: null });
    },
  };
}

/**
 * /registro-viajero and /pilgrim-register (?t=<link token>): a traveler registers without login,
 * in their own language, with the staff form minus the staff-only parts, consent to the legal
 * basis, a signature, and ends with a confirmation QR code to show at reception.
 */
export function SelfRegistrationRoute() {
  const { t } = useTranslation('checkin');
  const [params] = useSearchParams();
  const token = params.get('t')?.trim() ?? '';
  const info = usePublicCheckin(token);
  const submit = useSubmitSelfRegistration(token);
  // `registration.startAnother` starts a new registration on the link (it forgets the code).
  const registration = useFinishedRegistration(token);
  const code = registration.finished?.code ?? null;
  // What was typed on this link in this tab, kept over a reload until it is sent.
  const draft = useCheckinDraft(token);
  // What was typed or chosen in the server-rendered form before the app came (decision 079): the
  // live form starts with it, over a draft kept from before a reload; the focus goes back to the
  // field it was in. For the first person only.
  const [carried, setCarried] = useState(() => {
    const input = takeStaticFormInput();
    if (!input) return null;
    const typed = draftFromStaticForm(input.values, currentLanguage());
    const over = typed.draft && withDraft<TravelerDraft>(draft.restored ?? {}, typed.draft);
    return { ...typed, draft: over, focus: input.focus };
  });
  const [mode, setMode] = useState<'manual' | 'scan'>('manual');
  // The scans of the document, merged into the form as they come (see ScanRound); also the
  // emptied copied fields of "Clear them", merged the same way into what else is typed.
  const [prefill, setPrefill] = useState<ScanRound>({ round: 0 });
  const [scanned, setScanned] = useState(false);
  // The address and contact of the person just registered, in memory only (never in the tab's
  // storage), for the next person of their group: see travel-companion.ts.
  const [companion, setCompanion] = useState<TravelCompanion | null>(null);
  // The person whose address and contact the form started with; `cleared` once "Clear them".
  const [copied, setCopied] = useState<{ from: TravelCompanion; cleared: boolean } | null>(null);
  // The form's values as they last changed, for "Clear them" (null: as the form started).
  const latest = useRef<TravelerFormValues | null>(null);
  const saveDraft = draft.save;
  const onValuesChange = useCallback(
    (values: TravelerFormValues) => {
      latest.current = values;
      saveDraft(values);
    },
    [saveDraft],
  );
  // What was carried over is kept at once, as typing would have kept it: a reload right after
  // the app came, before another key, does not lose it.
  const keptCarried = useRef(false);
  const keepDraft = draft.keep;
  useEffect(() => {
    if (keptCarried.current || !carried?.draft) return;
    keptCarried.current = true;
    keepDraft(carried.draft);
  }, [carried, keepDraft]);
  const startingDraft = carried?.draft ?? draft.restored;
  const formRef = useRef<HTMLDivElement>(null);
  const carriedFocus = useRef(carried?.focus ?? null);
  useEffect(() => {
    if (!formRef.current || !carriedFocus.current) return;
    restoreStaticFocus(formRef.current, carriedFocus.current);
    carriedFocus.current = null;
  });
  const { showForm } = useShowForm(mode === 'manual', formRef, () => setMode('manual'));
  // An MRZ typed by a reader or pasted is read as a scan (decision 055), while the form is open.
  useMrzKeyboard((result) => {
    setPrefill((current) => ({ round: current.round + 1, value: prefillFromScan(result) }));
    setScanned(true);
    if (mode !== 'manual') showForm();
  }, !!token && !code);
  // After "register another person": the fresh form's first heading takes the focus, or the
  // notice of what was copied, when there is one (read first, so that nobody misses it).
  const startRef = useRef<HTMLHeadingElement>(null);
  const copiedRef = useRef<HTMLDivElement>(null);
  const restarted = useRef(false);
  useEffect(() => {
    if (code || !restarted.current) return;
    restarted.current = false;
    (copiedRef.current ?? startRef.current)?.focus();
  }, [code]);
  // The next person of a couple or group on the same phone, same link: an empty form, or one
  // that starts with what they share with the person just registered (`from`).
  const startNext = (from: TravelCompanion | null) => {
    restarted.current = true;
    setCarried(null);
    submit.reset();
    setMode('manual');
    setPrefill((current) => ({ round: current.round + 1 }));
    setScanned(false);
    setCopied(from && { from, cleared: false });
    latest.current = null;
    registration.startAnother();
    // Their draft starts from the copy: a reload keeps it, and never the one before's values.
    if (from) draft.start(companionPrefill(from).values);
    else draft.clear();
    window.scrollTo?.({ top: 0 });
  };
  const clearCopied = (from: TravelCompanion) => {
    const empty = emptyTravelerValues();
    const current = latest.current ?? { ...empty, ...companionPrefill(from).values };
    setPrefill((now) => ({
      round: now.round + 1,
      value: withoutCopiedValues(current, from),
      // Another person's document scanned next starts their form without the copy too.
      start: { contactInfo: empty.contactInfo, address: empty.address },
    }));
    setCopied({ from, cleared: true });
    startRef.current?.focus();
  };
  const lng = currentLanguage();
  const defaultLanguage = (LANGUAGES as readonly string[]).includes(lng) ? lng : undefined;

  let body;
  if (!token) body = <FormAlert tone="info">{t('public.noToken')}</FormAlert>;
  // Kept from before a reload: shown at once, even if the link has been renewed since.
  else if (code)
    body = (
      <SelfRegistrationDone
        code={code}
        companion={companion?.name}
        onRegisterCompanion={companion ? () => startNext(companion) : undefined}
        onRegisterAnother={() => startNext(null)}
      />
    );
  else if (info.isPending)
    body = (
      <div role="status" className="flex items-center gap-3 text-muted">
        <Spinner className="size-6 text-primary" />
        {t('public.loading')}
      </div>
    );
  else if (info.isError && isApiError(info.error) && [404, 410].includes(info.error.status))
    body = <FormAlert>{t('public.invalid')}</FormAlert>;
  // No answer, or not the one expected, after the retries: another try may get through.
  else if (info.isError)
    body = (
      <div className="space-y-3">
        <FormAlert>{errorText(info.error, t('public.invalid'))}</FormAlert>
        <Button variant="secondary" pending={info.isFetching} onClick={() => void info.refetch()}>
          {t('public.retry')}
        </Button>
      </div>
    );
  else
    body = (
      <div className="space-y-6">
        {info.data.reservation && (
          <FormAlert tone="info">
            <p className="font-semibold">
              {t('public.booking', {
                arrival: formatDate(info.data.reservation.arrival, lng),
                departure: formatDate(info.data.reservation.departure, lng),
              })}
            </p>
            <p>
              {t('public.bookingGuests', {
                registered: info.data.reservation.registeredGuests,
                guests: info.data.reservation.guests,
              })}
            </p>
            {info.data.reservation.guest && (
              <p className="font-semibold">
                {t('public.guestSlot', {
                  slot: info.data.reservation.guest.slot,
                  guests: info.data.reservation.guests,
                })}
              </p>
            )}
          </FormAlert>
        )}
        {info.data.reservation?.guest?.registered && (
          <FormAlert>{t('public.guestRegistered')}</FormAlert>
        )}
        {draft.restored && <p className="text-sm text-muted">{t('public.restored')}</p>}
        {copied && (
          <FormAlert tone="info">
            {copied.cleared ? (
              t('public.copiedCleared')
            ) : (
              <div
                ref={copiedRef}
                tabIndex={-1}
                className="flex flex-col items-start gap-3 outline-none sm:flex-row sm:items-center sm:justify-between"
              >
                <p>
                  {t(copied.from.hasAddress ? 'public.copiedAll' : 'public.copiedContact', {
                    name: copied.from.name,
                  })}
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="shrink-0"
                  onClick={() => clearCopied(copied.from)}
                >
                  {t('public.clearCopied')}
                </Button>
              </div>
            )}
          </FormAlert>
        )}
        <section aria-labelledby="self-scan-title" className="space-y-2 sm:space-y-3">
          <h2
            id="self-scan-title"
            ref={startRef}
            tabIndex={-1}
            className="text-base font-semibold text-fg outline-none sm:text-lg"
          >
            {t('public.scanTitle')}
          </h2>
          {/* Left for wider screens: on a phone the two modes say it (decision 072). */}
          <p className="hidden text-sm text-muted sm:block">{t('public.scanIntro')}</p>
          <ModeSwitcher<'manual' | 'scan'>
            label={t('modes.label')}
            value={mode}
            onChange={setMode}
            options={[
              { value: 'manual', label: t('modes.manual') },
              { value: 'scan', label: t('modes.scan') },
            ]}
          />
          {mode === 'scan' && (
            <DocumentScanner
              scan={(image) => scanDocument(image, apiPaths.checkin.publicOcr(token))}
              onManual={showForm}
              onResult={({ result, image }) => {
                setPrefill((current) => ({
                  round: current.round + 1,
                  value: prefillFromScan(result, image),
                }));
                setScanned(true);
                showForm();
              }}
            />
          )}
        </section>
        {/* Hidden, not gone, while the scanner shows: what was typed, the signature and the
            registration's key are there on the way back, and a scan merges into them. */}
        <div ref={formRef} hidden={mode !== 'manual'} className="space-y-6">
          {scanned && <FormAlert tone="success">{t('scan.processed')}</FormAlert>}
          <div className="rounded-2xl border border-line bg-surface p-3 shadow-sm sm:p-8">
            <PublicTravelerForm
              prefill={copied ? companionPrefill(copied.from) : guestPrefill(info.data)}
              scan={prefill}
              defaultLanguage={defaultLanguage}
              keepDocumentImages={info.data.establishment.keepDocumentImages}
              timeZone={info.data.establishment.timeZone}
              draft={startingDraft}
              consented={carried?.consented}
              onValuesChange={onValuesChange}
              submitLabel={t('public.submit')}
              consent={{
                title: t('public.consentTitle'),
                text: t('public.consentText'),
                label: t('public.consentLabel'),
                requiredMessage: t('public.consentRequired'),
              }}
              submit={async (input, key) => {
                const answer = await submit.mutateAsync({
                  input: { ...input, establishmentId: null },
                  key,
                });
                registration.finish({ code: answer.confirmationCode });
                draft.clear();
                setCompanion(travelCompanionOf(input));
                // The scan's values and photo are not kept for the next person.
                setPrefill((current) => ({ round: current.round + 1 }));
                setScanned(false);
                window.scrollTo?.({ top: 0 });
              }}
            />
          </div>
        </div>
      </div>
    );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-5 sm:py-8 nav:px-6">
      <PageTitle page={t('public.title')} />
      <PageHeader
        title={t('public.title')}
        intro={
          info.data
            ? t('public.intro', {
                name: info.data.establishment.name,
                city: info.data.establishment.city,
              })
            : undefined
        }
      />
      {body}
    </div>
  );
}

export default SelfRegistrationRoute;
