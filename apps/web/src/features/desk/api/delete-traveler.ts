import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteTravelerResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateAfterTravelerChange, travelersKey } from './keys';

export function deleteTraveler(id: string) {
  return api.delete(apiPaths.pilgrims.one(id), { schema: DeleteTravelerResponseSchema });
}

/** DELETE /api/pilgrims/{id}. */
export function useDeleteTraveler() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTraveler,
    onSuccess: (_answer, id) => {
      // The deleted record must not be refetched by a page that is still showing it.
      queryClient.removeQueries({ queryKey: [...travelersKey, 'detail', id] });
      return invalidateAfterTravelerChange(queryClient);
    },
  });
}
