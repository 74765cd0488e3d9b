import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema } from '@hospes/shared/common';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Always answers the same neutral message, whether or not the e-mail exists. */
export function requestPasswordReset(email: string) {
  return api.post(apiPaths.auth.forgotPassword, { email }, { schema: MessageResponseSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
