import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteTravelerResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { adminKeys, invalidateAdminData } from './keys';

export function deleteTraveler(id: string) {
  return api.delete(apiPaths.pilgrims.one(id), { schema: DeleteTravelerResponseSchema });
}

/** DELETE /api/pilgrims/{id}: really deletes (the original admin list only showed a toast). */
export function useDeleteTraveler() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTraveler,
    onSuccess: (_answer, id) => {
      // A page still showing the deleted record must not refetch it.
      queryClient.removeQueries({ queryKey: adminKeys.pilgrim(id) });
      // Its history too (components/traveler-history), which would answer 404.
      queryClient.removeQueries({ queryKey: ['pilgrims', 'detail', id] });
      return invalidateAdminData(queryClient);
    },
  });
}
