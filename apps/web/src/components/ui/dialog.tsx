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

/** The open modals' panels, the topmost last: only it answers Escape or takes focus back. */
const openPanels: HTMLElement[] = [];

function focusableIn(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (node) => !node.hasAttribute('disabled'),
  );
}

/** Focus gone from the dialog: on <body> (its element removed) or on a control now disabled. */
function focusLost(panel: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return panel.contains(active) && active !== panel && active.matches(':disabled');
}

/**
 * A modal dialog: rendered over the page in a portal, `aria-modal`, the rest of the page made
 * inert, focus moved inside (to `initialFocus`, else the first focusable element), kept inside with
 * Tab and Shift+Tab, and returned to where it was on close. Escape and a click on the backdrop
 * close it (unless `busy`). When the focused control is disabled (a button showing its progress)
 * or replaced (the next step), focus goes to the dialog itself rather than out of it, and Escape
 * works wherever focus is while the dialog is open.
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
  /** A wider panel, for a picture or a table. */
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

  // Focus kept inside while the content changes under it, and Escape or Tab from <body>.
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    openPanels.push(panel);
    const onTop = () => openPanels.at(-1) === panel;
    const rescue = () => {
      if (onTop() && focusLost(panel)) panel.focus();
    };
    const observer = new MutationObserver(rescue);
    observer.observe(panel, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    // A browser may let go of a control that became disabled a moment later.
    let later: ReturnType<typeof setTimeout> | undefined;
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) return;
      clearTimeout(later);
      later = setTimeout(rescue, 0);
    };
    panel.addEventListener('focusout', onFocusOut);
    // Keys that reach the document came from outside the panel (from <body>, focus lost).
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!onTop() || event.defaultPrevented) return;
      if (event.target instanceof Node && panel.contains(event.target)) return;
      if (event.key === 'Escape') {
        if (!busyRef.current) onCloseRef.current();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        const items = focusableIn(panel);
        (event.shiftKey ? items.at(-1) : items[0])?.focus();
      }
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => {
      observer.disconnect();
      clearTimeout(later);
      panel.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onDocumentKeyDown);
      const index = openPanels.indexOf(panel);
      if (index >= 0) openPanels.splice(index, 1);
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busyRef.current) onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = panelRef.current ? focusableIn(panelRef.current) : [];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    // On the dialog itself (focus taken back there): into its controls, either way.
    if (document.activeElement === panelRef.current) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    } else if (event.shiftKey && document.activeElement === first) {
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
