/**
 * A traveler's communications to SES.HOSPEDAJES (decision 035) and their correction or
 * cancellation (decision 045): the Ministry has no "modify", so a correction cancels the stored
 * communication and sends the stay again; both show together in the record.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SesCorrectionSchema,
  SesSubmissionResponseSchema,
  SesTravelerCommunicationSchema,
  type SesTravelerCommunication,
} from '@hospes/shared/ses';
import { z } from '@hospes/shared/zod';
import { api } from '@/lib/api-client';

const CommunicationsResponse = z.object({
  success: z.literal(true),
  data: z.array(SesTravelerCommunicationSchema),
});
const CorrectionResponse = z.object({ success: z.literal(true), data: SesCorrectionSchema });

/** A call to the Ministry may take its time: the server waits up to 30 s for each answer. */
const SES_TIMEOUT_MS = 75_000;

export const sesCommunicationsKey = (pilgrimId: string) =>
  ['ses', 'communications', pilgrimId] as const;

const paths = {
  communications: (pilgrimId: string) =>
    `/pilgrims/${encodeURIComponent(pilgrimId)}/ses-communications`,
  correct: (pilgrimId: string) => `/pilgrims/${encodeURIComponent(pilgrimId)}/ses/correct`,
  cancel: (establishmentId: string, code: string) =>
    `/establishments/${encodeURIComponent(establishmentId)}/ses/communications/${encodeURIComponent(code)}/cancel`,
};

/** GET /api/pilgrims/{id}/ses-communications: what was sent of a traveler, newest first. */
export const sesCommunicationsQuery = (pilgrimId: string) =>
  queryOptions({
    queryKey: sesCommunicationsKey(pilgrimId),
    queryFn: async () =>
      (await api.get(paths.communications(pilgrimId), { schema: CommunicationsResponse })).data,
  });

export function useSesCommunications(pilgrimId: string) {
  return useQuery(sesCommunicationsQuery(pilgrimId));
}

/**
 * The communication the Ministry holds of the traveler, if any: an alta stored and not cancelled
 * (nor being cancelled), newest first.
 */
export function storedCommunication(
  list: readonly SesTravelerCommunication[],
): SesTravelerCommunication | undefined {
  return list.find(
    (c) => (c.operation ?? 'A') === 'A' && c.outcome === 'stored' && !c.cancellation,
  );
}

/**
 * The kinds of communication the Ministry holds of the traveler (partes first, then reservas):
 * each can be corrected (decision 048). Not the Ertzaintza's: A19 corrects nothing (decision 061).
 */
export function storedKinds(list: readonly SesTravelerCommunication[]): ('PV' | 'RH')[] {
  return (['PV', 'RH'] as const).filter((kind) =>
    list.some(
      (c) =>
        (c.operation ?? 'A') === 'A' &&
        c.kind === kind &&
        c.outcome === 'stored' &&
        c.authority !== 'ertzaintza' &&
        !c.cancellation,
    ),
  );
}

/** Whether the Ertzaintza holds a parte or reserva of the traveler (corrected on its portal). */
export function heldByErtzaintza(list: readonly SesTravelerCommunication[]): boolean {
  return list.some(
    (c) => (c.operation ?? 'A') === 'A' && c.outcome === 'stored' && c.authority === 'ertzaintza',
  );
}

/** POST /api/pilgrims/{id}/ses/correct: cancel the stored communication and send it again. */
export async function correctSes(pilgrimId: string, kind: 'PV' | 'RH') {
  return (
    await api.post(
      paths.correct(pilgrimId),
      { kind },
      { schema: CorrectionResponse, timeoutMs: SES_TIMEOUT_MS },
    )
  ).data;
}

export function useCorrectSes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pilgrimId, kind }: { pilgrimId: string; kind: 'PV' | 'RH' }) =>
      correctSes(pilgrimId, kind),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ses', 'communications'] }),
  });
}

/** POST /api/establishments/{id}/ses/communications/{code}/cancel: cancel it at the Ministry. */
export function useCancelSesCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ establishmentId, code }: { establishmentId: string; code: string }) =>
      (
        await api.post(paths.cancel(establishmentId, code), undefined, {
          schema: SesSubmissionResponseSchema,
          timeoutMs: SES_TIMEOUT_MS,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ses', 'communications'] }),
  });
}
