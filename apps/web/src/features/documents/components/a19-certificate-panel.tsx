import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { A19_CERTIFICATE_MAX_BYTES } from '@hospes/shared/a19';
import type { SesEnvironment } from '@hospes/shared/ses';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Disclosure } from '@/components/ui/disclosure';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format-date-time';
import {
  fileToBase64,
  useA19Certificate,
  useRemoveA19Certificate,
  useSaveA19Certificate,
} from '../api/a19';
import type { SesConnectionEstablishment } from './ses-connection-panel';
import { SesScheduleForm } from './ses-schedule-form';

/**
 * A Basque establishment's certificate for the Ertzaintza's A19 service (decision 056), as a
 * closed section of its card: who it belongs to and until when (warned 30 days ahead), a new one
 * uploaded with its password (never shown again), the service (production or pre-production),
 * and, once there is one, the send modes (sends go through the same dialog as SES's).
 */
export function A19CertificatePanel({
  establishment,
}: {
  establishment: SesConnectionEstablishment;
}) {
  const { t, i18n } = useTranslation('documents');
  const [open, setOpen] = useState(false);
  const basque = establishment.authority === 'ertzaintza';
  const query = useA19Certificate(establishment.id, basque);
  const save = useSaveA19Certificate(establishment.id);
  const remove = useRemoveA19Certificate(establishment.id);
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [environment, setEnvironment] = useState<SesEnvironment | null>(null);
  const [errors, setErrors] = useState<{ file?: string; password?: string }>({});
  const [removing, setRemoving] = useState(false);

  if (!basque) return null;

  const certificate = query.data;
  const shownEnvironment = environment ?? certificate?.environment ?? 'production';
  const date = formatDateTime(certificate?.expiresAt, i18n.language);
  const summary = !certificate
    ? null
    : !certificate.configured
      ? t('a19.none')
      : certificate.expired
        ? t('a19.expiredShort')
        : t('a19.until', { date });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (!file && !certificate?.configured) {
      setErrors({ file: t('a19.fileRequired') });
      return;
    }
    if (file && file.size > A19_CERTIFICATE_MAX_BYTES) {
      setErrors({ file: t('a19.tooLarge') });
      return;
    }
    let certificateFile: string | undefined;
    try {
      certificateFile = file ? await fileToBase64(file) : undefined;
    } catch {
      setErrors({ file: t('a19.failed') });
      return;
    }
    const input = certificateFile
      ? { certificate: certificateFile, password, environment: shownEnvironment }
      : { environment: shownEnvironment };
    save.mutate(input, {
      onSuccess: () => {
        setFile(null);
        setPassword('');
        setEnvironment(null);
        toast.success(t('a19.saved'));
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        if (error.code === 'A19_CERTIFICATE_PASSWORD_WRONG') setErrors({ password: error.message });
        else if (
          error.code === 'A19_CERTIFICATE_INVALID' ||
          error.code === 'A19_CERTIFICATE_EXPIRED'
        )
          setErrors({ file: error.message });
      },
    });
  };

  return (
    <Disclosure
      title={t('a19.title')}
      summary={summary}
      open={open}
      onToggle={setOpen}
      headingLevel={4}
      className="mt-4"
    >
      <div>
        {query.isPending ? (
          <p role="status" className="flex items-center gap-2 text-muted">
            <Spinner className="size-5 text-primary" />
            {t('connection.loading')}
          </p>
        ) : query.isError ? (
          <FormAlert>{errorText(query.error, t('a19.failed'))}</FormAlert>
        ) : (
          <form
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-label={`${t('a19.title')} (${establishment.name})`}
          >
            <p className="text-sm text-fg">{t('a19.intro')}</p>
            {certificate?.configured && (
              <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
                <dt className="font-semibold text-fg">{t('a19.subject')}</dt>
                <dd className="break-words text-fg">{certificate.subject}</dd>
                <dt className="font-semibold text-fg">{t('a19.expires')}</dt>
                <dd className="text-fg">{date}</dd>
              </dl>
            )}
            {certificate?.expired && (
              <FormAlert className="mt-3">{t('a19.expired', { date })}</FormAlert>
            )}
            {certificate?.expiresSoon && (
              <FormAlert tone="info" className="mt-3">
                {t('a19.expiresSoon', { date })}
              </FormAlert>
            )}
            <div className="mt-3">
              <Button variant="secondary" size="sm" onClick={() => fileRef.current?.click()}>
                {t(certificate?.configured ? 'a19.replace' : 'a19.choose')}
                <span className="sr-only"> ({establishment.name})</span>
              </Button>
              <input
                ref={fileRef}
                type="file"
                accept=".p12,.pfx,application/x-pkcs12"
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                data-testid="a19-certificate-input"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setErrors({});
                  save.reset();
                  event.target.value = '';
                }}
              />
              <p className="mt-1 text-sm text-muted" aria-live="polite">
                {file ? t('a19.chosen', { name: file.name }) : t('a19.fileHint')}
              </p>
              {errors.file && (
                <p role="alert" className="mt-1 text-sm font-medium text-danger">
                  {errors.file}
                </p>
              )}
            </div>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {file && (
                <TextField
                  label={t('a19.password')}
                  type="password"
                  autoComplete="off"
                  value={password}
                  maxLength={200}
                  error={errors.password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
              <SelectField
                label={t('connection.environment')}
                value={shownEnvironment}
                onChange={(event) => setEnvironment(event.target.value as SesEnvironment)}
                options={[
                  { value: 'production', label: t('connection.production') },
                  { value: 'test', label: t('a19.preproduction') },
                ]}
              />
            </div>
            {save.isError && !errors.file && !errors.password && (
              <FormAlert className="mt-3">{errorText(save.error, t('a19.failed'))}</FormAlert>
            )}
            <div className="mt-4 flex flex-wrap gap-2">
              <Button type="submit" size="sm" pending={save.isPending}>
                {t('connection.save')}
                <span className="sr-only"> ({establishment.name})</span>
              </Button>
              {certificate?.configured && (
                <Button size="sm" variant="danger" onClick={() => setRemoving(true)}>
                  {t('connection.remove')}
                  <span className="sr-only"> ({establishment.name})</span>
                </Button>
              )}
            </div>
          </form>
        )}
        {certificate?.configured && (
          <SesScheduleForm
            establishmentId={establishment.id}
            establishmentName={establishment.name}
            authority="ertzaintza"
          />
        )}
      </div>
      <ConfirmDialog
        open={removing}
        title={t('a19.removeTitle', { name: establishment.name })}
        description={<p>{t('a19.removeText')}</p>}
        confirmLabel={t('connection.remove')}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error, t('a19.failed')) : null}
        onCancel={() => {
          remove.reset();
          setRemoving(false);
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setRemoving(false);
              toast.success(t('a19.removed'));
            },
          })
        }
      />
    </Disclosure>
  );
}
