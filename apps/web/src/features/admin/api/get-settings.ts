import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlatformSettingsResponseSchema } from '@hospes/shared/admin';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function getSettings() {
  return api.get(apiPaths.admin.settings, { schema: PlatformSettingsResponseSchema });
}

/** GET /api/admin/settings: the run-time settings, the environment beside them, the changes. */
export const settingsQuery = () =>
  queryOptions({ queryKey: adminKeys.settings, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQuery());
}
