import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteDocumentPhotosResponseSchema } from '@hospes/shared/establishments';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { establishmentKeys } from '@/features/establishment/api/keys';
import { travelerKeys } from './keys';

export function deleteDocumentPhotos(id: string) {
  return api
    .delete(apiPaths.establishments.documentPhotos(id), {
      schema: DeleteDocumentPhotosResponseSchema,
    })
    .then((answer) => answer.data);
}

/**
 * DELETE /api/establishments/{id}/document-photos: the photos of identity documents still held
 * for an establishment that keeps none any more (decision 023). The travelers' records change, so
 * their queries are refreshed, and so are the establishments, whose setting may have changed.
 */
export function useDeleteDocumentPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocumentPhotos,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: travelerKeys.all }),
    // A refusal (409: photos kept again, from another tab) means the settings shown are stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: establishmentKeys.all }),
  });
}
