import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanResult } from '@hospes/shared/mrz';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { ImageReadError, scanImages } from '@/lib/image';
import { canvasToJpeg, frameCanvas, useCamera, type CameraState } from '../use-camera';

export interface DocumentScan {
  result: ScanResult;
  /**
   * The photo that was read, reduced as the form's own photo field reduces one (a JPEG data URL
   * of at most 1600 px), to keep as the document's front image.
   */
  image: string | null;
}

/**
 * Why the camera is off, with what to do instead: a photo or typing for a document (`document`),
 * typing the confirmation code for a QR code (`qr`, which has no photo option).
 */
export function CameraProblem({
  state,
  mode = 'document',
}: {
  state: CameraState;
  mode?: 'document' | 'qr';
}) {
  const { t } = useTranslation('checkin');
  const qr = mode === 'qr';
  if (state === 'denied')
    return <FormAlert tone="info">{t(qr ? 'qr.cameraDenied' : 'scan.cameraDenied')}</FormAlert>;
  if (state === 'unavailable' || state === 'error')
    return (
      <FormAlert tone="info">{t(qr ? 'qr.cameraUnavailable' : 'scan.cameraUnavailable')}</FormAlert>
    );
  return null;
}

/**
 * Scanning an identity document: the rear camera with a frame guide and a Capture button, or a
 * photo from the device; the picture, reduced to what the reader needs, goes to `scan` (the OCR
 * call) and the read fields to `onResult`. Manual entry stays one tap away, camera or not.
 */
export function DocumentScanner({
  scan,
  onResult,
  onManual,
  autoStart = true,
}: {
  scan: (image: Blob) => Promise<ScanResult>;
  onResult: (scan: DocumentScan) => void;
  onManual: () => void;
  autoStart?: boolean;
}) {
  const { t } = useTranslation('checkin');
  const { videoRef, state, start, stop } = useCamera();
  const [status, setStatus] = useState<'idle' | 'processing' | 'processed'>('idle');
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (autoStart) void start();
  }, [autoStart, start]);

  const process = async (blob: Blob) => {
    setError(null);
    setStatus('processing');
    // A phone photo (3–5 MB) never leaves the device as it is: the reader gets a copy of at most
    // 2400 px, the form keeps one of 1600 px. A photo the browser cannot read is not sent.
    let images: { scan: Blob; front: string };
    try {
      images = await scanImages(blob);
    } catch (failure) {
      setStatus('idle');
      const heic = failure instanceof ImageReadError && failure.reason === 'heic';
      setError(t(heic ? 'HEIC_NOT_SUPPORTED' : 'IMAGE_UNREADABLE', { ns: 'errors' }));
      return;
    }
    try {
      const result = await scan(images.scan);
      setStatus('processed');
      stop();
      onResult({ result, image: images.front });
    } catch (failure) {
      setStatus('idle');
      setError(errorText(failure, t('scan.retry')));
    }
  };

  const capture = async () => {
    const video = videoRef.current;
    const frame = video ? frameCanvas(video) : null;
    if (!frame) return;
    const blob = await canvasToJpeg(frame.canvas);
    if (blob) await process(blob);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void process(file);
  };

  const busy = status === 'processing';
  const live = state === 'live' || state === 'starting';

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{t('scan.intro')}</p>
      <CameraProblem state={state} />
      <div
        className={
          live ? 'relative mx-auto w-full max-w-xl overflow-hidden rounded-xl bg-black' : 'hidden'
        }
      >
        <video
          ref={videoRef}
          aria-label={t('scan.videoLabel')}
          playsInline
          muted
          autoPlay
          className="block aspect-video w-full object-cover"
        />
        {/* The frame guide: the MRZ lines go in the lower band. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-[6%] rounded-lg border-2 border-white/80"
        >
          <div className="absolute inset-x-[4%] bottom-[6%] flex h-[26%] items-center justify-center rounded border-2 border-dashed border-yellow-300 bg-black/20">
            <span className="px-2 text-center text-xs font-semibold text-white">
              {t('scan.frameGuide')}
            </span>
          </div>
        </div>
      </div>
      <div role="status" aria-live="polite" className="min-h-6 text-sm font-medium text-fg">
        {busy ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="size-4 text-primary" />
            {t('scan.processing')}
          </span>
        ) : status === 'processed' ? (
          t('scan.processed')
        ) : state === 'starting' ? (
          t('scan.cameraStarting')
        ) : null}
      </div>
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {state === 'live' ? (
          <Button onClick={() => void capture()} pending={busy}>
            {t('scan.capture')}
          </Button>
        ) : (
          state !== 'denied' &&
          state !== 'unavailable' &&
          state !== 'starting' && (
            <Button onClick={() => void start()} disabled={busy}>
              {t('scan.startCamera')}
            </Button>
          )
        )}
        <Button variant="secondary" onClick={() => fileRef.current?.click()} disabled={busy}>
          {t('scan.photo')}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="scan-photo-input"
          onChange={onFile}
        />
        <Button variant="ghost" onClick={onManual}>
          {t('scan.manual')}
        </Button>
      </div>
    </div>
  );
}
