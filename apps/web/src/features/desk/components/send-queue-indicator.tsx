import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { WarningIcon } from '@/components/ui/icons';
import { textLinkClasses } from '@/components/ui/text-link';
import { links } from '@/config/paths';
import { useUnsavedInput } from '@/lib/unsaved-input';
import {
  holdSavedNotices,
  retryNow,
  sendQueue,
  unsavedRegistrations,
  useQueueKept,
  useSendQueue,
  type QueuedRegistration,
} from '../send-queue';

/** The registrations that would be lost by leaving the app (the logout question counts them). */
export function useUnsavedRegistrations(): number {
  return unsavedRegistrations(useSendQueue());
}

/**
 * While registrations wait in the send queue, they are unsaved input: a session that ends
 * meanwhile is renewed in place with the login dialog (lib/unsaved-input.ts) instead of signing
 * out, which would drop them. Closing or reloading the tab asks first unless they are all kept in
 * the browser's storage (decision 059), where a reload finds them again. Mount once, at the app's
 * root.
 */
export function SendQueueGuard() {
  const waiting = useUnsavedRegistrations() > 0;
  const kept = useQueueKept();
  useUnsavedInput(waiting);
  useEffect(() => {
    if (!waiting || kept) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [waiting, kept]);
  return null;
}

function subscribeToConnection(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a connection, kept up to date. */
function useOnline(): boolean {
  const read = () => navigator.onLine !== false;
  return useSyncExternalStore(subscribeToConnection, read, () => true);
}

const isActive = (entry: QueuedRegistration) =>
  entry.status === 'waiting' || entry.status === 'sending' || entry.status === 'paused';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "Saved: <name> (<report number>)", the number the record and its PDF carry. */
function savedText(entry: QueuedRegistration, t: Translate): string {
  const reportNumber = entry.pilgrim?.reportNumber;
  return reportNumber
    ? t('sendQueue.saved', { name: entry.name, reportNumber })
    : t('sendQueue.savedUnnumbered', { name: entry.name });
}

/**
 * What changed for a screen reader between two states of the queue: a registration saved (with
 * its report number), one that needs attention, or how many are being sent.
 */
function news(
  before: readonly QueuedRegistration[],
  after: readonly QueuedRegistration[],
  t: Translate,
): string | null {
  const was = new Map(before.map((entry) => [entry.id, entry.status]));
  const lines: string[] = [];
  for (const entry of after) {
    const previous = was.get(entry.id);
    if (entry.status === previous) continue;
    if (entry.status === 'saved') {
      lines.push(savedText(entry, t));
    } else if (entry.status === 'attention') {
      lines.push(t('sendQueue.attention', { name: entry.name }));
    }
  }
  const active = after.filter(isActive).length;
  if (active !== before.filter(isActive).length && active > 0) {
    lines.push(t('sendQueue.sending', { count: active }));
  }
  return lines.length > 0 ? lines.join(' ') : null;
}

/**
 * The desk's send queue in the header (decision 032), while it holds anything: how many
 * registrations are being sent (with "Retry now" while one waits for a pause after a failure),
 * each one that needs attention (a link to its form), and each one just saved (a link to its
 * record). A polite live region, there from the start, says what changes.
 */
export function SendQueueIndicator() {
  const { t } = useTranslation();
  const entries = useSendQueue();
  const online = useOnline();
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(entries);
  const announcedAtMount = useRef(false);

  useEffect(() => {
    // Mounted after the queue changed (it loads once the user is known, decision 067, while a
    // registration may already need attention): what it holds is said once, into the live region
    // that the first render put there empty, so that a screen reader hears it.
    let atMount: ReturnType<typeof setTimeout> | undefined;
    if (!announcedAtMount.current) {
      const said = news([], sendQueue.getState(), t);
      previous.current = sendQueue.getState();
      // A moment after the empty region was committed: a change to it is what is announced.
      atMount = setTimeout(() => {
        announcedAtMount.current = true;
        if (said) setAnnouncement(said);
      }, 0);
    }
    const unsubscribe = sendQueue.subscribe(() => {
      const next = sendQueue.getState();
      const said = news(previous.current, next, t);
      previous.current = next;
      if (said) setAnnouncement(said);
    });
    return () => {
      clearTimeout(atMount);
      unsubscribe();
    };
  }, [t]);
  // A saved notice stays while the hospitalero is on it (focus or pointer): no link vanishes
  // under the finger.
  useEffect(() => () => holdSavedNotices(false), []);

  const active = entries.filter(isActive);
  const paused = active.find((entry) => entry.status === 'paused');
  const attention = entries.filter((entry) => entry.status === 'attention');
  const saved = entries.filter((entry) => entry.status === 'saved');

  return (
    <>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {entries.length > 0 && (
        <section
          aria-label={t('sendQueue.label')}
          className="border-t border-line bg-info-soft"
          onFocus={() => holdSavedNotices(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
              holdSavedNotices(false);
            }
          }}
          onPointerEnter={() => holdSavedNotices(true)}
          onPointerLeave={() => holdSavedNotices(false)}
        >
          <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-3 py-2 text-sm text-fg nav:px-6">
            {active.length > 0 && !online && (
              // Without a connection nothing is sent: what waits is kept on the device
              // (decision 059) and goes when the connection returns.
              <li className="font-semibold">{t('sendQueue.offline', { count: active.length })}</li>
            )}
            {active.length > 0 && online && (
              <li className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Spinner className="size-4 text-primary" />
                <span className="font-semibold">
                  {t('sendQueue.sending', { count: active.length })}
                </span>
                {paused && <span>{t('sendQueue.noAnswer')}</span>}
                {paused && (
                  <Button size="sm" variant="secondary" onClick={() => retryNow(paused.id)}>
                    {t('sendQueue.retryNow')}
                  </Button>
                )}
              </li>
            )}
            {attention.map((entry) => (
              <li key={entry.id}>
                {/* Not the link colour: a refused registration must not look like a saved one. */}
                <Link
                  to={links.queuedRegistration(entry.id)}
                  className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-danger underline underline-offset-2 hover:no-underline"
                >
                  <WarningIcon />
                  {t('sendQueue.attention', { name: entry.name })}
                </Link>
              </li>
            ))}
            {saved.map((entry) => (
              <li key={entry.id}>
                <Link
                  to={links.clientView(entry.pilgrim?.id ?? '')}
                  className={cn(textLinkClasses, 'inline-flex min-h-11 items-center')}
                >
                  {savedText(entry, t)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
