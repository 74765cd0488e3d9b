import { queryOptions, useQuery } from '@tanstack/react-query';
import { TodayArrivalsResponseSchema } from '@hospes/shared/reservations';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { reservationKeys } from './keys';

/** GET /api/establishments/{id}/reservations/today: the reservations arriving today. */
export const todayArrivalsQuery = (establishmentId: string) =>
  queryOptions({
    queryKey: reservationKeys.today(establishmentId),
    queryFn: async () =>
      (
        await api.get(apiPaths.reservations.today(establishmentId), {
          schema: TodayArrivalsResponseSchema,
        })
      ).data,
  });

export function useTodayArrivals(establishmentId: string) {
  return useQuery(todayArrivalsQuery(establishmentId));
}
