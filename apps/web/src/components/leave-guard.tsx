import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ui/dialog';

/**
 * Asks before a page holding unsaved input is left, while `when` is true: a navigation inside the
 * app to another address (a menu link, the browser's back button) waits for "Leave this page?",
 * focused on Stay; a reload or closing the tab gets the browser's own question (beforeunload).
 * Render one at a time (a router takes one blocker), inside a data router.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  // Nothing left to lose (saved meanwhile): the question goes away, the page stays.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.reset();
  }, [blocker, when]);

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('leavePage.title')}
      description={<p>{t('leavePage.text')}</p>}
      cancelLabel={t('leavePage.stay')}
      confirmLabel={t('leavePage.leave')}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
