import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PilgrimResponseSchema, type UpdatePilgrimInput } from '@hospes/shared/pilgrims';
import { UPLOAD_TIMEOUT_MS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateAfterPilgrimChange } from './keys';

export function updatePilgrim({ id, input }: { id: string; input: UpdatePilgrimInput }) {
  return api.put(apiPaths.pilgrims.one(id), input, {
    schema: PilgrimResponseSchema,
    // New photos or a new signature may travel with the data: the longer limit of an upload.
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

/** PUT /api/pilgrims/{id}: the fields sent change; an image replaces the stored one of its kind. */
export function useUpdatePilgrim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePilgrim,
    onSuccess: () => invalidateAfterPilgrimChange(queryClient),
  });
}
