import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * What a render crash shows (spec §2): the message, a refresh action and a home action. Plain
 * anchors, not router links: this screen also renders outside the router. `loadFailed`: a part of
 * the app did not load (a poor connection, a new version whose files have other names), said in
 * plain words without the browser's message, with a reload to try again.
 */
export function ErrorScreen({
  message,
  loadFailed = false,
}: {
  message?: string;
  loadFailed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-start justify-center gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold text-fg">
        {t(loadFailed ? 'error.loadTitle' : 'error.title')}
      </h1>
      <p className="text-fg">{t(loadFailed ? 'error.loadText' : 'error.text')}</p>
      {message && !loadFailed && (
        <p className="w-full rounded-lg bg-surface-muted px-4 py-3 font-mono text-sm break-words text-fg">
          {t('error.message', { message })}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>
          {t(loadFailed ? 'error.retry' : 'error.refresh')}
        </Button>
        <a href={paths.home} className={buttonClasses('secondary')}>
          {t('error.home')}
        </a>
      </div>
    </div>
  );
}
