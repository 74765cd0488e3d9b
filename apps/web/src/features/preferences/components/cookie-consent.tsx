import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { STORAGE_KEYS } from '@/config/constants';
import { local } from '@/lib/storage';

/** Cookie-consent notice; the answer is kept in localStorage as "true" or "false" (spec §4). */
export function CookieConsent() {
  const { t } = useTranslation();
  const [answered, setAnswered] = useState(() => local.get(STORAGE_KEYS.cookieConsent) !== null);
  if (answered) return null;

  const answer = (accepted: boolean) => {
    local.set(STORAGE_KEYS.cookieConsent, String(accepted));
    setAnswered(true);
  };

  return (
    <section aria-label={t('cookies.label')} className="border-b border-line bg-info-soft">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm text-fg">{t('cookies.text')}</p>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" variant="secondary" onClick={() => answer(false)}>
            {t('cookies.decline')}
          </Button>
          <Button size="sm" onClick={() => answer(true)}>
            {t('cookies.accept')}
          </Button>
        </div>
      </div>
    </section>
  );
}
