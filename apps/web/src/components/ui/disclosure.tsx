import { useId, type ReactNode } from 'react';
import { useStaticRender } from '@/lib/static-render';
import { cn } from './cn';

/**
 * A section that opens and closes with a button (WAI-ARIA disclosure). The content stays mounted
 * while closed (hidden), so form fields keep their values.
 */
export function Disclosure({
  title,
  summary,
  open,
  onToggle,
  children,
  className,
  headingLevel = 3,
}: {
  title: ReactNode;
  /** A short note beside the title (for example "optional"). */
  summary?: ReactNode;
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const id = `dc${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const Heading = `h${headingLevel}` as const;
  // Before the app's code, on a server-rendered page (decision 079): it waits for the app.
  const staticRender = useStaticRender();
  return (
    <div className={cn('rounded-xl border border-line', className)}>
      <Heading className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          disabled={staticRender}
          onClick={() => onToggle(!open)}
          className="flex min-h-11 w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-start text-fg hover:bg-surface-muted"
        >
          <span>
            {title}
            {summary && <span className="ms-2 text-sm font-normal text-muted">{summary}</span>}
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M5 7.5 10 12.5 15 7.5" />
          </svg>
        </button>
      </Heading>
      <div id={id} hidden={!open} className="border-t border-line px-4 py-4">
        {children}
      </div>
    </div>
  );
}
