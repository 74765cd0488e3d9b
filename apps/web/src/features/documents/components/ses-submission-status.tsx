import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SesAuthority, SesSubmission } from '@hospes/shared/ses';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { WarningIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { links } from '@/config/paths';

/**
 * The i18next context of texts that name the service: the Ertzaintza's variant (decision 061), or
 * none for SES.HOSPEDAJES (the Ministry).
 */
export function authorityContext(authority: SesAuthority | undefined): 'ertzaintza' | undefined {
  return authority === 'ertzaintza' ? 'ertzaintza' : undefined;
}

/** Why a request got no answer, in words (the server's `failure`), naming the service asked. */
export function sesFailureText(
  t: TFunction,
  failure: string | null,
  authority?: SesAuthority,
): string {
  const context = authorityContext(authority);
  switch (failure) {
    case 'unauthorized':
      return t('send.failure.unauthorized');
    case 'tls':
      return t('send.failure.tls', { context });
    case 'timeout':
      return t('send.failure.timeout', { context });
    case 'network':
      return t('send.failure.network', { context });
    default:
      return t('send.failure.other');
  }
}

/** The headline of a request: where it stands, in a sentence. */
function headline(
  t: TFunction,
  s: SesSubmission,
): { tone: 'success' | 'info' | 'error'; text: string } {
  const count = s.counts.travelers;
  // The Ertzaintza's answers say so, not "the Ministry" (decision 061).
  const context = authorityContext(s.authority);
  switch (s.state) {
    case 'sending':
    case 'queued':
      return { tone: 'info', text: t('send.queued', { count, lote: s.lote ?? '' }) };
    case 'processed':
      return s.counts.rejected === 0
        ? { tone: 'success', text: t('send.stored', { count: s.counts.stored, context }) }
        : {
            tone: 'error',
            text: t('send.someRejected', { stored: s.counts.stored, rejected: s.counts.rejected }),
          };
    case 'refused': {
      if (s.failure === 'unauthorized')
        return { tone: 'error', text: t('send.unauthorized', { context }) };
      const text = s.responseText ?? s.loteStateText ?? '';
      // The request's own code, else the lote's state (2, 3) that refused it; a fault has none.
      const code = s.responseCode ?? s.loteState;
      return {
        tone: 'error',
        text:
          code === null
            ? t('send.refusedWithoutCode', { text, context })
            : t('send.refused', { text, code, context }),
      };
    }
    case 'failed':
      return {
        tone: 'error',
        text: t('send.failed', { reason: sesFailureText(t, s.failure, s.authority), context }),
      };
    case 'uncertain':
      return { tone: 'error', text: t('send.uncertain', { context }) };
  }
}

/**
 * What became of a request sent to SES.HOSPEDAJES: a sentence for the whole request, the travelers
 * left out because they were already sent, and each traveler the Ministry rejected (with its
 * error and a link to fix the record). While the Ministry processes it, a spinner and "Check now".
 */
export function SesSubmissionStatus({
  submission,
  onCheck,
  checking = false,
}: {
  submission: SesSubmission;
  onCheck?: () => void;
  checking?: boolean;
}) {
  const { t } = useTranslation('documents');
  const { tone, text } = headline(t, submission);
  const waiting = submission.state === 'queued' || submission.state === 'sending';
  const rejected = (submission.travelers ?? []).filter((p) => p.outcome === 'rejected');
  return (
    <div className="mt-4 space-y-3">
      <FormAlert tone={tone}>
        <p className="flex items-start gap-2 break-words">
          {waiting && <Spinner className="mt-0.5 size-5 shrink-0 text-primary" />}
          <span>{text}</span>
        </p>
        {submission.environment === 'test' && (
          <p className="mt-1 text-sm">{t('send.testEnvironment')}</p>
        )}
        {!!submission.skipped && (
          <p className="mt-1 text-sm">{t('send.skipped', { count: submission.skipped })}</p>
        )}
        {waiting && onCheck && (
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            pending={checking}
            onClick={onCheck}
          >
            {t('send.checkNow')}
          </Button>
        )}
      </FormAlert>
      {rejected.length > 0 && submission.state === 'processed' && (
        <ul className="space-y-2">
          {rejected.map((p) => (
            <li key={p.pilgrimId} className="rounded-lg border border-danger p-3">
              <p className="flex items-center gap-2 font-semibold break-words text-fg">
                <WarningIcon />
                {p.name}
              </p>
              {p.error && <p className="mt-1 text-sm break-words text-fg">{p.error}</p>}
              <TextLink to={links.clientEdit(p.pilgrimId)}>
                {t('xml.fix')}
                <span className="sr-only"> {p.name}</span>
              </TextLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
