import { flushSync } from 'react-dom';
import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useStaticRender } from '@/lib/static-render';
import type {
  NameSpellings,
  ScanMark,
  SectionKey,
  TravelerFormValues,
} from '@/features/traveler/form-model';

/**
 * One section of the traveler form: a titled group of fields on a grid, two columns from the
 * phone up (a field that needs the width takes `WIDE`). With `name` and `summary`, in a form that
 * collapses what is complete (decision 072): once every field of the section passes the save's
 * checks, has no error and nothing the parte still needs, and the focus has been in it and left it, it shows as
 * one line (its title, `summary`, an "Edit" button that opens it and focuses its first field).
 * The fields stay mounted while it is closed, so their values, errors and registration stay.
 */
export function Section({
  title,
  children,
  intro,
  name,
  summary,
  compact = false,
  action,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /**
   * Dense on a phone (the desk's walk-in, decision 074): no rule nor title above the fields (the
   * title names the group to assistive technology and shows from `sm` up; a section with an
   * `action` keeps it, on the action's line), closer rows and one-line labels.
   */
  compact?: boolean;
  /** A button on the title's line (the walk-in's "Scan document"), while the section is open. */
  action?: ReactNode;
  /** The section's key: what says whether it is complete. */
  name?: SectionKey;
  /** The one line a complete section shows closed. */
  summary?: ReactNode;
}) {
  const { t } = useTranslation('clients');
  const completion = useContext(CompletionContext);
  const ref = useRef<HTMLFieldSetElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const staticRender = useStaticRender();
  // Closed when the focus leaves it complete, at that moment only: a check that completes later
  // never moves the page under the person's finger. Open again as soon as the focus is in it.
  const [closed, setClosed] = useState(false);
  const complete = !!name && !!completion?.complete.has(name);
  const collapsed = !!summary && closed && complete;
  const edit = t('list.edit');
  return (
    <fieldset
      ref={ref}
      data-section={name}
      data-collapsed={collapsed || undefined}
      onFocus={(event) => {
        // Not the "Edit" button's own focus (a press focuses it before its click): it would
        // open the section, the button would go, and its click with it.
        if ((event.target as Element) === editRef.current) return;
        setClosed(false);
      }}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (!(next instanceof Node) || event.currentTarget.contains(next)) return;
        // A press elsewhere moves the focus before its click: closed after the press, so that
        // what was pressed is still under the finger when it is let go.
        afterPress(() => setClosed(complete));
      }}
      className={
        compact
          ? 'min-w-0 space-y-2 sm:space-y-3 sm:border-t sm:border-line sm:pt-4 sm:first:border-t-0 sm:first:pt-0'
          : 'min-w-0 space-y-3 border-t border-line pt-3 first:border-t-0 first:pt-0 sm:pt-4'
      }
    >
      <legend
        className={
          collapsed || !compact || action
            ? `float-start text-base font-semibold text-fg sm:text-lg ${action && !collapsed ? 'py-2.5' : 'w-full'}`
            : 'sr-only sm:not-sr-only sm:float-start sm:w-full sm:text-lg sm:font-semibold sm:text-fg'
        }
      >
        {collapsed ? <span className="sr-only">{title}</span> : title}
      </legend>
      {action && !collapsed && <div className="float-end">{action}</div>}
      {collapsed && (
        <div className="clear-start flex items-center justify-between gap-3">
          <p className="min-w-0 text-sm text-fg">
            <span aria-hidden="true" className="me-2 font-semibold">
              {title}
            </span>
            <span className="break-words text-muted">{summary}</span>
          </p>
          <button
            ref={editRef}
            type="button"
            // Before the app's code (decision 079) it could not open: it waits for the app.
            disabled={staticRender}
            aria-label={`${edit}: ${title}`}
            onClick={() => {
              // Open now, then the first field takes the focus (the button goes away).
              flushSync(() => setClosed(false));
              ref.current
                ?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')
                ?.focus();
            }}
            className="min-h-11 shrink-0 rounded-lg border border-control bg-surface px-3 text-sm font-semibold text-fg hover:bg-surface-muted"
          >
            {edit}
          </button>
        </div>
      )}
      <div hidden={collapsed} className="clear-both space-y-3">
        {intro && <p className="text-sm text-muted">{intro}</p>}
        <div
          className={
            compact
              ? // One-line labels a line's height apart, no room kept for a hint said only to
                // assistive technology: 64 px a row of fields instead of 68.
                'grid grid-cols-2 gap-x-3 gap-y-2 max-sm:[&_label]:leading-4 max-sm:[&_p:has(>.sr-only:only-child)]:mt-0 sm:gap-4 lg:grid-cols-3'
              : 'grid grid-cols-2 gap-x-3 gap-y-3 sm:gap-4 lg:grid-cols-3'
          }
        >
          {children}
        </div>
      </div>
    </fieldset>
  );
}

let pressing = false;
let watching = false;
/** Runs `then` now, or once the pointer pressed down is let go (and its click has run). */
function afterPress(then: () => void) {
  if (!watching) {
    watching = true;
    document.addEventListener('pointerdown', () => (pressing = true), true);
    document.addEventListener('pointercancel', () => (pressing = false), true);
    document.addEventListener('pointerup', () => (pressing = false), true);
  }
  if (!pressing) return then();
  document.addEventListener(
    'pointerup',
    () => {
      pressing = false;
      setTimeout(then, 0);
    },
    { capture: true, once: true },
  );
}

/** The fields whose label has a short form for the walk-in's half-width columns (decision 077). */
export type CompactLabelKey =
  'lastName' | 'secondLastName' | 'nationality' | 'dateOfBirth' | 'passportNumber' | 'email';

/**
 * A field's label, short in a compact section (the desk's walk-in, decision 077): in a language
 * whose full label wraps in a phone's half-width column (a row 16 px taller), the translation's
 * short form ("N.º de documento"). The short label shown is the field's name (what a voice command
 * says is what is seen); `full`, the full label, is then said to assistive technology as the
 * field's description (see withFullLabel). Elsewhere, or where they are the same, the full label.
 * `t`: the clients texts' (the section's own, no hook of its own on every render).
 */
export function fieldLabel(
  t: TFunction<'clients'>,
  compact: boolean,
  key: CompactLabelKey,
): { label: string; full?: string } {
  const full = t(`form.${key}`);
  const short = compact ? t(`compactLabels.${key}`) : full;
  return short === full ? { label: full } : { label: short, full };
}

/**
 * A field's hint with its full label (fieldLabel's `full`) said first, to assistive technology
 * only: alone, it keeps no room on a phone's compact grid (see Section).
 */
export function withFullLabel(full: string | undefined, hint: ReactNode): ReactNode {
  if (!full) return hint;
  const said = <span className="sr-only">{full}</span>;
  return hint ? (
    <>
      {said} {hint}
    </>
  ) : (
    said
  );
}

/** A field as wide as the section on a phone (two columns), one column from `sm` up. */
export const WIDE = 'col-span-2 sm:col-span-1';
/** A block as wide as the section at every width. */
export const FULL = 'col-span-2 lg:col-span-3';

/** The sections of a form that are complete (see Section), when the form collapses them. */
export const CompletionContext = createContext<{ complete: ReadonlySet<SectionKey> } | null>(null);

/** The rarely used sections, each opened on demand (see optional-sections.tsx). */
export function CollapsibleSections({ children }: { children: ReactNode }) {
  return <div className="space-y-3">{children}</div>;
}

/**
 * A visible marker on the label of a field read from a document: "please check" (amber, not the
 * red of an error: nothing is wrong yet) for fields the reading did not confirm.
 */
export function ScanMarkBadge({ mark }: { mark: ScanMark }) {
  const { t } = useTranslation('clients');
  return (
    <span
      data-scan-mark={mark}
      title={t(mark === 'verify' ? 'scanMarks.verifyHint' : 'scanMarks.checkHint')}
      className={
        mark === 'verify'
          ? 'ms-2 inline-block rounded-full border-2 border-warn bg-warn-soft px-2 py-0.5 align-middle text-xs font-semibold text-fg'
          : 'ms-2 inline-block rounded-full border border-primary bg-info-soft px-2 py-0.5 align-middle text-xs font-semibold text-fg'
      }
    >
      {t(mark === 'verify' ? 'scanMarks.verify' : 'scanMarks.check')}
    </span>
  );
}

/**
 * One-tap buttons with the spellings a name read from an MRZ may have on the document ("Müller?"
 * for MUELLER), shown while the field holds what was read or one of them (then the way back to
 * the name as read is offered too); gone once the name is typed over.
 */
export function SpellingChoices({
  path,
  spellings,
}: {
  path: 'firstName' | 'lastName' | 'secondLastName';
  spellings: NameSpellings;
}) {
  const { t } = useTranslation('clients');
  const { control, setValue } = useFormContext<TravelerFormValues>();
  const value = useWatch({ control, name: path });
  const all = [...spellings.printed, spellings.read];
  if (!all.includes(value)) return null;
  const shown = all.filter((option) => option !== value);
  return (
    <span className="flex flex-wrap gap-2" data-spellings={path}>
      {shown.map((option) => (
        <button
          key={option}
          type="button"
          className="min-h-9 rounded-full border border-control bg-surface px-3 py-1 text-sm text-fg hover:bg-surface-muted"
          aria-label={t('scanMarks.useSpelling', { name: option })}
          onClick={() => setValue(path, option, { shouldDirty: true })}
        >
          {option}?
        </button>
      ))}
    </span>
  );
}
