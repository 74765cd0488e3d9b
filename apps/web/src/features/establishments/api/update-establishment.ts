import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EstablishmentResponseSchema,
  type UpdateEstablishmentInput,
} from '@hospes/shared/establishments';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { establishmentsKey } from './get-user-establishments';

export function updateEstablishment({
  id,
  input,
}: {
  id: string;
  input: UpdateEstablishmentInput;
}) {
  return api.put(apiPaths.establishments.one(id), input, { schema: EstablishmentResponseSchema });
}

/** PUT /api/establishments/{id}. */
export function useUpdateEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEstablishment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentsKey }),
  });
}
