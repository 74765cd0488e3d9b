import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmPilgrimResponseSchema, normaliseConfirmationCode } from '@hospes/shared/checkin';
import { PilgrimListResponseSchema, PilgrimResponseSchema } from '@hospes/shared/pilgrims';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** GET /api/pilgrims/by-code/{code}: the self-registered traveler (404 outside the tenancy). */
export async function getPilgrimByCode(code: string) {
  const normal = normaliseConfirmationCode(code) ?? code;
  return (await api.get(apiPaths.checkin.byCode(normal), { schema: PilgrimResponseSchema })).data;
}

/** POST /api/pilgrims/{id}/confirm. */
export function useConfirmSelfRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await api.post(apiPaths.checkin.confirm(id), undefined, {
          schema: ConfirmPilgrimResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pilgrims'] }),
  });
}

/** How many self-registrations wait for review (GET /api/pilgrims?review=pending&limit=1). */
export function usePendingReviewCount() {
  return useQuery({
    queryKey: ['pilgrims', 'review-pending-count'],
    queryFn: async () =>
      (
        await api.get(apiPaths.pilgrims.list, {
          query: { review: 'pending', limit: 1 },
          schema: PilgrimListResponseSchema,
        })
      ).pagination.total,
  });
}
