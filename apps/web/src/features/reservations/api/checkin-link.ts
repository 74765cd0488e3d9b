import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReservationCheckinLinkResponseSchema,
  ReservationGuestLinksResponseSchema,
} from '@hospes/shared/reservations';
import type { Language } from '@hospes/shared/languages';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateReservations, reservationKeys } from './keys';

/**
 * GET /api/reservations/{id}/checkin-link: the reservation's check-in link, made on first use
 * (decision 066). A mutation: it is asked for when copied, not on every list.
 */
export function useReservationCheckinLink() {
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await api.get(apiPaths.reservations.checkinLink(id), {
          schema: ReservationCheckinLinkResponseSchema,
        })
      ).data,
  });
}

/** POST /api/reservations/{id}/checkin-link/send: the link e-mailed to the holder. */
export function useSendReservationCheckinLink(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, language }: { id: string; language: Language }) =>
      (
        await api.post(
          apiPaths.reservations.sendCheckinLink(id),
          { language },
          { schema: ReservationCheckinLinkResponseSchema },
        )
      ).data,
    onSuccess: () => invalidateReservations(queryClient, establishmentId),
  });
}

/** GET /api/reservations/{id}/guest-links: one link per guest (decision 071), asked when shown. */
export function useReservationGuestLinks(establishmentId: string, id: string) {
  return useQuery({
    queryKey: [...reservationKeys.of(establishmentId), 'guest-links', id] as const,
    queryFn: async () =>
      (
        await api.get(apiPaths.reservations.guestLinks(id), {
          schema: ReservationGuestLinksResponseSchema,
        })
      ).data,
  });
}
