import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** A titled block of label/value pairs (a <dl>), as the detail pages show them. */
export function DetailsSection({
  title,
  items,
  className,
  id,
}: {
  title: string;
  items: DetailItem[];
  className?: string;
  id: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-2xl border border-line bg-surface p-5', className)}
    >
      <h2 id={id} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(8rem,auto)_minmax(0,1fr)]">
        {items.map((item) => (
          <div key={item.label} className="contents">
            <dt className="text-sm font-semibold text-muted">{item.label}</dt>
            <dd className="break-words text-fg">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
