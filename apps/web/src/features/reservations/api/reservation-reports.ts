import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReservationReportListResponseSchema,
  ReservationReportResponseSchema,
} from '@hospes/shared/reservation-report';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateReservations, reservationKeys } from './keys';

/**
 * GET /api/establishments/{id}/reservation-reports: where each reservation's report (RH) to
 * SES.HOSPEDAJES stands (decision 071), for the list's reservations (still running from `from`).
 * Looked at again every 15 s while one is on its way.
 */
export function useReservationReports(establishmentId: string, from: string | undefined) {
  return useQuery({
    queryKey: reservationKeys.reports(establishmentId, from),
    queryFn: async () =>
      (
        await api.get(apiPaths.reservations.reports(establishmentId), {
          query: { from },
          schema: ReservationReportListResponseSchema,
        })
      ).data,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((r) => r.state === 'sent') ? 15_000 : false,
  });
}

/** POST /api/reservations/{id}/ses-report/send: what its RH calls for, now. */
export function useSendReservationReport(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await api.post(apiPaths.reservations.sendReport(id), undefined, {
          schema: ReservationReportResponseSchema,
        })
      ).data,
    onSettled: () => invalidateReservations(queryClient, establishmentId),
  });
}
