import { travelerKeys } from '@/features/traveler/api/keys';

/**
 * Query keys of the admin area: its users, reports and settings. Establishments and travelers are the
 * entity slices' (establishmentKeys, travelerKeys), shared with the rest of the app, so a change
 * made anywhere (the desk's traveler form, the profile) refreshes the admin views too.
 */
export const adminKeys = {
  users: ['admin', 'users'] as const,
  userList: (query: object) => ['admin', 'users', query] as const,
  reports: ['admin', 'reports'] as const,
  report: (query: object) => ['admin', 'reports', query] as const,
  settings: ['admin', 'settings'] as const,
};

/** What the admin's change to a traveler also refreshes: the reports, counted from them. */
export const travelerChangeRefreshes = { invalidates: [adminKeys.reports] };

/**
 * What the admin's change to an establishment also refreshes: its travelers (who show its name)
 * and the reports.
 */
export const establishmentChangeRefreshes = {
  invalidates: [travelerKeys.all, adminKeys.reports],
};
