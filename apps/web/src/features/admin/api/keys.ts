import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the admin area: users and reports under 'admin'. Its traveler queries sit under
 * the same first key as the rest of the app's ('pilgrims'), so a change made anywhere (the desk's
 * traveler form) refreshes the admin views too; establishments are the establishment slice's.
 */
export const adminKeys = {
  establishmentTravelers: (id: string, page: number) =>
    ['pilgrims', 'admin', 'establishment', id, page] as const,
  pilgrim: (id: string) => ['pilgrims', 'admin', 'detail', id] as const,
  users: ['admin', 'users'] as const,
  userList: (query: object) => ['admin', 'users', query] as const,
  reports: ['admin', 'reports'] as const,
  report: (query: object) => ['admin', 'reports', query] as const,
};

/**
 * What the admin's changes to an establishment refresh besides the establishments: the travelers
 * (who show their establishment's name) and the reports (counted from both).
 */
export const adminChangeRefreshes = { invalidates: [['pilgrims'], adminKeys.reports] };

/** After an establishment or a traveler changes: lists, details, counts and reports refetch. */
export function invalidateAdminData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['establishments'] }),
    queryClient.invalidateQueries({ queryKey: ['pilgrims'] }),
    queryClient.invalidateQueries({ queryKey: adminKeys.reports }),
  ]);
}
