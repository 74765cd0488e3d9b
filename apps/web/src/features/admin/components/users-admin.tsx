import { useEffect, useState, type FormEvent } from 'react';
import { EmailText } from '@/components/ui/contact-text';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { UserStatusSchema, type AdminUser } from '@hospes/shared/admin';
import { RoleSchema } from '@hospes/shared/auth';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { STICKY_END_CELL } from '@/components/ui/table';
import { TextLink } from '@/components/ui/text-link';
import { links, paths } from '@/config/paths';
import { authStore, useAuth } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { useUsers, type UserListQuery } from '../api/get-users';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useUpdateUser } from '../api/update-user';
import { formatDateTime } from '../format';
import { Pagination } from './pagination';

type Action = {
  kind: 'makeAdmin' | 'makeUser' | 'deactivate' | 'reactivate' | 'reset';
  user: AdminUser;
};

function queryOf(params: URLSearchParams): UserListQuery {
  const page = Number(params.get('page'));
  const role = RoleSchema.safeParse(params.get('role'));
  const status = UserStatusSchema.safeParse(params.get('status'));
  return {
    search: params.get('search')?.trim() || undefined,
    role: role.success ? role.data : undefined,
    status: status.success ? status.data : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function Pill({ tone, children }: { tone: 'on' | 'off' | 'admin'; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold text-fg',
        tone === 'on' && 'border-success bg-success-soft',
        tone === 'off' && 'border-control bg-surface-muted',
        tone === 'admin' && 'border-primary bg-info-soft',
      )}
    >
      {children}
    </span>
  );
}

/**
 * Users (an admin section the spec only names): search by name or e-mail, role and state
 * filters; each user's role, state, verification, last login and establishments; make or remove
 * an administrator, deactivate (their sessions end at once) or reactivate, and send a link to
 * choose a new password. Every action asks first; the server keeps the last active admin.
 */
export function UsersAdmin() {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const list = useUsers(query);
  const updateUser = useUpdateUser();
  const reset = useSendPasswordReset();
  const [action, setAction] = useState<Action | null>(null);
  const [searchText, setSearchText] = useState(query.search ?? '');

  useEffect(() => {
    if (list.isError) toast.error(t('somethingWentWrong'), { id: 'users-list' });
  }, [list.isError, t]);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    if (!('page' in changes)) next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: searchText.trim() });
  };

  const pending = updateUser.isPending || reset.isPending;
  const failure = updateUser.error ?? reset.error;

  const open = (next: Action) => {
    updateUser.reset();
    reset.reset();
    setAction(next);
  };

  const confirm = async () => {
    if (!action) return;
    const { kind, user } = action;
    try {
      if (kind === 'reset') {
        const answer = await reset.mutateAsync(user.id);
        toast.success(answer.message);
      } else {
        const input =
          kind === 'makeAdmin'
            ? { role: 'admin' as const }
            : kind === 'makeUser'
              ? { role: 'user' as const }
              : { isActive: kind === 'reactivate' };
        const answer = await updateUser.mutateAsync({ id: user.id, input });
        toast.success(answer.message);
        // An admin who stepped down leaves the admin area.
        if (me && user.id === me.id && kind === 'makeUser') {
          setAction(null);
          await navigate(paths.clients);
          authStore.setUser({ ...me, role: 'user' });
          return;
        }
      }
      setAction(null);
    } catch (error) {
      toast.error(errorText(error, t('somethingWentWrong')));
    }
  };

  const rows = list.data?.data ?? [];
  const dialog = action
    ? (['title', 'text', 'confirm'] as const).reduce(
        (texts, part) => ({
          ...texts,
          [part]: t(`users.confirm.${action.kind}.${part}`, {
            name: action.user.name,
            email: action.user.email,
          }),
        }),
        { title: '', text: '', confirm: '' },
      )
    : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <form
          role="search"
          onSubmit={onSearch}
          className="flex min-w-0 flex-1 basis-72 items-end gap-2"
        >
          <TextField
            className="min-w-0 flex-1"
            label={t('users.search')}
            type="search"
            name="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            {t('actions.search')}
          </Button>
        </form>
        <SelectField
          label={t('users.role')}
          value={query.role ?? ''}
          onChange={(event) => update({ role: event.target.value })}
          options={[
            { value: '', label: t('users.allRoles') },
            { value: 'admin', label: t('roles.admin') },
            { value: 'user', label: t('roles.user') },
          ]}
        />
        <SelectField
          label={t('users.status')}
          value={query.status ?? ''}
          onChange={(event) => update({ status: event.target.value })}
          options={[
            { value: '', label: t('users.allStatuses') },
            { value: 'active', label: t('users.active') },
            { value: 'inactive', label: t('users.inactive') },
          ]}
        />
      </div>

      <p role="status" className="text-sm text-muted">
        {list.isPending ? (
          <span className="flex items-center gap-2">
            <Spinner /> {t('loading')}
          </span>
        ) : list.data ? (
          t('users.count', { count: list.data.pagination.total })
        ) : null}
      </p>
      {list.isError && <FormAlert>{errorText(list.error, t('somethingWentWrong'))}</FormAlert>}
      {list.data && rows.length === 0 && <p className="text-fg">{t('users.empty')}</p>}

      {rows.length > 0 && (
        <div
          role="region"
          aria-labelledby="users-caption"
          tabIndex={0}
          className="relative overflow-x-auto rounded-2xl border border-line bg-surface"
        >
          <table className="w-full min-w-[60rem] border-collapse text-start text-sm">
            <caption id="users-caption" className="sr-only">
              {t('users.caption')}
            </caption>
            <thead>
              <tr className="border-b border-line text-muted">
                {(
                  ['name', 'role', 'status', 'lastLogin', 'establishments', 'actions'] as const
                ).map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn(
                      'px-3 py-2 font-semibold',
                      column === 'actions' && STICKY_END_CELL,
                    )}
                  >
                    {t(`users.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => {
                const self = user.id === me?.id;
                return (
                  <tr key={user.id} className="border-b border-line align-top last:border-0">
                    <th scope="row" className="px-3 py-2 font-normal">
                      <span className="block font-semibold text-fg">
                        {user.name}
                        {self && (
                          <span className="ms-1 font-normal text-muted">({t('users.you')})</span>
                        )}
                      </span>
                      <span className="block text-muted">
                        <EmailText email={user.email} />
                      </span>
                    </th>
                    <td className="px-3 py-2">
                      <Pill tone={user.role === 'admin' ? 'admin' : 'off'}>
                        {t(`roles.${user.role}`)}
                      </Pill>
                    </td>
                    <td className="space-y-1 px-3 py-2">
                      <Pill tone={user.isActive ? 'on' : 'off'}>
                        {user.isActive ? t('users.active') : t('users.inactive')}
                      </Pill>
                      <span className="block text-xs text-muted">
                        {user.emailVerified ? t('users.verified') : t('users.notVerified')}
                      </span>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">
                      {user.lastLogin ? formatDateTime(user.lastLogin, lng) : t('never')}
                    </td>
                    <td className="px-3 py-2">
                      {user.establishments.length === 0 ? (
                        <span className="text-muted">—</span>
                      ) : (
                        <ul className="space-y-1">
                          {user.establishments.map((membership) => (
                            <li key={membership.id}>
                              <TextLink to={links.adminEstablishmentView(membership.id)}>
                                {membership.name}
                              </TextLink>{' '}
                              <span className="text-muted">
                                ({t(`profile:team.roles.${membership.role}`)})
                              </span>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className={cn('px-3 py-1', STICKY_END_CELL)}>
                      <div className="flex flex-wrap gap-1">
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() =>
                            open({ kind: user.role === 'admin' ? 'makeUser' : 'makeAdmin', user })
                          }
                        >
                          {user.role === 'admin' ? t('users.makeUser') : t('users.makeAdmin')}
                          <span className="sr-only"> {user.name}</span>
                        </Button>
                        {!self && (
                          <Button
                            variant={user.isActive ? 'danger' : 'secondary'}
                            size="sm"
                            onClick={() =>
                              open({ kind: user.isActive ? 'deactivate' : 'reactivate', user })
                            }
                          >
                            {user.isActive ? t('users.deactivate') : t('users.reactivate')}
                            <span className="sr-only"> {user.name}</span>
                          </Button>
                        )}
                        {user.isActive && (
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => open({ kind: 'reset', user })}
                          >
                            {t('users.sendReset')}
                            <span className="sr-only"> {user.name}</span>
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <Pagination
        page={query.page}
        totalPages={list.data?.pagination.totalPages ?? 1}
        onPage={(page) => update({ page: String(page) })}
        label={t('users.pagination')}
      />

      <ConfirmDialog
        open={action !== null}
        title={dialog?.title ?? ''}
        description={dialog?.text}
        cancelLabel={t('discard.cancel')}
        confirmLabel={dialog?.confirm ?? ''}
        pending={pending}
        error={failure ? errorText(failure, t('somethingWentWrong')) : null}
        onCancel={() => setAction(null)}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
