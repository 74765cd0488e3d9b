import type { ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';

/**
 * Previous, where we are, next: the one pager of every paged list (spec §2). Hidden when everything
 * fits on one page. The texts come from the caller, in its own words ("Newer" and "Older" for a
 * history).
 */
export function Pager({
  page,
  totalPages,
  onPage,
  label,
  previous,
  next,
  status,
  className,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** The navigation landmark's name. */
  label: string;
  previous: ReactNode;
  next: ReactNode;
  /** "Page 2 of 5", announced when it changes. */
  status: ReactNode;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={label}
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </Button>
      <p className="text-sm text-fg" aria-live="polite">
        {status}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {next}
      </Button>
    </nav>
  );
}
