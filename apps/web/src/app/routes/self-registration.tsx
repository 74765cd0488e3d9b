import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { normaliseConfirmationCode } from '@hospes/shared/checkin';
import { LANGUAGES } from '@hospes/shared/languages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { STORAGE_KEYS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { usePublicCheckin, useSubmitSelfRegistration } from '@/features/checkin/api/public-checkin';
import { SelfRegistrationDone } from '@/features/checkin/components/self-registration-done';
import { TravelerForm, type ScanRound } from '@/features/clients/components/traveler-form';
import { prefillFromScan } from '@/features/clients/traveler-form-model';
import { scanDocument } from '@/features/scan/api/scan-document';
import { DocumentScanner } from '@/features/scan/components/document-scanner';
import { ModeSwitcher } from '@/features/scan/components/mode-switcher';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { currentLanguage } from '@/lib/i18n';
import { session } from '@/lib/storage';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';
import { useCheckinDraft } from './use-checkin-draft';
import { useShowForm } from './use-show-form';

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
  const [mode, setMode] = useState<'manual' | 'scan'>('manual');
  // The scans of the document, merged into the form as they come (see ScanRound).
  const [prefill, setPrefill] = useState<ScanRound>({ round: 0 });
  const formRef = useRef<HTMLDivElement>(null);
  const { showForm } = useShowForm(mode === 'manual', formRef, () => setMode('manual'));
  // After "register another person": the fresh form's first heading takes the focus.
  const startRef = useRef<HTMLHeadingElement>(null);
  const restarted = useRef(false);
  useEffect(() => {
    if (code || !restarted.current) return;
    restarted.current = false;
    startRef.current?.focus();
  }, [code]);
  const lng = currentLanguage();
  const defaultLanguage = (LANGUAGES as readonly string[]).includes(lng) ? lng : undefined;

  let body;
  if (!token) body = <FormAlert tone="info">{t('public.noToken')}</FormAlert>;
  // Kept from before a reload: shown at once, even if the link has been renewed since.
  else if (code)
    body = (
      <SelfRegistrationDone
        code={code}
        onRegisterAnother={() => {
          // The next person of a couple or group on the same phone: an empty form, same link.
          restarted.current = true;
          submit.reset();
          setMode('manual');
          setPrefill((current) => ({ round: current.round + 1 }));
          registration.startAnother();
          draft.clear();
          window.scrollTo?.({ top: 0 });
        }}
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
        {draft.restored && <p className="text-sm text-muted">{t('public.restored')}</p>}
        <section aria-labelledby="self-scan-title" className="space-y-3">
          <h2
            id="self-scan-title"
            ref={startRef}
            tabIndex={-1}
            className="text-lg font-semibold text-fg outline-none"
          >
            {t('public.scanTitle')}
          </h2>
          <p className="text-sm text-muted">{t('public.scanIntro')}</p>
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
                showForm();
              }}
            />
          )}
        </section>
        {/* Hidden, not gone, while the scanner shows: what was typed, the signature and the
            registration's key are there on the way back, and a scan merges into them. */}
        <div ref={formRef} hidden={mode !== 'manual'} className="space-y-6">
          {prefill.value && <FormAlert tone="success">{t('scan.processed')}</FormAlert>}
          <div className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-8">
            <TravelerForm
              mode="public"
              scan={prefill}
              defaultLanguage={defaultLanguage}
              keepDocumentImages={info.data.establishment.keepDocumentImages}
              timeZone={info.data.establishment.timeZone}
              draft={draft.restored}
              onValuesChange={draft.save}
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
                // The scan's values and photo are not kept for the next person.
                setPrefill((current) => ({ round: current.round + 1 }));
                window.scrollTo?.({ top: 0 });
              }}
            />
          </div>
        </div>
      </div>
    );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 nav:px-6">
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
