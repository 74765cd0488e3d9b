import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema } from '@hospes/shared/common';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function resetPassword(input: { token: string; password: string }) {
  return api.post(apiPaths.auth.resetPassword, input, { schema: MessageResponseSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
