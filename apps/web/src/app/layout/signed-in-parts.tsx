import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useUnsavedRegistrations } from '@/features/desk/components/send-queue-indicator';
import { clearSendQueue } from '@/features/desk/send-queue';
import { useSignOut } from '@/lib/auth';

/**
 * The parts of the layout only a signed-in user sees, which need the desk's send queue (its
 * store, IndexedDB, the traveler form's model). Loaded on demand by the header and the root
 * layout once a user is known (decision 067), so the landing and the self check-in do not
 * download them.
 */
export {
  SendQueueGuard,
  SendQueueIndicator,
} from '@/features/desk/components/send-queue-indicator';

/** Log out; registrations still in the desk's send queue are lost with the session: asked first. */
export function LogoutButton({ className }: { className: string }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const unsent = useUnsavedRegistrations();
  const [askingLogout, setAskingLogout] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => (unsent > 0 ? setAskingLogout(true) : void signOut())}
        className={className}
      >
        {t('nav.logout')}
      </button>
      <ConfirmDialog
        open={askingLogout && unsent > 0}
        title={t('logout.unsentTitle')}
        description={<p>{t('logout.unsentText', { count: unsent })}</p>}
        cancelLabel={t('logout.stay')}
        confirmLabel={t('logout.anyway')}
        onCancel={() => setAskingLogout(false)}
        onConfirm={() => {
          setAskingLogout(false);
          clearSendQueue();
          void signOut();
        }}
      />
    </>
  );
}
