import type { QueryClient } from '@tanstack/react-query';

/** Every traveler query starts with this key. */
export const pilgrimsKey = ['pilgrims'] as const;

/**
 * After a traveler is created, changed or deleted: every list and detail is refetched (no stale
 * rows), and the establishments too, whose traveler counts changed.
 */
export function invalidateAfterPilgrimChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: pilgrimsKey }),
    queryClient.invalidateQueries({ queryKey: ['establishments'] }),
  ]);
}
