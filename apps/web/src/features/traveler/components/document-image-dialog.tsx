import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentImage } from '../api/get-document-image';

/**
 * The image at full size, fetched when the dialog opens: the dialog renders it only while open, so
 * one opened again starts loading afresh instead of showing the URL revoked when it closed.
 */
function FullSizeImage({
  pilgrimId,
  docId,
  label,
}: {
  pilgrimId: string;
  docId: string;
  label: string;
}) {
  const { t } = useTranslation();
  const image = useDocumentImage(pilgrimId, docId);
  return (
    <div className="mt-4 flex min-h-40 items-center justify-center rounded-lg border border-line bg-white">
      {image.status === 'ready' && (
        <img
          src={image.url}
          alt={t('documentImage.full', { label })}
          className="max-h-[70dvh] w-full object-contain"
        />
      )}
      {image.status === 'loading' && (
        <Spinner className="size-8 text-primary" label={t('documentImage.loading')} />
      )}
      {image.status === 'failed' && (
        <p role="alert" className="p-4 text-center text-muted">
          {t('documentImage.failed')}
        </p>
      )}
    </div>
  );
}

/**
 * A stored document image at full size, to check it against the typed data (the thumbnails show
 * the server's smaller preview). Escape, the backdrop or Close shut it.
 */
export function DocumentImageDialog({
  open,
  onClose,
  pilgrimId,
  docId,
  label,
}: {
  open: boolean;
  onClose: () => void;
  pilgrimId: string;
  docId: string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={label} wide>
      <FullSizeImage pilgrimId={pilgrimId} docId={docId} label={label} />
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('dialog.close')}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * A thumbnail (a preview's blob URL) as a button that opens the image at full size in a dialog.
 */
export function EnlargeableThumbnail({
  url,
  label,
  pilgrimId,
  docId,
}: {
  url: string;
  label: string;
  pilgrimId: string;
  docId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('documentImage.enlarge', { label })}
        className="size-full cursor-zoom-in focus-visible:outline-offset-[-3px]"
      >
        <img src={url} alt="" className="size-full object-contain" />
      </button>
      <DocumentImageDialog
        open={open}
        onClose={() => setOpen(false)}
        pilgrimId={pilgrimId}
        docId={docId}
        label={label}
      />
    </>
  );
}
