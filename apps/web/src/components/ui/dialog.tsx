import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { FormAlert } from './form-alert';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: rendered over the page in a portal, `aria-modal`, the rest of the page made
 * inert, focus moved inside (to `initialFocus`, else the first focusable element), kept inside with
 * Tab and Shift+Tab, and returned to where it was on close. Escape and a click on the backdrop
 * close it (unless `busy`).
 */
export function Modal({
  open,
  onClose,
  role = 'dialog',
  title,
  description,
  children,
  busy = false,
  initialFocus,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  role?: 'dialog' | 'alertdialog';
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  busy?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
  /** A wider panel, for a picture. */
  wide?: boolean;
}) {
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const busyRef = useRef(busy);
  useEffect(() => {
    onCloseRef.current = onClose;
    busyRef.current = busy;
  });

  // Focus in on open; back to the opener on close. The page behind becomes inert.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const siblings = Array.from(document.body.children).filter(
      (node): node is HTMLElement =>
        node instanceof HTMLElement && !node.contains(panel) && !node.inert,
    );
    for (const node of siblings) node.inert = true;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const target =
      initialFocus?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel ?? null;
    target?.focus();
    return () => {
      for (const node of siblings) node.inert = false;
      document.body.style.overflow = overflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busyRef.current) onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = Array.from(
      panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [],
    ).filter((node) => !node.hasAttribute('disabled'));
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-3 sm:items-center sm:p-6">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-black/50"
        onClick={() => {
          if (!busyRef.current) onCloseRef.current();
        }}
      />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={`${base}-title`}
        aria-describedby={description ? `${base}-description` : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`relative max-h-[90dvh] w-full ${wide ? 'max-w-4xl' : 'max-w-lg'} overflow-y-auto rounded-2xl border border-line bg-surface p-6 text-fg shadow-xl outline-none`}
      >
        <h2 id={`${base}-title`} className="text-lg font-bold text-fg">
          {title}
        </h2>
        {description && (
          <div id={`${base}-description`} className="mt-2 text-fg">
            {description}
          </div>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}

/**
 * "Are you sure?" before something that cannot be undone (spec §9: before deleting an
 * establishment or a traveler). Focus starts on Cancel, the safe choice.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  pending = false,
  error,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  /** A failure of the confirmed action, shown inside the dialog. */
  error?: string | null;
}) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={title}
      description={description}
      busy={pending}
      initialFocus={cancelRef}
    >
      {error && <FormAlert className="mt-4">{error}</FormAlert>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={pending}>
          {cancelLabel ?? t('dialog.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
