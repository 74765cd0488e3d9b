import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { ReservationReport } from '@hospes/shared/reservation-report';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Modal } from '@/components/ui/dialog';
import { errorText } from '@/lib/error-text';
import { useSendReservationReport } from '../api/reservation-reports';

const tones: Partial<Record<ReservationReport['state'], string>> = {
  accepted: 'text-success',
  cancelled: 'text-muted',
  none: 'text-muted',
  refused: 'text-danger',
  unreportable: 'text-danger',
  uncertain: 'text-danger',
};

/**
 * Where a reservation's report (RH) to SES.HOSPEDAJES stands (decision 071): its state, why it
 * cannot be reported, the Ministry's error or the code it was stored under, and the send of what
 * it calls for (to roles that send to SES).
 */
export function ReservationReportLine({
  establishmentId,
  holderName,
  report,
  canSend,
}: {
  establishmentId: string;
  holderName: string;
  report: ReservationReport;
  canSend: boolean;
}) {
  const { t } = useTranslation('reservations');
  const send = useSendReservationReport(establishmentId);
  // An unanswered one may have been stored: sent again only once the user says it was not.
  const [confirming, setConfirming] = useState(false);
  const sendNow = () =>
    send.mutate(report.reservationId, {
      onSuccess: () => toast.success(t('report.sent')),
      onError: (error) => toast.error(errorText(error, t('report.failed'))),
      onSettled: () => setConfirming(false),
    });
  return (
    <div className="mt-2 space-y-1 text-sm" data-testid="reservation-report">
      <p>
        <span className="text-muted">{t('report.label')} </span>
        <span className={cn('font-semibold', tones[report.state] ?? 'text-fg')}>
          {t(`report.state.${report.state}`)}
        </span>
        {report.state === 'accepted' && report.communicationCode && (
          <span className="text-muted">
            {' '}
            · {t('report.code', { code: report.communicationCode })}
          </span>
        )}
      </p>
      {report.problems.length > 0 && (
        <div role="note" className="text-danger">
          <p>{t('report.cannot')}</p>
          <ul className="list-inside list-disc">
            {report.problems.map((p) => (
              <li key={p}>{t(`report.problem.${p}`)}</li>
            ))}
          </ul>
        </div>
      )}
      {report.error && (
        <p role="note" className="break-words text-danger">
          {t('report.error', { error: report.error })}
        </p>
      )}
      {canSend && report.action && (
        <Button
          size="sm"
          variant="secondary"
          disabled={send.isPending}
          onClick={() => (report.state === 'uncertain' ? setConfirming(true) : sendNow())}
        >
          {t(
            report.action === 'cancel'
              ? report.state === 'correction_pending'
                ? 'report.sendCorrection'
                : 'report.sendCancel'
              : report.state === 'refused' || report.state === 'uncertain'
                ? 'report.sendAgain'
                : 'report.send',
          )}
          <span className="sr-only">: {holderName}</span>
        </Button>
      )}
      {confirming && (
        <Modal
          open
          role="alertdialog"
          onClose={() => setConfirming(false)}
          busy={send.isPending}
          title={t('report.confirmTitle')}
          description={t('report.confirmText')}
        >
          <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('form.cancel')}
            </Button>
            <Button pending={send.isPending} onClick={sendNow}>
              {t('report.sendAgain')}
            </Button>
          </div>
        </Modal>
      )}
    </div>
  );
}
