import { useQuery } from '@tanstack/react-query';
import { TravelerListResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { travelerKeys } from './keys';

export async function getPendingReviewCount() {
  return (
    await api.get(apiPaths.pilgrims.list, {
      query: { review: 'pending', limit: 1 },
      schema: TravelerListResponseSchema,
    })
  ).pagination.total;
}

/** How many self-registrations wait for review (GET /api/pilgrims?review=pending&limit=1). */
export function usePendingReviewCount() {
  return useQuery({
    queryKey: travelerKeys.pendingReviewCount(),
    queryFn: getPendingReviewCount,
  });
}
