import { useMutation } from '@tanstack/react-query';
import { RegisterResponseSchema, type RegisterEstablishmentInput } from '@hospes/shared/auth';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export function registerEstablishment(input: RegisterEstablishmentInput) {
  return api.post(apiPaths.auth.registerEstablishment, input, { schema: RegisterResponseSchema });
}

export function useRegisterEstablishment() {
  return useMutation({ mutationFn: registerEstablishment });
}
