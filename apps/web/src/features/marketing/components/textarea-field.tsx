import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/messages';

/**
 * A multi-line text field with the same label, hint and error wiring as the fields of
 * components/ui/fields.tsx (which has no textarea yet; move it there when a second form needs one).
 */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  id,
  ...textarea
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
} & Omit<ComponentProps<'textarea'>, 'className'>) {
  const { t } = useTranslation();
  const generated = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const fieldId = id ?? `f${generated}`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-semibold text-fg">
        {label}
      </label>
      <textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="block min-h-40 w-full rounded-lg border border-control bg-surface px-3 py-2 text-base text-fg placeholder:text-muted aria-invalid:border-2 aria-invalid:border-danger"
        {...textarea}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger">
          {translateMessage(t, error)}
        </p>
      )}
    </div>
  );
}
