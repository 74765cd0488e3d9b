import type { ReactNode } from 'react';
import { cn } from './cn';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, string> = {
  error: 'border-danger bg-danger-soft text-fg',
  success: 'border-success bg-success-soft text-fg',
  info: 'border-primary bg-info-soft text-fg',
};

/** A message about a whole form or page. Errors are announced at once (role="alert"). */
export function FormAlert({
  tone = 'error',
  title,
  children,
  className,
  id,
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border-s-4 px-4 py-3 text-sm', tones[tone], className)}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={cn(title ? 'mt-1' : undefined, 'space-y-2')}>{children}</div>}
    </div>
  );
}
