import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteEstablishmentResponseSchema } from '@hospes/shared/establishments';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { adminKeys, invalidateAdminData } from './keys';

export function deleteEstablishment(id: string) {
  return api.delete(apiPaths.establishments.one(id), { schema: DeleteEstablishmentResponseSchema });
}

/** DELETE /api/establishments/{id} (refused with 409 while it keeps records under retention). */
export function useDeleteEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEstablishment,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.establishment(id) });
      return invalidateAdminData(queryClient);
    },
  });
}
