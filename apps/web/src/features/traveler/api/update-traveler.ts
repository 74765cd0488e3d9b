import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TravelerResponseSchema, type UpdateTravelerInput } from '@hospes/shared/travelers';
import { UPLOAD_TIMEOUT_MS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateAfterTravelerChange } from './keys';

export function updateTraveler({ id, input }: { id: string; input: UpdateTravelerInput }) {
  return api.put(apiPaths.pilgrims.one(id), input, {
    schema: TravelerResponseSchema,
    // New photos or a new signature may travel with the data: the longer limit of an upload.
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

/** PUT /api/pilgrims/{id}: the fields sent change; an image replaces the stored one of its kind. */
export function useUpdateTraveler() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTraveler,
    onSuccess: () => invalidateAfterTravelerChange(queryClient),
  });
}
