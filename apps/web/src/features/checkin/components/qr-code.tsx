import { useEffect, useRef } from 'react';
import QRCode from 'qrcode';

/** A QR code drawn on a canvas (role img with a text alternative). */
export function QrCanvas({
  text,
  label,
  size = 240,
  canvasRef,
  className,
}: {
  text: string;
  label: string;
  size?: number;
  canvasRef?: React.RefObject<HTMLCanvasElement | null>;
  className?: string;
}) {
  const ownRef = useRef<HTMLCanvasElement | null>(null);
  const ref = canvasRef ?? ownRef;
  useEffect(() => {
    if (!ref.current) return;
    void QRCode.toCanvas(ref.current, text, {
      width: size,
      margin: 2,
      errorCorrectionLevel: 'M',
      color: { dark: '#000000', light: '#ffffff' },
    }).catch(() => undefined);
  }, [ref, text, size]);
  return (
    <canvas
      ref={ref}
      role="img"
      aria-label={label}
      data-qr-text={text}
      width={size}
      height={size}
      className={className ?? 'rounded-lg bg-white'}
    />
  );
}
