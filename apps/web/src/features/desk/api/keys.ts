import type { QueryClient } from '@tanstack/react-query';

/** Every traveler query starts with this key. */
export const travelersKey = ['pilgrims'] as const;

/**
 * After a traveler is created, changed or deleted: every list and detail is refetched (no stale
 * rows), and the establishments too, whose traveler counts changed.
 */
export function invalidateAfterTravelerChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: travelersKey }),
    queryClient.invalidateQueries({ queryKey: ['establishments'] }),
  ]);
}
