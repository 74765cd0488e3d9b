import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** The frame of the public account pages: one centred card with the page's only <h1>. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
  wide = false,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`mx-auto w-full ${wide ? 'max-w-2xl' : 'max-w-md'} px-4 py-8 sm:py-12`}>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
        {intro && <p className="mt-2 text-muted">{intro}</p>}
        <div className="mt-6">{children}</div>
      </Card>
      {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
    </div>
  );
}
