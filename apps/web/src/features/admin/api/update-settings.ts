import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PlatformSettingsResponseSchema,
  type UpdatePlatformSettingsInput,
} from '@hospes/shared/admin';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export function updateSettings(input: UpdatePlatformSettingsInput) {
  return apiRequest(apiPaths.admin.settings, {
    method: 'PATCH',
    body: input,
    schema: PlatformSettingsResponseSchema,
  });
}

/**
 * PATCH /api/admin/settings: the changed settings (`null`: back to the environment's value). The
 * answer is the new state, which replaces the cached one.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.settings, answer),
  });
}
