import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { STORAGE_KEYS } from '@/config/constants';
import { paths } from '@/config/paths';
import { local } from '@/lib/storage';

/** Cookie-consent notice; the answer is kept in localStorage as "true" or "false" (spec §4). */
export function CookieConsent() {
  const { t } = useTranslation();
  // Not in the prerendered landing (decision 073): whoever answered would see it until the app came.
  const [answered, setAnswered] = useState(
    () => typeof window === 'undefined' || local.get(STORAGE_KEYS.cookieConsent) !== null,
  );
  if (answered) return null;

  const answer = (accepted: boolean) => {
    local.set(STORAGE_KEYS.cookieConsent, String(accepted));
    setAnswered(true);
  };

  return (
    <section aria-label={t('cookies.label')} className="border-b border-line bg-info-soft">
      {/* One short band above the page, on a phone too (decision 064): the text beside its two
        buttons, so the first screen keeps the page's own content. */}
      <div className="mx-auto flex max-w-7xl flex-row items-center gap-2 px-3 py-1.5 sm:gap-3 sm:px-4 sm:py-3">
        <div className="min-w-0 flex-1 text-xs text-fg sm:text-sm">
          {/* Three lines at most on a phone; the whole text in the cookie policy, a tap away. */}
          <p className="line-clamp-3 sm:line-clamp-none">{t('cookies.text')}</p>
          <Link to={paths.cookies} className="underline sm:hidden">
            {t('footer.links.cookies')}
          </Link>
        </div>
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
