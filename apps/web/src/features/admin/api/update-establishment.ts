import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EstablishmentResponseSchema,
  type UpdateEstablishmentInput,
} from '@hospes/shared/establishments';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { adminKeys, invalidateAdminData } from './keys';

export function updateEstablishment({
  id,
  input,
}: {
  id: string;
  input: UpdateEstablishmentInput;
}) {
  return api.put(apiPaths.establishments.one(id), input, { schema: EstablishmentResponseSchema });
}

/** PUT /api/establishments/{id}: the edit form's fields (settings not sent are kept). */
export function useUpdateEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEstablishment,
    onSuccess: (answer) => {
      queryClient.setQueryData(adminKeys.establishment(answer.data.id), answer.data);
      return invalidateAdminData(queryClient);
    },
  });
}
