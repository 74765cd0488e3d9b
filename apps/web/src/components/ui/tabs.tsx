import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';

export interface TabItem {
  key: string;
  label: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs: a tablist with roving focus (arrow keys, Home, End; automatic activation) and
 * one tabpanel per tab. Inactive panels stay mounted but hidden, so forms keep what was typed.
 * On a narrow screen the tabs wrap onto more lines: each one stays in sight (a strip scrolled
 * sideways hid the last tabs, even the selected one, with nothing to say they were there).
 */
export function Tabs({
  label,
  items,
  initialKey,
  onSelect,
}: {
  label: string;
  items: TabItem[];
  initialKey?: string;
  /** Told of every change of tab (for example to keep it in the URL). */
  onSelect?: (key: string) => void;
}) {
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [active, setActiveState] = useState(
    items.some((item) => item.key === initialKey) ? initialKey : (items[0]?.key ?? ''),
  );
  const setActive = (key: string) => {
    setActiveState(key);
    if (key !== active) onSelect?.(key);
  };
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (index: number) => {
    const count = items.length;
    const wrapped = ((index % count) + count) % count;
    const item = items[wrapped];
    if (!item) return;
    setActive(item.key);
    refs.current[wrapped]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="flex flex-wrap gap-x-1 border-b border-line"
      >
        {items.map((item, index) => {
          const selected = item.key === active;
          return (
            <button
              key={item.key}
              ref={(node) => {
                refs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                '-mb-px min-h-11 max-w-full border-b-4 px-3 py-2 text-sm font-semibold break-words sm:px-4',
                selected ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${base}-panel-${item.key}`}
          aria-labelledby={`${base}-tab-${item.key}`}
          hidden={item.key !== active}
          tabIndex={0}
          className="pt-6"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
