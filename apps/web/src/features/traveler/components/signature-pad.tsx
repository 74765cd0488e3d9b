import { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { translateMessage } from '@/lib/messages';

type Point = { x: number; y: number };

const INK = '#0f1c26';

/**
 * An on-screen signature (spec §2): mouse, finger or pen through pointer events (touch-action
 * none, so drawing does not scroll the page), a "Clear signature" button, and a PNG data URL
 * handed to `onChange` after each stroke ('' when cleared). The pad is paper-white with dark ink
 * in both themes, so the stored signature always reads well on the PDF.
 */
export function SignaturePad({
  id,
  value,
  onChange,
  error,
  label,
  hint,
  required = false,
  compact = false,
}: {
  id?: string;
  value: string;
  onChange: (dataUrl: string) => void;
  error?: string | undefined;
  label: string;
  hint?: string;
  required?: boolean;
  /**
   * On a phone: a pad 96 px high (three to one on a phone's width, room for a name), and the note
   * under it said to assistive technology only (the hint drawn in the empty pad says how to sign,
   * the drawing that it is signed); the desk's walk-in, decision 074.
   */
  compact?: boolean;
}) {
  const { t } = useTranslation('clients');
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef<number | null>(null);
  const [empty, setEmpty] = useState(true);
  // A signature the pad got from outside (a registration reopened with its signature), drawn
  // under the strokes; and the last image the pad gave itself, to tell the two apart.
  const backdrop = useRef<HTMLImageElement | null>(null);
  const given = useRef('');

  const context = () => canvasRef.current?.getContext('2d') ?? null;

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = canvas.width / Math.max(1, canvas.clientWidth);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const image = backdrop.current;
    if (image?.complete && image.naturalWidth > 0) {
      // Fitted whole into the pad, centred: the same pad on the same device gives the same size.
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      const scale = Math.min(width / image.naturalWidth, height / image.naturalHeight);
      const w = image.naturalWidth * scale;
      const h = image.naturalHeight * scale;
      ctx.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
    }
    ctx.strokeStyle = INK;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const stroke of strokes.current) {
      const [first, ...rest] = stroke;
      if (!first) continue;
      ctx.beginPath();
      ctx.moveTo(first.x, first.y);
      if (rest.length === 0) ctx.lineTo(first.x + 0.1, first.y + 0.1);
      for (const point of rest) ctx.lineTo(point.x, point.y);
      ctx.stroke();
    }
  }, []);

  // The bitmap follows the element's size and the screen's pixel ratio; strokes are redrawn.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = Math.round(canvas.clientWidth * ratio);
      const height = Math.round(canvas.clientHeight * ratio);
      if (width && height && (canvas.width !== width || canvas.height !== height)) {
        canvas.width = width;
        canvas.height = height;
        redraw();
      }
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  // Cleared from outside (the form was reset): forget the strokes.
  useEffect(() => {
    if (value === '' && (strokes.current.length > 0 || backdrop.current)) {
      strokes.current = [];
      backdrop.current = null;
      setEmpty(true);
      redraw();
    }
  }, [value, redraw]);

  // A signature given from outside: shown on the pad, so that what will be sent is what staff see.
  useEffect(() => {
    if (!value.startsWith('data:image/') || value === given.current) return;
    given.current = value;
    strokes.current = [];
    const image = new Image();
    backdrop.current = image;
    image.onload = () => {
      if (backdrop.current === image) redraw();
    };
    image.src = value;
    setEmpty(false);
    redraw();
  }, [value, redraw]);

  const pointAt = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = event.pointerId;
    strokes.current.push([pointAt(event)]);
    redraw();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== event.pointerId) return;
    const stroke = strokes.current.at(-1);
    if (!stroke) return;
    const point = pointAt(event);
    const previous = stroke.at(-1);
    stroke.push(point);
    const ctx = context();
    if (ctx && previous) {
      ctx.beginPath();
      ctx.moveTo(previous.x, previous.y);
      ctx.lineTo(point.x, point.y);
      ctx.stroke();
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== event.pointerId) return;
    drawing.current = null;
    setEmpty(false);
    given.current = canvasRef.current?.toDataURL('image/png') ?? '';
    onChange(given.current);
  };

  const clear = () => {
    strokes.current = [];
    backdrop.current = null;
    given.current = '';
    setEmpty(true);
    redraw();
    onChange('');
  };

  const labelId = `${base}-label`;
  const noteId = `${base}-note`;
  const errorId = `${base}-error`;
  const hintId = `${base}-hint`;

  return (
    <div>
      {/* The button beside the label: on a phone a row of its own under the pad was 44 px more.
        Compact (decision 077), a long label takes two lines beside it (40 px, within the button's
        44) rather than the button a line of its own. */}
      <div
        className={cn(
          'mb-1 flex justify-between gap-2',
          compact ? 'items-center' : 'flex-wrap items-end',
        )}
      >
        <p id={labelId} className="text-sm font-semibold text-fg">
          {label}
          {required && <span className="sr-only"> ({t('form.requiredField')})</span>}
        </p>
        <Button
          variant="secondary"
          size="sm"
          className={compact ? 'shrink-0' : undefined}
          onClick={clear}
          disabled={empty && !value}
        >
          {t('signature.clear')}
        </Button>
      </div>
      {/* The hint is said with the pad, and shown inside it while it is empty (decision 072). */}
      {hint && (
        <p id={hintId} className="sr-only">
          {hint}
        </p>
      )}
      <div className="relative">
        <canvas
          ref={canvasRef}
          id={id}
          tabIndex={-1}
          role="img"
          aria-labelledby={labelId}
          aria-describedby={[noteId, hint ? hintId : '', error ? errorId : '']
            .filter(Boolean)
            .join(' ')}
          aria-invalid={error ? true : undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          style={{ touchAction: 'none' }}
          className={cn(
            'block w-full cursor-crosshair rounded-lg border-2 border-dashed bg-white sm:h-52',
            compact ? 'h-24' : 'h-32',
            error ? 'border-danger' : 'border-control',
          )}
        />
        {hint && empty && !value && (
          <p
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-muted"
          >
            {hint}
          </p>
        )}
      </div>
      <p
        id={noteId}
        className={
          compact
            ? 'sr-only sm:not-sr-only sm:mt-2 sm:text-sm sm:text-muted'
            : 'mt-2 text-sm text-muted'
        }
      >
        {empty && !value ? t('signature.note') : t('signature.signed')}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-danger">
          {translateMessage(t, error)}
        </p>
      )}
    </div>
  );
}
