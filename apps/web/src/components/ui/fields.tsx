import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/messages';

const controlClasses =
  'block w-full rounded-lg border border-control bg-surface px-3 py-2 text-base text-fg placeholder:text-muted aria-invalid:border-danger aria-invalid:border-2 min-h-11';

interface FieldChrome {
  label: ReactNode;
  /** A message key (`validation.*`) or a text from the server. */
  error?: string | undefined;
  hint?: ReactNode;
  /**
   * A note that does not block (e.g. what the police report still needs of the field, decision
   * 043): said under the field and read with it.
   */
  note?: string | undefined;
  className?: string;
}

function useFieldIds(id?: string) {
  const generated = useId();
  const fieldId = id ?? `f${generated.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return {
    fieldId,
    hintId: `${fieldId}-hint`,
    errorId: `${fieldId}-error`,
    noteId: `${fieldId}-note`,
  };
}

function describedBy(hintId: string | false, errorId: string | false, noteId: string | false) {
  return [hintId, errorId, noteId].filter(Boolean).join(' ') || undefined;
}

/** A note under a field (see FieldChrome.note). */
export function FieldNote({ id, note }: { id: string; note: string | undefined }) {
  if (!note) return null;
  return (
    <p id={id} data-field-note="" className="mt-1 text-sm text-fg">
      <span aria-hidden="true" className="me-1 font-bold text-primary">
        ⓘ
      </span>
      {note}
    </p>
  );
}

/** A field's error message (a `validation.*` key or a server text), for a group of fields too. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-danger">
      {translateMessage(t, message)}
    </p>
  );
}

export type TextFieldProps = FieldChrome & Omit<ComponentProps<'input'>, 'className'>;

export function TextField({
  label,
  error,
  hint,
  note,
  className,
  id,
  hintBeside = false,
  ...input
}: TextFieldProps & {
  /** A short hint ("optional") on the label's line, where it fits, instead of under the field. */
  hintBeside?: boolean;
}) {
  const { fieldId, hintId, errorId, noteId } = useFieldIds(id);
  const hintText = hint && (
    <p id={hintId} className={hintBeside ? 'text-sm text-muted' : 'mt-1 text-sm text-muted'}>
      {hint}
    </p>
  );
  return (
    <div className={className}>
      <div className="mb-1 flex flex-wrap items-baseline gap-x-2">
        <label htmlFor={fieldId} className="block text-sm font-semibold text-fg">
          {label}
        </label>
        {hintBeside && hintText}
      </div>
      <input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!hint && hintId, !!error && errorId, !!note && noteId)}
        className={controlClasses}
        {...input}
      />
      {!hintBeside && hintText}
      <FieldError id={errorId} message={error} />
      <FieldNote id={noteId} note={note} />
    </div>
  );
}

export type SelectFieldProps = FieldChrome &
  Omit<ComponentProps<'select'>, 'className'> & {
    options: ReadonlyArray<{ value: string; label: string }>;
  };

export function SelectField({
  label,
  error,
  hint,
  note,
  className,
  id,
  options,
  ...select
}: SelectFieldProps) {
  const { fieldId, hintId, errorId, noteId } = useFieldIds(id);
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-semibold text-fg">
        {label}
      </label>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!hint && hintId, !!error && errorId, !!note && noteId)}
        className={controlClasses}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
      <FieldNote id={noteId} note={note} />
    </div>
  );
}

export type CheckboxFieldProps = FieldChrome & Omit<ComponentProps<'input'>, 'className' | 'type'>;

export function CheckboxField({
  label,
  error,
  hint,
  note,
  className,
  id,
  ...input
}: CheckboxFieldProps) {
  const { fieldId, hintId, errorId, noteId } = useFieldIds(id);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={fieldId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(!!hint && hintId, !!error && errorId, !!note && noteId)}
          className="size-5 shrink-0 rounded border-control accent-primary"
          {...input}
        />
        <label htmlFor={fieldId} className="text-sm text-fg">
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className="mt-1 ms-8 text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
      <FieldNote id={noteId} note={note} />
    </div>
  );
}
