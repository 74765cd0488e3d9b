import { useId, type KeyboardEvent } from 'react';
import { cn } from '@/components/ui/cn';
import { useStaticRender } from '@/lib/static-render';

export interface ModeOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A segmented control that is an ARIA radio group: arrow keys move and select, one tab stop.
 * Compact on a phone (decision 064): equal segments on the width of the screen, two to a row when
 * there are more than three, so it never wraps into a ragged block; one row from `sm` up. In a
 * page rendered on the server (decision 079) the segments wait for the app, disabled: a tap there
 * would change nothing.
 */
export function ModeSwitcher<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ModeOption<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  const staticRender = useStaticRender();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const next = options[(index + step + options.length) % options.length];
    if (!next) return;
    onChange(next.value);
    document.getElementById(`${id}-${next.value}`)?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn(
        'grid gap-1 rounded-xl border border-line bg-surface-muted p-1 sm:inline-grid sm:auto-cols-fr sm:grid-flow-col',
        options.length > 3 ? 'grid-cols-2' : 'auto-cols-fr grid-flow-col',
      )}
    >
      {options.map((option, index) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            id={`${id}-${option.value}`}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            disabled={staticRender}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'min-h-11 rounded-lg px-2 py-1 text-sm leading-tight font-semibold sm:px-4',
              checked ? 'bg-primary text-primary-fg shadow-sm' : 'text-fg hover:bg-surface',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
