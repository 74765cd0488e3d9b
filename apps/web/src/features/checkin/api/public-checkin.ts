import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PublicCheckinInfoResponseSchema,
  PublicCheckinResponseSchema,
  type PublicCheckinInput,
} from '@hospes/shared/checkin';
import { UPLOAD_TIMEOUT_MS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { api, type ApiError } from '@/lib/api-client';
import { deviceOffline } from '@/lib/query-client';
import { prerenderedCheckin } from './prerendered-checkin';
import { publicCheckinKey } from './public-checkin-key';

/** How many times the link's details are asked again after a failure that may pass. */
export const PUBLIC_CHECKIN_RETRIES = 3;

/**
 * Whether a failed request for the link's details is worth sending again: no answer (a dropped
 * connection, a timeout) or a server error (5xx), as a phone on a poor connection gets. Never an
 * answer about the link itself (404, 410: invalid or expired) or any other 4xx, and not while the
 * device says it is offline (the page says so at once; back online, the query asks again).
 */
export function retriesPublicCheckin(failures: number, error: ApiError): boolean {
  return (
    failures < PUBLIC_CHECKIN_RETRIES &&
    (error.status >= 500 || (error.status === 0 && !deviceOffline()))
  );
}

/** 1 s, 2 s, 4 s: a short drop in the connection passes before the page gives up. */
export const publicCheckinRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 8000);

/**
 * GET /api/public/checkin/{token}: the establishment behind a link (404 when no longer valid).
 * The first request of a traveler's phone, often on a poor connection: retried (above), and the
 * page offers another try when it still fails.
 */
export function usePublicCheckin(token: string) {
  return useQuery({
    queryKey: publicCheckinKey(token),
    queryFn: async () =>
      (
        await api.get(apiPaths.checkin.publicInfo(token), {
          schema: PublicCheckinInfoResponseSchema,
          skipSessionExpiry: true,
        })
      ).data,
    enabled: token !== '',
    // The details the page was rendered with on the server (decision 079), if any: no second
    // wait on a slow connection; asked again in the background as any stale query.
    initialData: () => prerenderedCheckin(token),
    initialDataUpdatedAt: 0,
    retry: retriesPublicCheckin,
    retryDelay: publicCheckinRetryDelay,
  });
}

/** POST /api/public/checkin/{token}: answers the confirmation code. */
export function useSubmitSelfRegistration(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, key }: { input: PublicCheckinInput; key: string }) =>
      (
        await api.post(apiPaths.checkin.publicInfo(token), input, {
          schema: PublicCheckinResponseSchema,
          skipSessionExpiry: true,
          timeoutMs: UPLOAD_TIMEOUT_MS,
          // Sent again with a retry of the same data: the same registration (decision 020).
          headers: { 'Idempotency-Key': key },
        })
      ).data,
    // A reservation's link counts its guests registered (decision 066): the next person sees it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['public-checkin', token] }),
  });
}
