import { useId } from 'react';

/** A fieldset of radio buttons with a legend: keyboard (arrows) and screen readers for free. */
export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  onChange,
  options,
  disabled,
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<{ value: T; label: string; disabled?: boolean }>;
  disabled?: boolean;
}) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (
    <fieldset className="mt-4" disabled={disabled}>
      <legend className="mb-1 text-sm font-semibold text-fg">{legend}</legend>
      <div className="space-y-1">
        {options.map((option) => (
          <label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 text-fg"
          >
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={`${name}-${id}`}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              className="size-5 shrink-0 accent-primary"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
