import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EstablishmentResponseSchema,
  type CreateEstablishmentInput,
} from '@hospes/shared/establishments';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { AlsoRefresh } from '@/lib/query-client';
import { invalidateAfterEstablishmentChange } from './keys';

/**
 * POST /api/establishments. Without `createUserWithEstablishment` the caller becomes its owner;
 * with it (an admin's creation) the contact e-mail's user does (created and sent a link to choose
 * a password when new).
 */
export function createEstablishment(input: CreateEstablishmentInput) {
  return api.post(apiPaths.establishments.list, input, { schema: EstablishmentResponseSchema });
}

export function useCreateEstablishment(options?: AlsoRefresh) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEstablishment,
    onSuccess: () => invalidateAfterEstablishmentChange(queryClient, options),
  });
}
