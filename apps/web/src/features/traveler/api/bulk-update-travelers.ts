import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BulkUpdateTravelersResponseSchema,
  type BulkUpdateTravelersInput,
} from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateAfterTravelerChange } from './keys';

export function bulkUpdateTravelers(input: BulkUpdateTravelersInput) {
  return api.patch(apiPaths.pilgrims.bulk, input, { schema: BulkUpdateTravelersResponseSchema });
}

/** PATCH /api/pilgrims/bulk: check several travelers out, or set their payment type. */
export function useBulkUpdateTravelers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateTravelers,
    onSuccess: () => invalidateAfterTravelerChange(queryClient),
  });
}
