import { useMutation, useQuery } from '@tanstack/react-query';
import {
  PublicCheckinInfoResponseSchema,
  PublicCheckinResponseSchema,
  type PublicCheckinInput,
} from '@hospes/shared/checkin';
import { UPLOAD_TIMEOUT_MS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** GET /api/public/checkin/{token}: the establishment behind a link (404 when no longer valid). */
export function usePublicCheckin(token: string) {
  return useQuery({
    queryKey: ['public-checkin', token],
    queryFn: async () =>
      (
        await api.get(apiPaths.checkin.publicInfo(token), {
          schema: PublicCheckinInfoResponseSchema,
          skipSessionExpiry: true,
        })
      ).data,
    enabled: token !== '',
    retry: false,
  });
}

/** POST /api/public/checkin/{token}: answers the confirmation code. */
export function useSubmitSelfRegistration(token: string) {
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
  });
}
