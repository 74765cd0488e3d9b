import { useTranslation } from 'react-i18next';
import type { DocumentUpload } from '@hospes/shared/travelers';
import { Spinner } from '@/components/ui/spinner';
import { EnlargeableThumbnail } from './document-image-dialog';
import { useDocumentImage } from '../api/get-document-image';

function FileIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-14 text-muted"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h6" />
    </svg>
  );
}

function Thumbnail({ pilgrimId, upload }: { pilgrimId: string; upload: DocumentUpload }) {
  const { t } = useTranslation('admin');
  const isImage = upload.mimeType.startsWith('image/');
  const image = useDocumentImage(pilgrimId, upload.id, isImage, 'preview');
  return (
    <li>
      <figure className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface-muted">
        <div className="flex aspect-[4/3] items-center justify-center bg-surface p-2">
          {!isImage && <FileIcon />}
          {isImage && image.status === 'loading' && (
            <span role="status" className="flex items-center gap-2 text-muted">
              <Spinner /> <span className="sr-only">{t('loading')}</span>
            </span>
          )}
          {isImage && image.status === 'failed' && (
            <span className="px-2 text-center text-sm text-muted">{t('pilgrim.imageFailed')}</span>
          )}
          {image.status === 'ready' && (
            <EnlargeableThumbnail
              url={image.url}
              label={t(`pilgrim.kinds.${upload.kind}`)}
              pilgrimId={pilgrimId}
              docId={upload.id}
            />
          )}
        </div>
        <figcaption className="border-t border-line px-3 py-2 text-sm">
          <span className="block font-semibold text-fg">{t(`pilgrim.kinds.${upload.kind}`)}</span>
          <span className="block break-all text-muted">{upload.originalName}</span>
        </figcaption>
      </figure>
    </li>
  );
}

/**
 * The traveler's uploaded documents as thumbnails, one to three a row by width (spec §2), with
 * the original file name; anything that is not an image shows a generic file icon.
 */
export function DocumentThumbnails({
  pilgrimId,
  uploads,
}: {
  pilgrimId: string;
  uploads: DocumentUpload[];
}) {
  const { t } = useTranslation('admin');
  return (
    <section
      aria-labelledby="pilgrim-documents"
      className="rounded-2xl border border-line bg-surface p-5"
    >
      <h2 id="pilgrim-documents" className="text-lg font-semibold text-fg">
        {t('pilgrim.documents')}
      </h2>
      {uploads.length === 0 ? (
        <p className="mt-3 text-muted">{t('pilgrim.noDocuments')}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {uploads.map((upload) => (
            <Thumbnail key={upload.id} pilgrimId={pilgrimId} upload={upload} />
          ))}
        </ul>
      )}
    </section>
  );
}
