import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema } from '@hospes/shared/common';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** A wrong current password answers 401 CURRENT_PASSWORD_INCORRECT, which never logs out. */
export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return api.post(apiPaths.auth.changePassword, input, { schema: MessageResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
