import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PilgrimResponseSchema, type CreatePilgrimInput } from '@hospes/shared/pilgrims';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateAfterPilgrimChange } from './keys';

export function createPilgrim(input: CreatePilgrimInput) {
  return api.post(apiPaths.pilgrims.list, input, { schema: PilgrimResponseSchema });
}

/** POST /api/pilgrims: registers a traveler with the document images and the signature. */
export function useCreatePilgrim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPilgrim,
    onSuccess: () => invalidateAfterPilgrimChange(queryClient),
  });
}
