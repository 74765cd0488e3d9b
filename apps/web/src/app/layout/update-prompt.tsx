import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { appUpdate } from '@/lib/app-update';

/**
 * "A new version is available" (decision 059): the service worker installed it in the background;
 * it takes over only when the user chooses "Update", never in the middle of what they type.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { waiting } = useSyncExternalStore(
    appUpdate.subscribe,
    appUpdate.getState,
    appUpdate.getState,
  );
  if (!waiting) return null;
  return (
    <section aria-label={t('appUpdate.text')} className="border-t border-line bg-info-soft">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 text-sm text-fg nav:px-6">
        <p role="status" className="font-semibold">
          {t('appUpdate.text')}
        </p>
        <Button size="sm" onClick={() => void appUpdate.apply()}>
          {t('appUpdate.apply')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => appUpdate.dismiss()}>
          {t('appUpdate.later')}
        </Button>
      </div>
    </section>
  );
}
