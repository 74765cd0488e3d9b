import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EstablishmentResponseSchema,
  type UpdateEstablishmentInput,
} from '@hospes/shared/establishments';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { AlsoRefresh } from '@/lib/query-client';
import { establishmentKeys, invalidateAfterEstablishmentChange } from './keys';

export function updateEstablishment({
  id,
  input,
}: {
  id: string;
  input: UpdateEstablishmentInput;
}) {
  return api.put(apiPaths.establishments.one(id), input, { schema: EstablishmentResponseSchema });
}

/** PUT /api/establishments/{id}: the fields sent change (settings not sent are kept). */
export function useUpdateEstablishment(options?: AlsoRefresh) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEstablishment,
    onSuccess: (answer) => {
      queryClient.setQueryData(establishmentKeys.detail(answer.data.id), answer.data);
      return invalidateAfterEstablishmentChange(queryClient, options);
    },
  });
}
