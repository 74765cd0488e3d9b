import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState = 'idle' | 'starting' | 'live' | 'denied' | 'unavailable' | 'error';

/**
 * The rear camera in a <video>: `start()` asks for it (getUserMedia, facingMode environment),
 * the stream stops on `stop()` and when the component unmounts.
 */
export function useCamera() {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('idle');

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState((current) => (current === 'live' || current === 'starting' ? 'idle' : current));
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      });
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      setState('live');
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      if (name === 'NotAllowedError' || name === 'SecurityError') setState('denied');
      else if (name === 'NotFoundError' || name === 'OverconstrainedError') setState('unavailable');
      else setState('error');
    }
  }, []);

  // Leaving the mode or the page unmounts the component: the camera goes off.
  useEffect(() => stop, [stop]);

  return { videoRef, state, start, stop };
}

/** The current video frame as a canvas (null before the first frame). */
export function frameCanvas(video: HTMLVideoElement, canvas?: HTMLCanvasElement) {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return null;
  const target = canvas ?? document.createElement('canvas');
  target.width = width;
  target.height = height;
  const context = target.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  return { canvas: target, context, width, height };
}

/**
 * A canvas as a JPEG file. A captured frame (up to 1920×1080, quality 0.92) is only a step:
 * the document scanner reduces it before it is sent or kept (lib/image.ts `scanImages`).
 */
export function canvasToJpeg(canvas: HTMLCanvasElement, quality = 0.92): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}
