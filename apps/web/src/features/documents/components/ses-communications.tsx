import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { SesTravelerCommunication } from '@hospes/shared/ses';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import {
  useCancelSesCommunication,
  useCorrectSes,
} from '@/features/traveler/api/ses-communications';
import { useCan } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { cn } from '@/components/ui/cn';
import { WarningIcon } from '@/components/ui/icons';
import { formatDateTime } from '@/lib/format-date-time';
import { useCheckSesSubmission, useSesCommunications } from '../api/ses-send';
import { authorityContext, sesFailureText } from './ses-submission-status';

function Line({
  item,
  lng,
  pilgrimId,
  maySend,
}: {
  item: SesTravelerCommunication;
  lng: string;
  pilgrimId: string;
  /** Whether the role may send to the authorities: correct, cancel, check a lote. */
  maySend: boolean;
}) {
  const { t } = useTranslation('documents');
  const check = useCheckSesSubmission();
  const date = formatDateTime(item.processedAt ?? item.createdAt, lng);
  const code = item.communicationCode ?? '';
  // The Ertzaintza's answers name it (decision 061); its service cancels and corrects nothing.
  const context = authorityContext(item.authority);
  const a19 = item.authority === 'ertzaintza';
  // A cancellation (operation B, decision 045): of which code, and what became of it.
  const text =
    item.operation === 'B'
      ? item.outcome === 'cancelled'
        ? t('communications.cancellation.done', { date, code })
        : item.outcome === 'rejected'
          ? t('communications.cancellation.rejected', {
              date,
              code,
              error:
                item.error ??
                (item.state === 'refused' ? item.responseText : null) ??
                sesFailureText(t, item.failure),
            })
          : t(`communications.cancellation.${item.outcome}`, { date, code })
      : item.outcome === 'stored'
        ? t('communications.stored', { date, code: item.communicationCode ?? '', context })
        : item.outcome === 'rejected'
          ? t('communications.rejected', {
              date,
              error:
                item.error ?? item.responseText ?? sesFailureText(t, item.failure, item.authority),
            })
          : t(`communications.${item.outcome}`, { date, context });
  // A correction's cancellation: its new alta waits for the Ministry, or did not go (decision 048).
  const correction =
    item.operation === 'B' && item.correctionState && item.correctionState !== 'sent'
      ? t(`communications.correctionState.${item.correctionState}`, {
          error: item.correctionError ?? '',
        })
      : null;
  const bad =
    item.outcome === 'rejected' || item.outcome === 'unknown' || item.correctionState === 'failed';
  const cancelled = item.operation !== 'B' && item.cancellation ? item.cancellation : null;
  return (
    <li className="flex items-start gap-2 py-1 break-words">
      {bad && <WarningIcon className="mt-1 size-4 shrink-0 text-danger" />}
      <span className={cn('text-fg', bad && 'font-semibold')}>
        <span className="text-muted">
          {item.correctionId && `${t('communications.correction')} · `}
          {t(item.kind === 'PV' ? 'communications.kindPV' : 'communications.kindRH')}
          {item.environment === 'test' && ` (${t('communications.test')})`}:{' '}
        </span>
        {text}
        {cancelled && ` · ${t(`communications.cancelled.${cancelled}`)}`}
        {correction && ` · ${correction}`}
        {a19 && item.outcome === 'stored' && ` · ${t('communications.a19PortalOnly')}`}
        {maySend &&
          !a19 &&
          item.operation !== 'B' &&
          item.outcome === 'stored' &&
          !item.cancellation &&
          item.establishmentId &&
          item.communicationCode && (
            <>
              <CorrectButton pilgrimId={pilgrimId} kind={item.kind} code={item.communicationCode} />
              <CancelButton establishmentId={item.establishmentId} code={item.communicationCode} />
            </>
          )}
        {maySend && item.state === 'queued' && (
          <Button
            size="sm"
            variant="secondary"
            className="ms-2"
            pending={check.isPending}
            onClick={() => check.mutate(item.submissionId)}
          >
            {t('communications.checkNow')}
          </Button>
        )}
      </span>
    </li>
  );
}

/**
 * "Cancel at the Ministry" for a stored communication (decision 045), after a confirmation: the
 * whole stay's communication is cancelled.
 */
function CancelButton({ establishmentId, code }: { establishmentId: string; code: string }) {
  const { t } = useTranslation('documents');
  const [open, setOpen] = useState(false);
  const cancel = useCancelSesCommunication();
  return (
    <>
      <Button size="sm" variant="secondary" className="ms-2" onClick={() => setOpen(true)}>
        {t('communications.cancel')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('communications.cancelTitle', { code })}
        description={<p>{t('communications.cancelText')}</p>}
        confirmLabel={t('communications.cancelConfirm')}
        pending={cancel.isPending}
        error={cancel.isError ? errorText(cancel.error, t('communications.cancelFailed')) : null}
        onCancel={() => {
          cancel.reset();
          setOpen(false);
        }}
        onConfirm={() =>
          cancel.mutate(
            { establishmentId, code },
            {
              onSuccess: (answer) => {
                setOpen(false);
                if (answer.state === 'queued') toast.success(t('communications.cancelSent'));
                else toast.error(t('communications.cancelNotSent'));
              },
            },
          )
        }
      />
    </>
  );
}

/**
 * "Send the correction" for a stored communication, parte or reserva (decisions 045, 048), after
 * a confirmation: it is cancelled and, once the Ministry has processed that, the stay is sent
 * again with the records as they are then.
 */
function CorrectButton({
  pilgrimId,
  kind,
  code,
}: {
  pilgrimId: string;
  kind: 'PV' | 'RH';
  code: string;
}) {
  const { t } = useTranslation('documents');
  const [open, setOpen] = useState(false);
  const correct = useCorrectSes();
  return (
    <>
      <Button size="sm" variant="secondary" className="ms-2" onClick={() => setOpen(true)}>
        {t('communications.correct')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('communications.correctTitle', { code })}
        description={<p>{t('communications.correctText')}</p>}
        confirmLabel={t('communications.correctConfirm')}
        pending={correct.isPending}
        error={correct.isError ? errorText(correct.error, t('communications.correctFailed')) : null}
        onCancel={() => {
          correct.reset();
          setOpen(false);
        }}
        onConfirm={() =>
          correct.mutate(
            { pilgrimId, kind },
            {
              onSuccess: (answer) => {
                setOpen(false);
                if (answer.alta || answer.state === 'waiting')
                  toast.success(t('communications.correctAsked'));
                else toast.error(t('communications.cancelNotSent'));
              },
            },
          )
        }
      />
    </>
  );
}

/**
 * What Hospes sent of a traveler to SES.HOSPEDAJES (decision 035), newest first: stored with the
 * Ministry's code, rejected with its error, or still on its way. Nothing at all when nothing was
 * sent from Hospes (a file uploaded by hand leaves no trace here).
 */
export function SesCommunications({
  pilgrimId,
  establishmentId,
  className,
}: {
  pilgrimId: string;
  /** The traveler's establishment: its actions are offered to a role that may send there. */
  establishmentId?: string;
  className?: string;
}) {
  // Correcting, cancelling and asking about a lote are sending (ses.send, decision 058).
  const maySend = useCan()('ses.send', establishmentId);
  const { t, i18n } = useTranslation('documents');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const query = useSesCommunications(pilgrimId);
  if (!query.data || query.data.length === 0) return null;
  return (
    <section
      aria-labelledby={`ses-${pilgrimId}`}
      className={cn('rounded-2xl border border-line bg-surface p-4 sm:p-6', className)}
    >
      <h2 id={`ses-${pilgrimId}`} className="text-base font-semibold text-fg">
        {t('communications.title', {
          // Named after the Ertzaintza when all it holds went there (decision 061).
          context: query.data.every((item) => item.authority === 'ertzaintza')
            ? 'ertzaintza'
            : undefined,
        })}
      </h2>
      <ul className="mt-2">
        {query.data.map((item) => (
          <Line
            key={item.submissionId}
            item={item}
            lng={lng}
            pilgrimId={pilgrimId}
            maySend={maySend}
          />
        ))}
      </ul>
    </section>
  );
}
