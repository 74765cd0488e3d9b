import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminUserResponseSchema, type UpdateAdminUserInput } from '@hospes/shared/admin';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export function updateUser({ id, input }: { id: string; input: UpdateAdminUserInput }) {
  return apiRequest(apiPaths.admin.user(id), {
    method: 'PATCH',
    body: input,
    schema: AdminUserResponseSchema,
  });
}

/**
 * PATCH /api/admin/users/{id}: role, deactivation, reactivation. The server refuses to leave the
 * platform without an active admin (409 LAST_ADMIN) and self-deactivation (409).
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
