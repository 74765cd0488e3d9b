import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Authority } from '@hospes/shared/codes';
import type { SesConnectionCheck, SesEnvironment } from '@hospes/shared/ses';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Disclosure } from '@/components/ui/disclosure';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import {
  useCheckSesConnection,
  useRemoveSesConnection,
  useSaveSesConnection,
  useSesConnection,
} from '../api/ses-send';
import { SesScheduleForm } from './ses-schedule-form';
import { sesFailureText } from './ses-submission-status';

export interface SesConnectionEstablishment {
  id: string;
  name: string;
  authority: Authority;
  landlordCode: string | null;
}

function CheckResult({ result }: { result: SesConnectionCheck }) {
  const { t } = useTranslation('documents');
  if (result.outcome === 'ok')
    return (
      <FormAlert tone="success" className="mt-3">
        {t('connection.checkOk')}
      </FormAlert>
    );
  return (
    <FormAlert className="mt-3">
      {result.outcome === 'refused' || result.outcome === 'fault'
        ? t('connection.checkRefused', { text: result.text ?? '', code: result.code ?? '' })
        : sesFailureText(t, result.outcome)}
    </FormAlert>
  );
}

/**
 * An establishment's SES.HOSPEDAJES web-service user (decision 035), as a closed section of its
 * card: whether Hospes sends for it and as whom; the user, a password that is never shown again,
 * the service (production or test); a check that asks the Ministry whether it takes them.
 */
export function SesConnectionPanel({
  establishment,
}: {
  establishment: SesConnectionEstablishment;
}) {
  const { t } = useTranslation('documents');
  const [open, setOpen] = useState(false);
  const reportsToSes = establishment.authority === 'ses';
  const query = useSesConnection(establishment.id, reportsToSes);
  const save = useSaveSesConnection(establishment.id);
  const remove = useRemoveSesConnection(establishment.id);
  const check = useCheckSesConnection(establishment.id);
  const connection = query.data;
  const [user, setUser] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [environment, setEnvironment] = useState<SesEnvironment | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState(false);

  if (!reportsToSes) return null;

  const shownUser = user ?? connection?.user ?? '';
  const shownEnvironment = environment ?? connection?.environment ?? 'production';
  const connected = !!connection?.user && connection.passwordSet;
  const summary = !connection
    ? null
    : connected
      ? t(connection.environment === 'test' ? 'connection.connectedTest' : 'connection.connected', {
          user: connection.user,
        })
      : t('connection.notConnected');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    check.reset();
    save.mutate(
      {
        user: shownUser.trim(),
        environment: shownEnvironment,
        ...(password ? { password } : {}),
      },
      {
        onSuccess: () => {
          setPassword('');
          setUser(null);
          setEnvironment(null);
          toast.success(t('connection.saved'));
        },
        onError: (error) => {
          const errors: Record<string, string> = {};
          if (isApiError(error))
            for (const detail of error.details) errors[detail.field] = detail.message;
          if (isApiError(error) && error.code === 'SES_PASSWORD_REQUIRED')
            errors.password = error.message;
          setFieldErrors(errors);
        },
      },
    );
  };

  return (
    <Disclosure
      title={t('connection.title')}
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
          <FormAlert>{errorText(query.error, t('connection.failed'))}</FormAlert>
        ) : (
          <form
            noValidate
            onSubmit={submit}
            aria-label={`${t('connection.title')} (${establishment.name})`}
          >
            <p className="text-sm text-fg">{t('connection.intro')}</p>
            {!establishment.landlordCode && (
              <FormAlert tone="info" className="mt-3">
                {t('connection.landlordCodeMissing')}
              </FormAlert>
            )}
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              <TextField
                label={t('connection.user')}
                hint={t('connection.userHint')}
                value={shownUser}
                autoComplete="off"
                spellCheck={false}
                maxLength={50}
                error={fieldErrors.user}
                onChange={(event) => setUser(event.target.value)}
              />
              <TextField
                label={t('connection.password')}
                type="password"
                autoComplete="new-password"
                hint={connection?.passwordSet ? t('connection.passwordKeep') : undefined}
                value={password}
                maxLength={100}
                error={fieldErrors.password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <SelectField
                label={t('connection.environment')}
                value={shownEnvironment}
                onChange={(event) => setEnvironment(event.target.value as SesEnvironment)}
                options={[
                  { value: 'production', label: t('connection.production') },
                  { value: 'test', label: t('connection.test') },
                ]}
              />
            </div>
            {save.isError && !Object.keys(fieldErrors).length && (
              <FormAlert className="mt-3">
                {errorText(save.error, t('connection.failed'))}
              </FormAlert>
            )}
            {check.data && <CheckResult result={check.data} />}
            {check.isError && (
              <FormAlert className="mt-3">
                {errorText(check.error, t('connection.failed'))}
              </FormAlert>
            )}
            <div className="mt-4 flex flex-wrap gap-2">
              <Button type="submit" size="sm" pending={save.isPending} disabled={!shownUser.trim()}>
                {t('connection.save')}
                <span className="sr-only"> ({establishment.name})</span>
              </Button>
              {connected && (
                <Button
                  size="sm"
                  variant="secondary"
                  pending={check.isPending}
                  onClick={() => check.mutate()}
                >
                  {t('connection.check')}
                  <span className="sr-only"> ({establishment.name})</span>
                </Button>
              )}
              {connection?.user && (
                <Button size="sm" variant="danger" onClick={() => setRemoving(true)}>
                  {t('connection.remove')}
                  <span className="sr-only"> ({establishment.name})</span>
                </Button>
              )}
            </div>
          </form>
        )}
        {connected && (
          <SesScheduleForm
            establishmentId={establishment.id}
            establishmentName={establishment.name}
          />
        )}
      </div>
      <ConfirmDialog
        open={removing}
        title={t('connection.removeTitle', { name: establishment.name })}
        description={<p>{t('connection.removeText')}</p>}
        confirmLabel={t('connection.remove')}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error, t('connection.failed')) : null}
        onCancel={() => {
          remove.reset();
          setRemoving(false);
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: (answer) => {
              check.reset();
              setUser(null);
              setPassword('');
              setRemoving(false);
              // Sending by itself cannot go on without it: its modes are manual again.
              toast.success(
                t(answer.sendModesReset ? 'connection.removedManual' : 'connection.removed'),
              );
            },
          })
        }
      />
    </Disclosure>
  );
}
