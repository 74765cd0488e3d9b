import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { useCorrectSes } from '../api/ses-communications';

/**
 * "Already reported: send the correction?" after a save that changed what the Ministry holds
 * (decision 045): the correction cancels the stored communication and sends the stay again. One
 * button per kind the Ministry holds (the parte, the reserva: decision 048); once each is asked,
 * the notice goes.
 */
export function SesCorrectionNotice({
  pilgrimId,
  kinds,
  onDone,
}: {
  pilgrimId: string;
  kinds: readonly ('PV' | 'RH')[];
  onDone: () => void;
}) {
  const { t } = useTranslation('clients');
  const correct = useCorrectSes();
  const [asked, setAsked] = useState<ReadonlySet<string>>(new Set());
  const left = kinds.filter((kind) => !asked.has(kind));
  return (
    <div role="status" className="flex flex-col gap-2">
      <p className="text-fg">{t('sesCorrection.notice')}</p>
      {correct.isError && (
        <p role="alert" className="text-danger">
          {errorText(correct.error, t('sesCorrection.failed'))}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {left.map((kind) => (
          <Button
            key={kind}
            size="sm"
            pending={correct.isPending && correct.variables?.kind === kind}
            disabled={correct.isPending}
            onClick={() =>
              correct.mutate(
                { pilgrimId, kind },
                {
                  onSuccess: (answer) => {
                    const rest = left.filter((k) => k !== kind);
                    setAsked((before) => new Set([...before, kind]));
                    if (rest.length === 0) onDone();
                    // The corrected parte goes once the cancellation is processed (decision 048).
                    if (answer.alta || answer.state === 'waiting')
                      toast.success(t('sesCorrection.sent'));
                    else toast.error(t('sesCorrection.cancelOnly'));
                  },
                },
              )
            }
          >
            {kinds.length === 1 && kind === 'PV'
              ? t('sesCorrection.send')
              : t(kind === 'PV' ? 'sesCorrection.sendPV' : 'sesCorrection.sendRH')}
          </Button>
        ))}
        <Button size="sm" variant="secondary" onClick={onDone}>
          {t('sesCorrection.later')}
        </Button>
      </div>
    </div>
  );
}

/**
 * After a save that changed what the Ertzaintza holds: its A19 service has no cancellation nor
 * correction (decision 061), so the notice says where to correct it, and offers nothing to send.
 */
export function A19CorrectionNotice({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('clients');
  return (
    <div role="status" className="flex flex-col gap-2">
      <p className="text-fg">{t('sesCorrection.a19Notice')}</p>
      <div>
        <Button size="sm" variant="secondary" onClick={onDone}>
          {t('sesCorrection.understood')}
        </Button>
      </div>
    </div>
  );
}
