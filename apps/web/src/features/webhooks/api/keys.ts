import type { QueryClient } from '@tanstack/react-query';

/** The query keys of webhooks, one factory: invalidating `of(id)` refreshes an establishment's. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  of: (establishmentId: string) => [...webhookKeys.all, establishmentId] as const,
  list: (establishmentId: string) => [...webhookKeys.of(establishmentId), 'list'] as const,
  deliveries: (establishmentId: string, endpointId: string, page: number) =>
    [...webhookKeys.of(establishmentId), 'deliveries', endpointId, page] as const,
};

export function invalidateWebhooks(queryClient: QueryClient, establishmentId: string) {
  return queryClient.invalidateQueries({ queryKey: webhookKeys.of(establishmentId) });
}
