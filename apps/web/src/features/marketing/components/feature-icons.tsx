/** Line icons of the feature cards (decorative: the card's heading says what it is). */
const ICONS = {
  scan: (
    <>
      <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3" />
      <path d="M7 15h10M7 12h10" />
    </>
  ),
  checkin: (
    <>
      <rect x="7" y="3" width="10" height="18" rx="2" />
      <path d="M10 17h4" />
    </>
  ),
  signature: (
    <>
      <path d="M3 17c3-6 5-9 6-7s-2 8 0 8 3-5 5-5 1 4 3 4 2-2 4-2" />
      <path d="M3 21h18" />
    </>
  ),
  reports: (
    <>
      <path d="M6 3h8l4 4v14H6z" />
      <path d="M14 3v4h4M9 12h6M9 16h4" />
    </>
  ),
  ses: (
    <>
      <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </>
  ),
  establishments: (
    <>
      <path d="M3 21h18M5 21V8l7-4 7 4v13" />
      <path d="M9 21v-5h6v5M9 11h.01M15 11h.01" />
    </>
  ),
  export: (
    <>
      <path d="M12 3v12M7 10l5 5 5-5" />
      <path d="M4 17v3h16v-3" />
    </>
  ),
  privacy: (
    <>
      <rect x="5" y="10" width="14" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" />
    </>
  ),
} as const;

export type FeatureKey = keyof typeof ICONS;

export const FEATURE_KEYS = Object.keys(ICONS) as FeatureKey[];

export function FeatureIcon({ name }: { name: FeatureKey }) {
  return (
    <span className="inline-flex size-11 items-center justify-center rounded-xl bg-info-soft text-primary">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {ICONS[name]}
      </svg>
    </span>
  );
}
