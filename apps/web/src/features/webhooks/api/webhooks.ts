import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@hospes/shared/zod';
import {
  WebhookListResponseSchema,
  WebhookResponseSchema,
  WebhookWithSecretResponseSchema,
  type CreateWebhookInput,
  type UpdateWebhookInput,
} from '@hospes/shared/webhooks';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateWebhooks, webhookKeys } from './keys';

/** GET /api/establishments/{id}/webhooks: the endpoints, with their last delivery. */
export const webhooksQuery = (establishmentId: string) =>
  queryOptions({
    queryKey: webhookKeys.list(establishmentId),
    queryFn: async () =>
      (await api.get(apiPaths.webhooks.of(establishmentId), { schema: WebhookListResponseSchema }))
        .data,
  });

export const useWebhooks = (establishmentId: string) => useQuery(webhooksQuery(establishmentId));

/** Register, edit, rotate the secret of, pause, resume and remove endpoints. */
export function useChangeWebhooks(establishmentId: string) {
  const queryClient = useQueryClient();
  const done = () => invalidateWebhooks(queryClient, establishmentId);
  const setState = async ({ id, action }: { id: string; action: 'pause' | 'resume' }) =>
    (
      await api.post(apiPaths.webhooks.action(id, action), undefined, {
        schema: WebhookResponseSchema,
      })
    ).data;
  return {
    create: useMutation({
      mutationFn: async (input: CreateWebhookInput) =>
        (
          await api.post(apiPaths.webhooks.of(establishmentId), input, {
            schema: WebhookWithSecretResponseSchema,
          })
        ).data,
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: async ({ id, input }: { id: string; input: UpdateWebhookInput }) =>
        (await api.patch(apiPaths.webhooks.one(id), input, { schema: WebhookResponseSchema })).data,
      onSuccess: done,
    }),
    rotate: useMutation({
      mutationFn: async (id: string) =>
        (
          await api.post(apiPaths.webhooks.action(id, 'secret'), undefined, {
            schema: WebhookWithSecretResponseSchema,
          })
        ).data,
      onSuccess: done,
    }),
    /** Pause or resume. */
    setState: useMutation({ mutationFn: setState, onSuccess: done }),
    remove: useMutation({
      mutationFn: (id: string) =>
        api.delete(apiPaths.webhooks.one(id), { schema: z.object({ success: z.literal(true) }) }),
      onSuccess: done,
    }),
  };
}
