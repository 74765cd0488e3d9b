import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      aria-label={label}
      className={cn(
        'inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
}

/** The full-screen wait of spec §2 while the authentication state is not known yet. */
export function FullScreenSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[60vh] flex-1 items-center justify-center p-8"
    >
      <Spinner className="size-10 text-primary" />
      <span className="sr-only">{label ?? t('loading')}</span>
    </div>
  );
}
