import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useSignOut } from '@/lib/auth';

/** Ends the session on this device (same as the header's "Log out"). */
export function SessionPanel() {
  const { t } = useTranslation('profile');
  const signOut = useSignOut();
  const [pending, setPending] = useState(false);

  return (
    <section
      aria-labelledby="session-heading"
      className="rounded-2xl border border-line bg-surface p-6"
    >
      <h2 id="session-heading" className="text-lg font-semibold text-fg">
        {t('security.sessionHeading')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('security.sessionText')}</p>
      <Button
        variant="danger"
        className="mt-4"
        pending={pending}
        onClick={() => {
          setPending(true);
          void signOut();
        }}
      >
        {t('security.logout')}
      </Button>
    </section>
  );
}
