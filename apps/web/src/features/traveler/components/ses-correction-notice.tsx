import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { useCorrectSes } from '../api/ses-communications';

/**
 * "Already reported: send the correction?" after a save that changed what the Ministry holds
 * (decision 045): the correction cancels the stored communication and sends the stay again.
 */
export function SesCorrectionNotice({
  pilgrimId,
  kind,
  onDone,
}: {
  pilgrimId: string;
  kind: 'PV' | 'RH';
  onDone: () => void;
}) {
  const { t } = useTranslation('clients');
  const correct = useCorrectSes();
  return (
    <div role="status" className="flex flex-col gap-2">
      <p className="text-fg">{t('sesCorrection.notice')}</p>
      {correct.isError && (
        <p role="alert" className="text-danger">
          {errorText(correct.error, t('sesCorrection.failed'))}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          pending={correct.isPending}
          onClick={() =>
            correct.mutate(
              { pilgrimId, kind },
              {
                onSuccess: (answer) => {
                  onDone();
                  // The corrected parte goes once the cancellation is processed (decision 048).
                  if (answer.alta || answer.state === 'waiting')
                    toast.success(t('sesCorrection.sent'));
                  else toast.error(t('sesCorrection.cancelOnly'));
                },
              },
            )
          }
        >
          {t('sesCorrection.send')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          {t('sesCorrection.later')}
        </Button>
      </div>
    </div>
  );
}
