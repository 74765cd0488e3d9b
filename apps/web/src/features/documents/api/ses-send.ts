/**
 * Sending to SES.HOSPEDAJES from Hospes (decision 035): an establishment's web-service connection,
 * a send, the look at its lote, and a traveler's communications.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SesConnectionCheckSchema,
  SesConnectionSchema,
  SesSubmissionResponseSchema,
  SesSubmissionSchema,
  type SesConnectionInput,
  type SesSendInput,
  type SesSubmission,
} from '@hospes/shared/ses';
import { z } from '@hospes/shared/zod';
import { api } from '@/lib/api-client';
import { documentPaths } from './paths';

const ConnectionResponse = z.object({ success: z.literal(true), data: SesConnectionSchema });
const CheckResponse = z.object({ success: z.literal(true), data: SesConnectionCheckSchema });

/** A call to the Ministry may take its time: the server waits up to 30 s for its answer. */
const SES_TIMEOUT_MS = 75_000;

export const sesConnectionKey = (establishmentId: string) =>
  ['ses', 'connection', establishmentId] as const;

/** GET …/ses-connection: whether the establishment sends from Hospes, and as whom. */
export function useSesConnection(establishmentId: string, enabled = true) {
  return useQuery({
    queryKey: sesConnectionKey(establishmentId),
    queryFn: async () =>
      (await api.get(documentPaths.sesConnection(establishmentId), { schema: ConnectionResponse }))
        .data,
    enabled: enabled && !!establishmentId,
  });
}

export function useSaveSesConnection(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SesConnectionInput) =>
      (
        await api.put(documentPaths.sesConnection(establishmentId), input, {
          schema: ConnectionResponse,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(sesConnectionKey(establishmentId), data),
  });
}

export function useRemoveSesConnection(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await api.delete(documentPaths.sesConnection(establishmentId), {
          schema: ConnectionResponse,
        })
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(sesConnectionKey(establishmentId), data);
      // Its send modes went back to manual with it (decision 048).
      void queryClient.invalidateQueries({ queryKey: ['ses', 'schedule', establishmentId] });
    },
  });
}

/** POST …/ses-connection/check: asks the Ministry whether it takes the stored credentials. */
export function useCheckSesConnection(establishmentId: string) {
  return useMutation({
    mutationFn: async () =>
      (
        await api.post(documentPaths.sesConnectionCheck(establishmentId), undefined, {
          schema: CheckResponse,
          timeoutMs: SES_TIMEOUT_MS,
        })
      ).data,
  });
}

/** POST …/ses-submissions: the request as recorded, whatever the Ministry answered. */
export function useSendToSes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ establishmentId, ...input }: SesSendInput & { establishmentId: string }) =>
      (
        await api.post(documentPaths.sesSubmissions(establishmentId), input, {
          schema: SesSubmissionResponseSchema,
          timeoutMs: SES_TIMEOUT_MS,
        })
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(['ses', 'submission', data.id], data);
      // The records' "sent to SES" sections.
      void queryClient.invalidateQueries({ queryKey: ['ses', 'communications'] });
    },
  });
}

/** Ask about a queued request every 5 s, for at most this long; then by hand. */
const WATCH_MS = 3 * 60_000;
const WATCH_INTERVAL_MS = 5_000;

/**
 * A request just sent, asked about (POST …/check) every few seconds while the Ministry has not
 * processed it, for a few minutes from `since` (this device's clock, when the answer came); the
 * server keeps asking by itself after that.
 */
export function useWatchedSesSubmission(initial: SesSubmission | undefined, since: number) {
  const queryClient = useQueryClient();
  const id = initial?.id ?? '';
  return useQuery({
    queryKey: ['ses', 'submission', id],
    queryFn: async () => {
      const answer = await api.post(documentPaths.sesSubmissionCheck(id), undefined, {
        schema: SesSubmissionResponseSchema,
        timeoutMs: SES_TIMEOUT_MS,
      });
      if (answer.data.state !== 'queued')
        void queryClient.invalidateQueries({ queryKey: ['ses', 'communications'] });
      // The skipped count belongs to the send's answer only.
      return { ...answer.data, skipped: initial?.skipped };
    },
    initialData: initial,
    enabled: !!initial,
    staleTime: WATCH_INTERVAL_MS,
    refetchInterval: (query) =>
      query.state.data?.state === 'queued' && Date.now() - since < WATCH_MS
        ? WATCH_INTERVAL_MS
        : false,
  });
}

const SubmissionListResponse = z.object({
  success: z.literal(true),
  data: z.array(SesSubmissionSchema),
});

/**
 * The establishment's latest request, if it was made in the last few minutes: what became of a
 * send whose answer the connection lost.
 */
export async function recentSesSubmission(
  establishmentId: string,
): Promise<{ submission: SesSubmission; receivedAt: number } | null> {
  const answer = await api.get(documentPaths.sesSubmissions(establishmentId), {
    query: { page: 1, limit: 1 },
    schema: SubmissionListResponse,
  });
  const latest = answer.data[0];
  const receivedAt = Date.now();
  return latest && receivedAt - Date.parse(latest.createdAt) < 10 * 60_000
    ? { submission: latest, receivedAt }
    : null;
}

/** POST /api/ses-submissions/{id}/check from a traveler's record: asks the Ministry again. */
export function useCheckSesSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await api.post(documentPaths.sesSubmissionCheck(id), undefined, {
          schema: SesSubmissionResponseSchema,
          timeoutMs: SES_TIMEOUT_MS,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ses', 'communications'] }),
  });
}

/** GET /api/pilgrims/{id}/ses-communications: written once, in the traveler slice. */
export { useSesCommunications } from '@/features/traveler/api/ses-communications';
