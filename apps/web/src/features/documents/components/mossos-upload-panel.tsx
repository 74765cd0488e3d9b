import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOSSOS_PORTAL_URL } from '@hospes/shared/mossos';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { textLinkClasses } from '@/components/ui/text-link';
import { errorText } from '@/lib/error-text';
import { useMarkMossosUploaded, useUndoMossosUploaded, type MossosFile } from '../api/mossos';

/**
 * After the Mossos d'Esquadra's file was downloaded (decision 057): how to upload it on the
 * portal, and the owner's confirmation that it went up, with the portal's receipt PDF if they add
 * it. From then on its travelers count as reported.
 */
export function MossosUploadPanel({
  establishmentId,
  file,
}: {
  establishmentId: string;
  file: MossosFile;
}) {
  const { t } = useTranslation('documents');
  const mark = useMarkMossosUploaded();
  const undo = useUndoMossosUploaded();
  const [receipt, setReceipt] = useState<File | null>(null);
  const receiptId = useId();

  return (
    <section aria-labelledby={`${receiptId}-guide`} className="mt-4">
      <h3 id={`${receiptId}-guide`} className="font-semibold text-fg">
        {t('mossos.guideTitle')}
      </h3>
      <ol className="ms-5 mt-2 list-decimal space-y-1 text-fg">
        <li>
          {t('mossos.guide1')}{' '}
          <a href={MOSSOS_PORTAL_URL} target="_blank" rel="noopener" className={textLinkClasses}>
            {t('mossos.portal')}
          </a>
        </li>
        <li className="break-words">{t('mossos.guide2', { file: file.fileName })}</li>
        <li>{t('mossos.guide3')}</li>
        <li>{t('mossos.guide4')}</li>
      </ol>
      {mark.data && undo.data ? (
        <FormAlert tone="info" className="mt-4">
          {t('mossos.undone', { file: undo.data.reference })}
        </FormAlert>
      ) : mark.data ? (
        <>
          <FormAlert tone="success" className="mt-4">
            {t('mossos.uploaded', { file: mark.data.reference })}
          </FormAlert>
          {undo.error && (
            <FormAlert className="mt-3">
              {errorText(undo.error, t('mossos.confirmFailed'))}
            </FormAlert>
          )}
          {/* Marked by mistake: taken back at once, audited (decision 061). */}
          <div className="mt-3 flex justify-end">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              pending={undo.isPending}
              onClick={() => undo.mutate({ establishmentId, uploadId: file.uploadId })}
            >
              {t('mossos.undo')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <div className="mt-4">
            <label htmlFor={receiptId} className="mb-1 block text-sm font-semibold text-fg">
              {t('mossos.receipt')}
            </label>
            <input
              id={receiptId}
              type="file"
              accept="application/pdf,.pdf"
              disabled={mark.isPending}
              onChange={(event) => {
                setReceipt(event.target.files?.[0] ?? null);
                mark.reset();
              }}
              className="block w-full max-w-full text-sm text-fg file:me-3 file:min-h-11 file:rounded-lg file:border file:border-control file:bg-surface file:px-3 file:font-semibold file:text-fg"
            />
          </div>
          {mark.error && (
            <FormAlert className="mt-3">
              {errorText(mark.error, t('mossos.confirmFailed'))}
            </FormAlert>
          )}
          <div className="mt-4 flex justify-end">
            <Button
              type="button"
              pending={mark.isPending}
              onClick={() => mark.mutate({ establishmentId, uploadId: file.uploadId, receipt })}
            >
              {t('mossos.confirm')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
