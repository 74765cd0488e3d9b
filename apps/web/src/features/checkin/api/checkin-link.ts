import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckinLinkResponseSchema } from '@hospes/shared/checkin';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

const linkKey = (establishmentId: string) => ['checkin-link', establishmentId] as const;

/** GET /api/establishments/{id}/checkin-link (created on first use). */
export const checkinLinkQuery = (establishmentId: string) =>
  queryOptions({
    queryKey: linkKey(establishmentId),
    queryFn: async () =>
      (await api.get(apiPaths.checkin.link(establishmentId), { schema: CheckinLinkResponseSchema }))
        .data,
  });

export function useCheckinLink(establishmentId: string, enabled: boolean) {
  return useQuery({ ...checkinLinkQuery(establishmentId), enabled });
}

/** Renew (new token) or revoke the link; the answer replaces the cached link. */
export function useChangeCheckinLink(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'renew' | 'revoke') => {
      const answer =
        action === 'renew'
          ? await api.post(apiPaths.checkin.renew(establishmentId), undefined, {
              schema: CheckinLinkResponseSchema,
            })
          : await api.delete(apiPaths.checkin.link(establishmentId), {
              schema: CheckinLinkResponseSchema,
            });
      return answer.data;
    },
    onSuccess: (link) => queryClient.setQueryData(linkKey(establishmentId), link),
  });
}
