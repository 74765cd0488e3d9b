import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BulkDeleteTravelersResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateAfterTravelerChange } from './keys';

export function bulkDeleteTravelers(pilgrimIds: string[]) {
  return api.post(
    apiPaths.pilgrims.bulkDelete,
    { pilgrimIds },
    { schema: BulkDeleteTravelersResponseSchema },
  );
}

/** POST /api/pilgrims/bulk-delete. */
export function useBulkDeleteTravelers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteTravelers,
    onSuccess: () => invalidateAfterTravelerChange(queryClient),
  });
}
