/** A warning triangle with an exclamation mark: a stroke path on a 24 × 24 grid. */
export const WARNING_ICON_PATH =
  'M12 8v5M12 16.5v.5M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z';

/** The warning sign beside a text that says what is wrong (never the only signal). */
export function WarningIcon({ className = 'size-4 shrink-0' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d={WARNING_ICON_PATH} />
    </svg>
  );
}
