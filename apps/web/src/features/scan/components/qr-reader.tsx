import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type jsQR from 'jsqr';
import { Button } from '@/components/ui/button';
import { frameCanvas, useCamera } from '../use-camera';
import { CameraProblem } from './document-scanner';

/** How often a video frame is searched for a QR code. */
const SCAN_INTERVAL_MS = 300;

/**
 * Reads a QR code with the rear camera: a frame every 300 ms goes through jsQR; the first text
 * found goes to `onText` (return true to stop looking). The camera stops on unmount. jsQR (about
 * 40 KB compressed) is fetched when the camera starts, not with the page (decision 067).
 */
export function QrReader({ onText }: { onText: (text: string) => boolean }) {
  const { t } = useTranslation('checkin');
  const { videoRef, state, start, stop } = useCamera();
  const [found, setFound] = useState<string | null>(null);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  });

  useEffect(() => {
    void start();
  }, [start]);

  const [decode, setDecode] = useState<typeof jsQR | null>(null);
  useEffect(() => {
    if (state !== 'live' || decode) return;
    let gone = false;
    void import('jsqr').then((module) => {
      if (!gone) setDecode(() => module.default);
    });
    return () => {
      gone = true;
    };
  }, [state, decode]);

  useEffect(() => {
    if (state !== 'live' || !decode) return;
    const canvas = document.createElement('canvas');
    const timer = setInterval(() => {
      const video = videoRef.current;
      const frame = video ? frameCanvas(video, canvas) : null;
      if (!frame) return;
      const pixels = frame.context.getImageData(0, 0, frame.width, frame.height);
      const code = decode(pixels.data, frame.width, frame.height, {
        inversionAttempts: 'dontInvert',
      });
      if (code?.data) {
        setFound(code.data);
        if (onTextRef.current(code.data)) {
          clearInterval(timer);
          stop();
        }
      }
    }, SCAN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [state, stop, videoRef, decode]);

  const live = state === 'live' || state === 'starting';
  return (
    <div className="space-y-3">
      <CameraProblem state={state} mode="qr" />
      <div
        className={
          live ? 'relative mx-auto w-full max-w-sm overflow-hidden rounded-xl bg-black' : 'hidden'
        }
      >
        <video
          ref={videoRef}
          aria-label={t('scan.videoLabel')}
          playsInline
          muted
          autoPlay
          className="block aspect-square w-full object-cover"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-[15%] rounded-lg border-2 border-dashed border-yellow-300"
        />
      </div>
      <div role="status" aria-live="polite" className="min-h-6 text-sm font-medium text-fg">
        {found ? t('qr.found', { code: found }) : state === 'live' ? t('qr.scanning') : null}
      </div>
      {!live && state !== 'denied' && state !== 'unavailable' && (
        <Button variant="secondary" onClick={() => void start()}>
          {t('scan.startCamera')}
        </Button>
      )}
    </div>
  );
}
