import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EstablishmentResponseSchema,
  type CreateEstablishmentInput,
} from '@hospes/shared/establishments';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { establishmentsKey } from './get-user-establishments';

export function createEstablishment(input: CreateEstablishmentInput) {
  return api.post(apiPaths.establishments.list, input, { schema: EstablishmentResponseSchema });
}

/** POST /api/establishments; the caller becomes its owner. */
export function useCreateEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEstablishment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentsKey }),
  });
}
