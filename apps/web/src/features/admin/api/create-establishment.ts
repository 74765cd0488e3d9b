import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EstablishmentResponseSchema,
  type CreateEstablishmentInput,
} from '@hospes/shared/establishments';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateAdminData } from './keys';

/**
 * POST /api/establishments with `createUserWithEstablishment: true`: the contact e-mail's user
 * becomes the owner (created and sent a link to choose a password when new).
 */
export function createEstablishment(input: CreateEstablishmentInput) {
  return api.post(
    apiPaths.establishments.list,
    { ...input, createUserWithEstablishment: true },
    { schema: EstablishmentResponseSchema },
  );
}

export function useCreateEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEstablishment,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
