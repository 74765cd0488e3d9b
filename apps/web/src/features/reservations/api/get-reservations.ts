import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReservationListResponseSchema } from '@hospes/shared/reservations';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { reservationKeys, type ReservationListQuery } from './keys';

/** GET /api/establishments/{id}/reservations: a page, by arrival date. */
export const reservationsQuery = (establishmentId: string, query: ReservationListQuery) =>
  queryOptions({
    queryKey: reservationKeys.list(establishmentId, query),
    queryFn: () =>
      api.get(apiPaths.reservations.list(establishmentId), {
        query,
        schema: ReservationListResponseSchema,
      }),
  });

export function useReservations(establishmentId: string, query: ReservationListQuery) {
  return useQuery({
    ...reservationsQuery(establishmentId, query),
    placeholderData: keepPreviousData,
  });
}
