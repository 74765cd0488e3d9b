import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AcceptInvitationInputSchema } from '@hospes/shared/team';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { authStore, useAuth } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { useAcceptInvitation, useInvitation, useJoinInvitation } from '../api/invitation';

/**
 * An e-mailed invitation's landing (decision 058): a new account chooses its name and password;
 * an existing one joins signed in (or is asked to log in first).
 */
export function JoinInvitation({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const join = useJoinInvitation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (invitation.isPending) return <Spinner label={t('join.loading')} />;
  if (invitation.isError)
    return <FormAlert>{errorText(invitation.error, t('join.invalid'))}</FormAlert>;
  const offer = invitation.data;
  const role = offer.roleName ?? t(`profile:team.roles.${offer.role}`);
  const done = async () => {
    await authStore.refreshMemberships();
    await navigate(paths.travelerRegistration, { replace: true });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = AcceptInvitationInputSchema.safeParse({ token, name, password });
    if (!parsed.success) {
      setError(t('join.incomplete'));
      return;
    }
    setError(null);
    try {
      const session = await accept.mutateAsync(parsed.data);
      authStore.setSession(session.user);
      await done();
    } catch (err) {
      setError(errorText(err, t('join.failed')));
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-fg">{t('join.offer', { establishment: offer.establishmentName, role })}</p>
      {error && <FormAlert>{error}</FormAlert>}
      {user ? (
        user.email.toLowerCase() === offer.email.toLowerCase() ? (
          <Button
            pending={join.isPending}
            onClick={() => {
              join
                .mutateAsync(token)
                .then(done)
                .catch((err: unknown) => setError(errorText(err, t('join.failed'))));
            }}
          >
            {t('join.join')}
          </Button>
        ) : (
          <FormAlert>{t('join.otherAccount', { email: offer.email })}</FormAlert>
        )
      ) : offer.hasAccount ? (
        <div className="space-y-2">
          <p className="text-sm text-muted">{t('join.hasAccount', { email: offer.email })}</p>
          <ButtonLink to={paths.login} state={{ from: location }}>
            {t('join.login')}
          </ButtonLink>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <TextField label={t('join.email')} value={offer.email} readOnly />
          <TextField
            label={t('join.name')}
            autoComplete="name"
            value={name}
            maxLength={150}
            required
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label={t('join.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            maxLength={128}
            required
            hint={t('join.passwordHint')}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" className="w-full" pending={accept.isPending}>
            {t('join.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
