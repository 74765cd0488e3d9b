import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { authStore } from '@/lib/auth';
import { AuthCard } from './auth-card';

/**
 * What a signed-out visitor sees on a page that needs a session while the server cannot be
 * reached (decision 073): no login form that could only fail, but what is going on and what to
 * do. Back online, the session is checked again by itself (a device whose session cookie still
 * holds goes straight in); "Try again" asks at once.
 */
export function OfflineSignIn() {
  const { t } = useTranslation('auth');
  const [checking, setChecking] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);
  const tryAgain = async () => {
    setChecking(true);
    setStillOffline(false);
    await authStore.checkAgain();
    setChecking(false);
    if (authStore.getState().offline) setStillOffline(true);
  };
  return (
    <AuthCard title={t('offline.title')} intro={t('offline.intro')}>
      <title>{t('offline.title')}</title>
      <div className="space-y-4">
        <Button pending={checking} onClick={() => void tryAgain()}>
          {t('offline.retry')}
        </Button>
        <p role="status" className="text-sm text-muted">
          {stillOffline ? t('offline.still') : ''}
        </p>
      </div>
    </AuthCard>
  );
}
