import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * A new secret, shown once: read-only, selectable, with a copy button; it goes when the owner
 * says it is saved (the server never shows it again).
 */
export function SecretOnce({
  secret,
  url,
  onDone,
}: {
  secret: string;
  url: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t('secret.copied'));
    } catch {
      toast.error(t('secret.copyFailed'));
    }
  };
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="webhook-secret-title"
      className="space-y-2 rounded-xl border-2 border-primary bg-surface p-4 focus:outline-none"
    >
      <h2 id="webhook-secret-title" className="text-lg font-bold text-fg">
        {t('secret.title')}
      </h2>
      <p className="break-all text-sm text-muted">{url}</p>
      <p className="text-sm text-fg">{t('secret.once')}</p>
      <label htmlFor="webhook-secret" className="sr-only">
        {t('secret.label')}
      </label>
      <input
        id="webhook-secret"
        readOnly
        value={secret}
        onFocus={(e) => e.currentTarget.select()}
        className="block min-h-11 w-full rounded-lg border border-control bg-surface-muted px-3 py-2 font-mono text-sm text-fg"
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('secret.copy')}
        </Button>
        <Button onClick={onDone}>{t('secret.saved')}</Button>
      </div>
    </section>
  );
}
