import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BulkDeletePilgrimsResponseSchema } from '@hospes/shared/pilgrims';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateAfterPilgrimChange } from './keys';

export function bulkDeletePilgrims(pilgrimIds: string[]) {
  return api.post(
    apiPaths.pilgrims.bulkDelete,
    { pilgrimIds },
    { schema: BulkDeletePilgrimsResponseSchema },
  );
}

/** POST /api/pilgrims/bulk-delete. */
export function useBulkDeletePilgrims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeletePilgrims,
    onSuccess: () => invalidateAfterPilgrimChange(queryClient),
  });
}
