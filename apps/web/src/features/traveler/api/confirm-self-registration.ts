import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmTravelerResponseSchema } from '@hospes/shared/checkin';
import { apiPaths } from '@/config/paths';
import { api, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { travelerKeys } from './keys';

export async function confirmSelfRegistration({
  id,
  entryDate,
}: {
  id: string;
  entryDate?: string | undefined;
}) {
  return (
    await api.post(apiPaths.checkin.confirm(id), entryDate ? { entryDate } : {}, {
      schema: ConfirmTravelerResponseSchema,
    })
  ).data;
}

/**
 * POST /api/pilgrims/{id}/confirm, with the day of arrival that becomes the entry date (decision
 * 031); without one the server takes the stay's check-in day or the establishment's today.
 */
export function useConfirmSelfRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSelfRegistration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: travelerKeys.all }),
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
