import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * The heading block of an in-app page: the page's only <h1> and what the page is for. `compact`:
 * on a phone a smaller title, the introduction left for wider screens and less room below, so
 * the page's content (a list) starts higher.
 */
export function PageHeader({
  title,
  intro,
  compact = false,
}: {
  title: ReactNode;
  intro?: ReactNode;
  compact?: boolean;
}) {
  return (
    <div className={compact ? 'mb-3 sm:mb-6' : 'mb-4 sm:mb-6'}>
      <h1
        className={cn(
          'font-bold tracking-tight text-fg',
          compact ? 'text-2xl sm:text-3xl' : 'text-3xl',
        )}
      >
        {title}
      </h1>
      {intro && (
        <p className={cn('mt-2 max-w-3xl text-muted', compact && 'hidden sm:block')}>{intro}</p>
      )}
    </div>
  );
}
