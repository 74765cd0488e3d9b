import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  CustomRoleInputSchema,
  InviteInputSchema,
  PERMISSIONS,
  type Member,
  type MemberRole,
  type Permission,
  type RoleChoice,
  type Team,
} from '@hospes/shared/team';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { useTeam } from '../api/get-team';
import { useTeamChanges } from '../api/team-changes';
import { PermissionChecklist } from './permission-checklist';

const section = 'rounded-2xl border border-line bg-surface p-4 sm:p-6';

/** A role's value in a select: a preset's name, or `custom:<id>`. */
const roleValue = (role: MemberRole, customRoleId: string | null) =>
  role === 'custom' && customRoleId ? `custom:${customRoleId}` : role;
function roleChoice(value: string): RoleChoice {
  if (value.startsWith('custom:')) return { role: 'custom', customRoleId: value.slice(7) };
  return { role: value as 'owner' | 'manager' | 'receptionist' };
}

function useRoleOptions(team: Team | undefined, withOwner: boolean) {
  const { t } = useTranslation('profile');
  return [
    ...(withOwner ? [{ value: 'owner', label: t('team.roles.owner') }] : []),
    { value: 'manager', label: t('team.roles.manager') },
    { value: 'receptionist', label: t('team.roles.receptionist') },
    ...(team?.roles ?? []).map((r) => ({ value: `custom:${r.id}`, label: r.name })),
  ];
}

function InviteForm({ establishmentId, team }: { establishmentId: string; team: Team }) {
  const { t } = useTranslation('profile');
  const { invite } = useTeamChanges(establishmentId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('receptionist');
  const [error, setError] = useState<string | null>(null);
  const options = useRoleOptions(team, false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = InviteInputSchema.safeParse({ email, ...roleChoice(role) });
    if (!parsed.success) {
      setError(t('team.invite.emailInvalid'));
      return;
    }
    setError(null);
    try {
      await invite.mutateAsync(parsed.data);
      toast.success(t('team.invite.sent', { email: parsed.data.email }));
      setEmail('');
    } catch (err) {
      setError(errorText(err, t('team.failed')));
    }
  }

  return (
    <section aria-labelledby="invite-heading" className={section}>
      <h2 id="invite-heading" className="text-lg font-semibold text-fg">
        {t('team.invite.heading')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('team.invite.text')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('team.invite.email')}
          type="email"
          autoComplete="off"
          value={email}
          maxLength={254}
          required
          onChange={(e) => setEmail(e.target.value)}
          error={error ?? undefined}
        />
        <SelectField
          label={t('team.role')}
          value={role}
          options={options}
          onChange={(e) => setRole(e.target.value)}
        />
        <div className="sm:col-span-2">
          <Button type="submit" pending={invite.isPending}>
            {t('team.invite.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function MemberRow({
  member,
  establishmentId,
  team,
  onRemove,
}: {
  member: Member;
  establishmentId: string;
  team: Team;
  onRemove: (member: Member) => void;
}) {
  const { t } = useTranslation('profile');
  const { changeRole } = useTeamChanges(establishmentId);
  const options = useRoleOptions(team, true);
  return (
    <li className="flex flex-col gap-3 border-t border-line py-4 first:border-t-0 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-fg">{member.name}</p>
        <p className="truncate text-sm text-muted">{member.email}</p>
      </div>
      <SelectField
        label={t('team.roleOf', { name: member.name })}
        value={roleValue(member.role, member.customRoleId)}
        options={options}
        disabled={changeRole.isPending}
        onChange={(e) => {
          changeRole
            .mutateAsync({ userId: member.userId, role: roleChoice(e.target.value) })
            .then(() => toast.success(t('team.members.roleChanged', { name: member.name })))
            .catch((err: unknown) => toast.error(errorText(err, t('team.failed'))));
        }}
      />
      <Button variant="danger" size="sm" onClick={() => onRemove(member)}>
        {t('team.members.remove')}
      </Button>
    </li>
  );
}

function Members({ establishmentId, team }: { establishmentId: string; team: Team }) {
  const { t } = useTranslation('profile');
  const { remove } = useTeamChanges(establishmentId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby="members-heading" className={section}>
      <h2 id="members-heading" className="text-lg font-semibold text-fg">
        {t('team.members.heading')}
      </h2>
      <ul className="mt-2">
        {team.members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            establishmentId={establishmentId}
            team={team}
            onRemove={(m) => {
              setError(null);
              setRemoving(m);
            }}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={t('team.members.removeTitle', { name: removing?.name ?? '' })}
        description={<p>{t('team.members.removeText')}</p>}
        confirmLabel={t('team.members.remove')}
        pending={remove.isPending}
        error={error}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove
            .mutateAsync(removing.userId)
            .then(() => {
              toast.success(t('team.members.removed', { name: removing.name }));
              setRemoving(null);
            })
            .catch((err: unknown) => setError(errorText(err, t('team.failed'))));
        }}
      />
    </section>
  );
}

function Invitations({ establishmentId, team }: { establishmentId: string; team: Team }) {
  const { t, i18n } = useTranslation('profile');
  const { resend, revoke } = useTeamChanges(establishmentId);
  const open = team.invitations.filter((i) => i.status === 'pending' || i.status === 'expired');
  if (open.length === 0) return null;
  const act = (promise: Promise<unknown>, done: string) =>
    promise
      .then(() => toast.success(done))
      .catch((err: unknown) => toast.error(errorText(err, t('team.failed'))));
  return (
    <section aria-labelledby="invitations-heading" className={section}>
      <h2 id="invitations-heading" className="text-lg font-semibold text-fg">
        {t('team.invitations.heading')}
      </h2>
      <ul className="mt-2">
        {open.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-col gap-2 border-t border-line py-4 first:border-t-0 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-fg">{invitation.email}</p>
              <p className="text-sm text-muted">
                {invitation.roleName ?? t(`team.roles.${invitation.role}`)} ·{' '}
                {invitation.status === 'expired'
                  ? t('team.invitations.expired')
                  : t('team.invitations.expires', {
                      date: new Date(invitation.expiresAt).toLocaleDateString(i18n.language),
                    })}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  void act(resend.mutateAsync(invitation.id), t('team.invitations.resent'))
                }
              >
                {t('team.invitations.resend')}
              </Button>
              <Button
                variant="danger"
                size="sm"
                onClick={() =>
                  void act(revoke.mutateAsync(invitation.id), t('team.invitations.revoked'))
                }
              >
                {t('team.invitations.revoke')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Roles({ establishmentId, team }: { establishmentId: string; team: Team }) {
  const { t } = useTranslation('profile');
  const { createRole, deleteRole } = useTeamChanges(establishmentId);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Permission[]>([]);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CustomRoleInputSchema.safeParse({ name, permissions: chosen });
    if (!parsed.success) {
      setError(t('team.customRoles.invalid'));
      return;
    }
    setError(null);
    try {
      await createRole.mutateAsync(parsed.data);
      toast.success(t('team.customRoles.created', { name: parsed.data.name }));
      setName('');
      setChosen([]);
    } catch (err) {
      setError(errorText(err, t('team.failed')));
    }
  }

  return (
    <section aria-labelledby="roles-heading" className={section}>
      <h2 id="roles-heading" className="text-lg font-semibold text-fg">
        {t('team.customRoles.heading')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('team.customRoles.text')}</p>
      {team.roles.length > 0 && (
        <ul className="mt-2">
          {team.roles.map((role) => (
            <li
              key={role.id}
              className="flex flex-col gap-2 border-t border-line py-3 first:border-t-0 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-fg">{role.name}</p>
                <p className="text-sm text-muted">
                  {role.permissions.map((p) => t(`team.permissions.${p}`)).join(', ')}
                </p>
              </div>
              <Button
                variant="danger"
                size="sm"
                onClick={() =>
                  void deleteRole
                    .mutateAsync(role.id)
                    .then(() => toast.success(t('team.customRoles.deleted', { name: role.name })))
                    .catch((err: unknown) => toast.error(errorText(err, t('team.failed'))))
                }
              >
                {t('team.customRoles.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4">
        {error && <FormAlert>{error}</FormAlert>}
        <TextField
          label={t('team.customRoles.name')}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
        />
        <PermissionChecklist
          legend={t('team.customRoles.permissions')}
          permissions={PERMISSIONS}
          chosen={chosen}
          onChange={setChosen}
        />
        <Button type="submit" variant="secondary" pending={createRole.isPending}>
          {t('team.customRoles.create')}
        </Button>
      </form>
    </section>
  );
}

/** The team of one establishment: invite, members and their roles, invitations, custom roles. */
export function TeamPage({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation('profile');
  const team = useTeam(establishmentId);
  if (team.isPending) return <Spinner label={t('team.loading')} />;
  if (team.isError) return <FormAlert>{errorText(team.error, t('team.failed'))}</FormAlert>;
  return (
    <div className="space-y-6">
      <InviteForm establishmentId={establishmentId} team={team.data} />
      <Members establishmentId={establishmentId} team={team.data} />
      <Invitations establishmentId={establishmentId} team={team.data} />
      <Roles establishmentId={establishmentId} team={team.data} />
    </div>
  );
}
