import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletePilgrimResponseSchema } from '@hospes/shared/pilgrims';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateAfterPilgrimChange, pilgrimsKey } from './keys';

export function deletePilgrim(id: string) {
  return api.delete(apiPaths.pilgrims.one(id), { schema: DeletePilgrimResponseSchema });
}

/** DELETE /api/pilgrims/{id}. */
export function useDeletePilgrim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePilgrim,
    onSuccess: (_answer, id) => {
      // The deleted record must not be refetched by a page that is still showing it.
      queryClient.removeQueries({ queryKey: [...pilgrimsKey, 'detail', id] });
      return invalidateAfterPilgrimChange(queryClient);
    },
  });
}
