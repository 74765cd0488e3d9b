import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmTravelerResponseSchema, normaliseConfirmationCode } from '@hospes/shared/checkin';
import { TravelerListResponseSchema, TravelerResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/** GET /api/pilgrims/by-code/{code}: the self-registered traveler (404 outside the tenancy). */
export async function getTravelerByCode(code: string) {
  const normal = normaliseConfirmationCode(code) ?? code;
  return (await api.get(apiPaths.checkin.byCode(normal), { schema: TravelerResponseSchema })).data;
}

/**
 * POST /api/pilgrims/{id}/confirm, with the day of arrival that becomes the entry date (decision
 * 031); without one the server takes the stay's check-in day or the establishment's today.
 */
export function useConfirmSelfRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, entryDate }: { id: string; entryDate?: string | undefined }) =>
      (
        await api.post(apiPaths.checkin.confirm(id), entryDate ? { entryDate } : {}, {
          schema: ConfirmTravelerResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pilgrims'] }),
  });
}

/**
 * Why a confirmation was refused: the server's reasons, one by one (a 400 names each rule the day
 * of arrival breaks), else its message, else `fallback`.
 */
export function confirmErrors(error: unknown, fallback: string): string[] {
  const reasons = isApiError(error) ? error.details.map((d) => d.message).filter(Boolean) : [];
  return reasons.length ? [...new Set(reasons)] : [errorText(error, fallback)];
}

/** How many self-registrations wait for review (GET /api/pilgrims?review=pending&limit=1). */
export function usePendingReviewCount() {
  return useQuery({
    queryKey: ['pilgrims', 'review-pending-count'],
    queryFn: async () =>
      (
        await api.get(apiPaths.pilgrims.list, {
          query: { review: 'pending', limit: 1 },
          schema: TravelerListResponseSchema,
        })
      ).pagination.total,
  });
}
