import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useStaticRender } from '@/lib/static-render';
import { cn } from './cn';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'md' | 'sm';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 min-h-11';
const variants: Record<Variant, string> = {
  primary: 'bg-primary text-primary-fg hover:bg-primary-hover',
  secondary: 'border border-control bg-surface text-fg hover:bg-surface-muted',
  ghost: 'text-fg hover:bg-surface-muted',
  danger: 'border border-danger bg-surface text-danger hover:bg-danger-soft',
};
const sizes: Record<Size, string> = {
  md: 'px-4 py-2 text-base',
  sm: 'px-3 py-1.5 text-sm min-h-9',
};

export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
  size?: Size;
  /** Shows a spinner and disables the button while an action runs; the label stays. */
  pending?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  // On a page rendered by the server before the app's code (decision 079) a button would do
  // nothing: it waits for the app, as the eye can tell, and a tap is not silently lost.
  const staticRender = useStaticRender();
  return (
    <button
      type={type}
      disabled={disabled || pending || staticRender}
      aria-busy={pending || undefined}
      className={buttonClasses(variant, size, className)}
      {...rest}
    >
      {pending && <Spinner className="size-4" />}
      {children}
    </button>
  );
}

export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className,
  ...rest
}: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClasses(variant, size, className)} {...rest} />;
}
