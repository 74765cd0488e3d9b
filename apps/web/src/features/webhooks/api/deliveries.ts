import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  WebhookDeliveryListResponseSchema,
  WebhookDeliveryResponseSchema,
} from '@hospes/shared/webhooks';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateWebhooks, webhookKeys } from './keys';

export const DELIVERIES_PAGE_SIZE = 20;

/** GET /api/webhooks/{id}/deliveries: a page, newest first, each with its attempts. */
export const deliveriesQuery = (establishmentId: string, endpointId: string, page: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(establishmentId, endpointId, page),
    queryFn: () =>
      api.get(apiPaths.webhooks.deliveries(endpointId), {
        query: { page, limit: DELIVERIES_PAGE_SIZE },
        schema: WebhookDeliveryListResponseSchema,
      }),
  });

/** The deliveries; looked at again every few seconds while one is still pending. */
export function useDeliveries(establishmentId: string, endpointId: string, page: number) {
  return useQuery({
    ...deliveriesQuery(establishmentId, endpointId, page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => d.state === 'pending') ? 3000 : false,
  });
}

/** A test event to the endpoint, or a delivery sent again (same id and body). */
export function useSendDelivery(establishmentId: string) {
  const queryClient = useQueryClient();
  const done = () => invalidateWebhooks(queryClient, establishmentId);
  return {
    test: useMutation({
      mutationFn: async (endpointId: string) =>
        (
          await api.post(apiPaths.webhooks.action(endpointId, 'test'), undefined, {
            schema: WebhookDeliveryResponseSchema,
          })
        ).data,
      onSuccess: done,
    }),
    replay: useMutation({
      mutationFn: async (deliveryId: string) =>
        (
          await api.post(apiPaths.webhooks.replay(deliveryId), undefined, {
            schema: WebhookDeliveryResponseSchema,
          })
        ).data,
      onSuccess: done,
    }),
  };
}
