import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteTravelerResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { AlsoRefresh } from '@/lib/query-client';
import { invalidateAfterTravelerChange, travelerKeys } from './keys';

export function deleteTraveler(id: string) {
  return api.delete(apiPaths.pilgrims.one(id), { schema: DeleteTravelerResponseSchema });
}

/** DELETE /api/pilgrims/{id}: really deletes. */
export function useDeleteTraveler(options?: AlsoRefresh) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTraveler,
    onSuccess: (_answer, id) => {
      // The deleted record must not be refetched by a page that is still showing it, nor its
      // history (which would answer 404).
      queryClient.removeQueries({ queryKey: travelerKeys.detail(id) });
      // Not awaited: the caller's onSuccess (the record page leaving for the list) must not wait
      // for the refetches, one of which is the record page's own (404): answered first, it shows
      // "not found" and unmounts the dialog whose onSuccess would have left the page.
      void invalidateAfterTravelerChange(queryClient, options);
    },
  });
}
