import type { ReactNode } from 'react';

/** The heading block of an in-app page: the page's only <h1> and what the page is for. */
export function PageHeader({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-3xl font-bold tracking-tight text-fg">{title}</h1>
      {intro && <p className="mt-2 max-w-3xl text-muted">{intro}</p>}
    </div>
  );
}
