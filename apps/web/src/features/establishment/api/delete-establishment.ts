import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteEstablishmentResponseSchema } from '@hospes/shared/establishments';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { AlsoRefresh } from '@/lib/query-client';
import { establishmentKeys, invalidateAfterEstablishmentChange } from './keys';

export function deleteEstablishment(id: string) {
  return api.delete(apiPaths.establishments.one(id), { schema: DeleteEstablishmentResponseSchema });
}

/**
 * DELETE /api/establishments/{id}. The server refuses (409 ESTABLISHMENT_RECORDS_RETAINED) while
 * it keeps traveler records within the 3-year retention.
 */
export function useDeleteEstablishment(options?: AlsoRefresh) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEstablishment,
    onSuccess: (_answer, id) => {
      // A page still showing the deleted establishment must not refetch it.
      queryClient.removeQueries({ queryKey: establishmentKeys.detail(id) });
      return invalidateAfterEstablishmentChange(queryClient, options);
    },
  });
}
