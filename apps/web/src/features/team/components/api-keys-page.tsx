import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_PERMISSIONS,
  CreateApiKeyInputSchema,
  type ApiKey,
  type CreatedApiKey,
} from '@hospes/shared/api-keys';
import type { Permission } from '@hospes/shared/team';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format-date-time';
import { useApiKeyChanges, useApiKeys } from '../api/api-keys';
import { PermissionChecklist } from './permission-checklist';

const section = 'rounded-2xl border border-line bg-surface p-4 sm:p-6';
const EXPIRIES = ['never', '30', '90', '365'] as const;

/** The new key's secret, shown once, with a button that copies it. */
function NewSecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const input = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success(t('apiKeys.secret.copied'));
    } catch {
      input.current?.select();
      toast.error(t('apiKeys.secret.copyFailed'));
    }
  }
  return (
    <section
      aria-labelledby="new-key-heading"
      className="rounded-2xl border-2 border-primary bg-surface p-4 sm:p-6"
    >
      <h2 id="new-key-heading" className="text-lg font-semibold text-fg">
        {t('apiKeys.secret.heading')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('apiKeys.secret.text')}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          ref={input}
          className="min-w-0 flex-1"
          label={t('apiKeys.secret.label', { name: created.key.name })}
          value={created.secret}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.target.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {t('apiKeys.secret.copy')}
        </Button>
      </div>
      <Button className="mt-4" onClick={onDone}>
        {t('apiKeys.secret.done')}
      </Button>
    </section>
  );
}

function CreateKeyForm({
  establishmentId,
  grantable,
  onCreated,
}: {
  establishmentId: string;
  grantable: readonly Permission[];
  onCreated: (created: CreatedApiKey) => void;
}) {
  const { t } = useTranslation('profile');
  const { create } = useApiKeyChanges(establishmentId);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Permission[]>([]);
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number]>('never');
  const [error, setError] = useState<string | null>(null);
  const offered = API_KEY_PERMISSIONS.filter((p) => grantable.includes(p));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateApiKeyInputSchema.safeParse({
      name,
      permissions: chosen,
      expiresInDays: expiry === 'never' ? null : Number(expiry),
    });
    if (!parsed.success) {
      setError(t('apiKeys.create.invalid'));
      return;
    }
    setError(null);
    try {
      onCreated(await create.mutateAsync(parsed.data));
      setName('');
      setChosen([]);
      setExpiry('never');
    } catch (err) {
      setError(errorText(err, t('team.failed')));
    }
  }

  return (
    <section aria-labelledby="create-key-heading" className={section}>
      <h2 id="create-key-heading" className="text-lg font-semibold text-fg">
        {t('apiKeys.create.heading')}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4">
        {error && <FormAlert>{error}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('apiKeys.create.name')}
            hint={t('apiKeys.create.nameHint')}
            value={name}
            maxLength={60}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
          <SelectField
            label={t('apiKeys.create.expiry')}
            value={expiry}
            options={EXPIRIES.map((value) => ({
              value,
              label: t(`apiKeys.create.expiries.${value}`),
            }))}
            onChange={(e) => setExpiry(e.target.value as (typeof EXPIRIES)[number])}
          />
        </div>
        <PermissionChecklist
          legend={t('apiKeys.create.permissions')}
          permissions={offered}
          chosen={chosen}
          onChange={setChosen}
        />
        <Button type="submit" pending={create.isPending}>
          {t('apiKeys.create.submit')}
        </Button>
      </form>
    </section>
  );
}

function KeyItem({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  // What its maker no longer holds: the key does not act with it (the server narrows it).
  const lapsed = apiKey.permissions.filter((p) => !apiKey.permissionsInForce.includes(p));
  return (
    <li className="flex flex-col gap-3 border-t border-line py-4 first:border-t-0 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words text-fg">{apiKey.name}</span>
          <code className="text-sm text-muted">{apiKey.prefix}…</code>
          <span
            className={cn(
              'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold text-fg',
              apiKey.status === 'active'
                ? 'border-success bg-success-soft'
                : 'border-control bg-surface-muted',
            )}
          >
            {t(`apiKeys.list.status.${apiKey.status}`)}
          </span>
        </p>
        <p className="text-sm text-fg">
          {apiKey.permissions.map((p) => t(`team.permissions.${p}`)).join(', ')}
        </p>
        {apiKey.status === 'active' && lapsed.length > 0 && (
          <p className="rounded-md border border-warn bg-warn-soft px-2 py-1 text-sm text-fg">
            {t('apiKeys.list.notInForce', {
              permissions: lapsed.map((p) => t(`team.permissions.${p}`)).join(', '),
            })}
          </p>
        )}
        <p className="text-sm text-muted">
          {apiKey.createdByName
            ? t('apiKeys.list.createdBy', {
                date: when(apiKey.createdAt),
                name: apiKey.createdByName,
              })
            : t('apiKeys.list.created', { date: when(apiKey.createdAt) })}
        </p>
        <p className="text-sm text-muted">
          {apiKey.lastUsedAt
            ? t('apiKeys.list.lastUsed', { date: when(apiKey.lastUsedAt) })
            : t('apiKeys.list.neverUsed')}
          {' · '}
          {apiKey.revokedAt
            ? t('apiKeys.list.revokedAt', { date: when(apiKey.revokedAt) })
            : apiKey.expiresAt
              ? t('apiKeys.list.expires', { date: when(apiKey.expiresAt) })
              : t('apiKeys.list.noExpiry')}
        </p>
      </div>
      {apiKey.status !== 'revoked' && (
        <Button
          variant="danger"
          size="sm"
          onClick={onRevoke}
          aria-label={t('apiKeys.list.revokeNamed', { name: apiKey.name })}
        >
          {t('apiKeys.list.revoke')}
        </Button>
      )}
    </li>
  );
}

/**
 * The API keys of one establishment (decision 068): create one (its secret shown once, with a
 * copy button), the list with what each may do, when it was made, last used and expires, and
 * revocation. `grantable`: what the signed-in member may give (a key never gets more).
 */
export function ApiKeysPage({
  establishmentId,
  grantable,
}: {
  establishmentId: string;
  grantable: readonly Permission[];
}) {
  const { t } = useTranslation('profile');
  const keys = useApiKeys(establishmentId);
  const { revoke } = useApiKeyChanges(establishmentId);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      {created ? (
        <NewSecret created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateKeyForm
          establishmentId={establishmentId}
          grantable={grantable}
          onCreated={setCreated}
        />
      )}
      <section aria-labelledby="keys-heading" className={section}>
        <h2 id="keys-heading" className="text-lg font-semibold text-fg">
          {t('apiKeys.list.heading')}
        </h2>
        {keys.isPending ? (
          <Spinner label={t('apiKeys.list.loading')} />
        ) : keys.isError ? (
          <FormAlert>{errorText(keys.error, t('apiKeys.list.failed'))}</FormAlert>
        ) : keys.data.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t('apiKeys.list.empty')}</p>
        ) : (
          <ul className="mt-2">
            {keys.data.map((apiKey) => (
              <KeyItem
                key={apiKey.id}
                apiKey={apiKey}
                onRevoke={() => {
                  setRevokeError(null);
                  setRevoking(apiKey);
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiKeys.revoke.title', { name: revoking?.name ?? '' })}
        description={t('apiKeys.revoke.text')}
        confirmLabel={t('apiKeys.revoke.confirm')}
        pending={revoke.isPending}
        error={revokeError}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          const { id, name } = revoking;
          revoke
            .mutateAsync(id)
            .then(() => {
              setRevoking(null);
              toast.success(t('apiKeys.revoke.done', { name }));
            })
            .catch((err: unknown) => setRevokeError(errorText(err, t('team.failed'))));
        }}
      />
    </div>
  );
}
