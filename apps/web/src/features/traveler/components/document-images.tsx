import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentUpload } from '@hospes/shared/travelers';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/lib/messages';
import { useStaticRender } from '@/lib/static-render';
import { EnlargeableThumbnail } from './document-image-dialog';
import { useDocumentImage } from '../api/get-document-image';
import { downscaleToJpeg, ImageReadError } from '@/lib/image';

function FileIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-8 text-muted"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="11" r="2" />
      <path d="M14 10h4M14 14h4M6 16h6" />
    </svg>
  );
}

/** A stored document image, fetched with the session's token; a generic icon when it cannot load. */
export function DocumentThumbnail({
  pilgrimId,
  document,
  alt,
  className,
}: {
  pilgrimId: string;
  document: DocumentUpload;
  alt: string;
  className?: string;
}) {
  const { t } = useTranslation('clients');
  const isImage = document.mimeType.startsWith('image/');
  const { url, status } = useDocumentImage(pilgrimId, document.id, isImage, 'preview');
  const failed = status === 'failed';
  return (
    <figure className={className}>
      <div className="flex aspect-[3/2] items-center justify-center overflow-hidden rounded-lg border border-line bg-white">
        {url && isImage ? (
          <EnlargeableThumbnail url={url} label={alt} pilgrimId={pilgrimId} docId={document.id} />
        ) : failed || !isImage ? (
          <FileIcon />
        ) : (
          <Spinner className="size-6 text-primary" label={t('documents.loading')} />
        )}
      </div>
      <figcaption className="mt-1 text-sm break-all text-muted">
        {alt} · {document.originalName}
      </figcaption>
    </figure>
  );
}

/**
 * A document photo for the form: a file input (camera or gallery on a phone), the picture
 * downscaled to a JPEG of at most 1600 px before it is kept, a preview, and the stored picture
 * (edit) until a new one replaces it.
 */
export function DocumentImageField({
  id: givenId,
  label,
  value,
  onChange,
  error,
  stored,
  pilgrimId,
}: {
  id?: string;
  label: string;
  value: string;
  onChange: (dataUrl: string) => void;
  error?: string | undefined;
  stored?: DocumentUpload | undefined;
  pilgrimId?: string | undefined;
}) {
  const { t } = useTranslation('clients');
  const generated = `img${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const id = givenId ?? generated;
  const inputRef = useRef<HTMLInputElement>(null);
  const staticRender = useStaticRender();
  const [busy, setBusy] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const shownError = readError ?? (error ? translateMessage(t, error) : null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setReadError(null);
    try {
      onChange(await downscaleToJpeg(file));
    } catch (cause) {
      const heic = cause instanceof ImageReadError && cause.reason === 'heic';
      setReadError(t(heic ? 'HEIC_NOT_SUPPORTED' : 'IMAGE_UNREADABLE', { ns: 'errors' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {/* The label beside the preview, over its button (decision 072: a row less on a phone). */}
      <div className="flex items-start gap-3">
        <div className="flex h-16 w-24 shrink-0 items-center sm:h-20 sm:w-28 justify-center overflow-hidden rounded-lg border border-line bg-white">
          {busy ? (
            <Spinner className="size-6 text-primary" label={t('documents.processing')} />
          ) : value ? (
            <img
              src={value}
              alt={t('documents.preview', { label })}
              className="size-full object-contain"
            />
          ) : stored && pilgrimId ? (
            <StoredPreview pilgrimId={pilgrimId} document={stored} alt={label} />
          ) : (
            <FileIcon />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <label id={`${id}-label`} htmlFor={id} className="block text-sm font-semibold text-fg">
            {label}
          </label>
          {/* The browser's own file input is never shown (its "No file chosen" and its
            language are the browser's, decision 064): a button of the app opens it. */}
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/*"
            className="sr-only"
            tabIndex={-1}
            // Rendered on the server (decision 079): a photo chosen before the app's code came
            // would be lost (only the app reads it), so the label does not open the picker yet.
            disabled={staticRender}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${id}-error` : `${id}-hint`}
            onChange={(event) => {
              void onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            id={`${id}-choose`}
            variant="secondary"
            size="sm"
            // Which photo it is: the field's label, said after the button's own name.
            aria-describedby={`${id}-label ${shownError ? `${id}-error` : `${id}-hint`}`}
            onClick={() => inputRef.current?.click()}
          >
            {t(value || stored ? 'documents.replace' : 'documents.choose')}
          </Button>
          <p
            id={`${id}-hint`}
            // The size note is said to assistive technology; on a phone it took three lines.
            className={
              value || stored ? 'text-sm text-muted' : 'sr-only text-sm text-muted sm:not-sr-only'
            }
          >
            {value
              ? t('documents.ready')
              : stored
                ? t('documents.storedHint')
                : t('documents.hint')}
          </p>
          {value && (
            <Button variant="ghost" size="sm" onClick={() => onChange('')}>
              {t('documents.remove', { label })}
            </Button>
          )}
        </div>
      </div>
      {shownError && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {shownError}
        </p>
      )}
    </div>
  );
}

/**
 * The signature a record holds, shown above the pad that would replace it (the record's edit, the
 * review of a self check-in), so that staff see that the traveler signed, and what. On paper white,
 * as the pad and the PDF show it.
 */
export function StoredSignature({
  pilgrimId,
  document,
}: {
  pilgrimId: string;
  document: DocumentUpload;
}) {
  const { t } = useTranslation('clients');
  const captionId = `sig${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <figure aria-labelledby={captionId} className="space-y-1">
      <figcaption id={captionId} className="text-sm font-semibold text-fg">
        {t('signature.current')}
      </figcaption>
      <div className="flex h-28 w-full max-w-md items-center justify-center overflow-hidden rounded-lg border border-line bg-white p-2">
        <StoredPreview
          pilgrimId={pilgrimId}
          document={document}
          alt={t('signature.currentAlt')}
          loading={t('documents.loading')}
        />
      </div>
    </figure>
  );
}

function StoredPreview({
  pilgrimId,
  document,
  alt,
  loading,
}: {
  pilgrimId: string;
  document: DocumentUpload;
  alt: string;
  loading?: string;
}) {
  const { url, status } = useDocumentImage(pilgrimId, document.id, true, 'preview');
  if (url) return <img src={url} alt={alt} className="size-full object-contain" />;
  if (status === 'failed') return <FileIcon />;
  return <Spinner className="size-6 text-primary" label={loading} />;
}
