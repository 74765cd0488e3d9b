import { useEffect, useRef } from 'react';

/**
 * A QR code drawn on a canvas (role img with a text alternative). The encoder (qrcode) is fetched
 * when a code is drawn, not with the page that may show one (decision 067).
 */
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
    const canvas = ref.current;
    if (!canvas) return;
    let gone = false;
    import('qrcode')
      .then(({ default: QRCode }) => {
        if (gone) return;
        return QRCode.toCanvas(canvas, text, {
          width: size,
          margin: 2,
          errorCorrectionLevel: 'M',
          color: { dark: '#000000', light: '#ffffff' },
        });
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
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
