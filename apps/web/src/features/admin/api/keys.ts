import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the admin area. Establishment and traveler queries sit under the same first key
 * as the rest of the app's ('establishments', 'pilgrims'), so a change made anywhere (the desk's
 * traveler form, the profile) refreshes the admin views too; users and reports under 'admin'.
 */
export const adminKeys = {
  establishments: ['establishments', 'admin'] as const,
  establishmentList: (query: object) => ['establishments', 'admin', 'list', query] as const,
  establishment: (id: string) => ['establishments', 'admin', 'detail', id] as const,
  establishmentTravelers: (id: string, page: number) =>
    ['pilgrims', 'admin', 'establishment', id, page] as const,
  pilgrim: (id: string) => ['pilgrims', 'admin', 'detail', id] as const,
  users: ['admin', 'users'] as const,
  userList: (query: object) => ['admin', 'users', query] as const,
  reports: ['admin', 'reports'] as const,
  report: (query: object) => ['admin', 'reports', query] as const,
};

/** After an establishment or a traveler changes: lists, details, counts and reports refetch. */
export function invalidateAdminData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['establishments'] }),
    queryClient.invalidateQueries({ queryKey: ['pilgrims'] }),
    queryClient.invalidateQueries({ queryKey: adminKeys.reports }),
  ]);
}
