import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** A band of the public pages: full width background, centred content. */
export function Section({
  children,
  className,
  tone = 'plain',
  labelledBy,
  id,
}: {
  children: ReactNode;
  className?: string;
  tone?: 'plain' | 'surface' | 'accent';
  labelledBy?: string;
  id?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={cn(
        'scroll-mt-4 px-4 py-12 sm:py-16 nav:px-6',
        tone === 'surface' && 'border-y border-line bg-surface',
        tone === 'accent' && 'bg-info-soft',
        className,
      )}
    >
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  title,
  intro,
  centered = false,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  centered?: boolean;
}) {
  return (
    <div className={cn('mb-8 max-w-3xl', centered && 'mx-auto text-center')}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        {title}
      </h2>
      {intro && <p className="mt-3 text-lg text-muted">{intro}</p>}
    </div>
  );
}

/** Questions and answers as disclosure widgets (native <details>: keyboard and screen readers). */
export function FaqList({ items }: { items: ReadonlyArray<{ q: string; a: string }> }) {
  return (
    <div className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {items.map((item) => (
        <details key={item.q} className="group px-5 py-1">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 py-3 font-semibold text-fg [&::-webkit-details-marker]:hidden">
            <span>{item.q}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5 shrink-0 transition-transform group-open:rotate-180"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 9l6 6 6-6" />
            </svg>
          </summary>
          <p className="pb-4 text-fg">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

export function CheckIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cn('size-5 shrink-0 text-success', className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-2', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-fg">
          <CheckIcon className="mt-0.5" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The heading block of a public page: its only <h1> and what the page is about. */
export function PageIntro({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <div className="border-b border-line bg-surface px-4 py-10 sm:py-14 nav:px-6">
      <div className="mx-auto max-w-6xl">
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
        {intro && <p className="mt-3 max-w-3xl text-lg text-muted">{intro}</p>}
      </div>
    </div>
  );
}
