import { Link, type LinkProps } from 'react-router';
import { cn } from './cn';

export const textLinkClasses =
  'font-medium text-primary underline underline-offset-2 hover:text-primary-hover hover:no-underline';

export function TextLink({ className, ...rest }: LinkProps) {
  return <Link className={cn(textLinkClasses, className)} {...rest} />;
}
