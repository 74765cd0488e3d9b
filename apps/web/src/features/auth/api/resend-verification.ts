import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema } from '@hospes/shared/common';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Sends a new verification link; the answer is neutral (it does not tell whether the account exists). */
export function resendVerification(email: string) {
  return api.post(apiPaths.auth.resendVerification, { email }, { schema: MessageResponseSchema });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
