import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LANGUAGES } from '@hospes/shared/languages';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { apiPaths } from '@/config/paths';
import { usePublicCheckin, useSubmitSelfRegistration } from '@/features/checkin/api/public-checkin';
import { SelfRegistrationDone } from '@/features/checkin/components/self-registration-done';
import { TravelerForm } from '@/features/clients/components/traveler-form';
import { prefillFromScan, type TravelerPrefill } from '@/features/clients/traveler-form-model';
import { scanDocument } from '@/features/scan/api/scan-document';
import { DocumentScanner } from '@/features/scan/components/document-scanner';
import { ModeSwitcher } from '@/features/scan/components/mode-switcher';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { currentLanguage } from '@/lib/i18n';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

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
  const [code, setCode] = useState<string | null>(null);
  const [mode, setMode] = useState<'manual' | 'scan'>('manual');
  const [prefill, setPrefill] = useState<{ round: number; value?: TravelerPrefill }>({ round: 0 });
  const lng = currentLanguage();
  const defaultLanguage = (LANGUAGES as readonly string[]).includes(lng) ? lng : undefined;

  let body;
  if (!token) body = <FormAlert tone="info">{t('public.noToken')}</FormAlert>;
  else if (info.isPending)
    body = (
      <div role="status" className="flex items-center gap-3 text-muted">
        <Spinner className="size-6 text-primary" />
        {t('public.loading')}
      </div>
    );
  else if (info.isError)
    body = (
      <FormAlert>
        {isApiError(info.error) && info.error.status === 404
          ? t('public.invalid')
          : errorText(info.error, t('public.invalid'))}
      </FormAlert>
    );
  else if (code) body = <SelfRegistrationDone code={code} />;
  else
    body = (
      <div className="space-y-6">
        <section aria-labelledby="self-scan-title" className="space-y-3">
          <h2 id="self-scan-title" className="text-lg font-semibold text-fg">
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
              onManual={() => setMode('manual')}
              onResult={({ result, image }) => {
                setPrefill((current) => ({
                  round: current.round + 1,
                  value: prefillFromScan(result, image),
                }));
                setMode('manual');
              }}
            />
          )}
        </section>
        {mode === 'manual' && prefill.value && (
          <FormAlert tone="success">{t('scan.processed')}</FormAlert>
        )}
        {mode === 'manual' && (
          <div className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-8">
            <TravelerForm
              key={prefill.round}
              mode="public"
              prefill={prefill.value}
              defaultLanguage={defaultLanguage}
              keepDocumentImages={info.data.establishment.keepDocumentImages}
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
                setCode(answer.confirmationCode);
                window.scrollTo?.({ top: 0 });
              }}
            />
          </div>
        )}
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
