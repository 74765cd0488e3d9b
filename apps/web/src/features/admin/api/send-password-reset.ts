import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema } from '@hospes/shared/common';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function sendPasswordReset(id: string) {
  return api.post(apiPaths.admin.passwordReset(id), undefined, { schema: MessageResponseSchema });
}

/** POST /api/admin/users/{id}/password-reset: e-mails the user a link to choose a password. */
export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
