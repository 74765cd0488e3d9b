import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletePilgrimResponseSchema } from '@hospes/shared/pilgrims';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { adminKeys, invalidateAdminData } from './keys';

export function deletePilgrim(id: string) {
  return api.delete(apiPaths.pilgrims.one(id), { schema: DeletePilgrimResponseSchema });
}

/** DELETE /api/pilgrims/{id}: really deletes (the original admin list only showed a toast). */
export function useDeletePilgrim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePilgrim,
    onSuccess: (_answer, id) => {
      // A page still showing the deleted record must not refetch it.
      queryClient.removeQueries({ queryKey: adminKeys.pilgrim(id) });
      // Its history too (components/traveler-history), which would answer 404.
      queryClient.removeQueries({ queryKey: ['pilgrims', 'detail', id] });
      return invalidateAdminData(queryClient);
    },
  });
}
