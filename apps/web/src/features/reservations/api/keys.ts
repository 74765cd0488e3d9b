import type { QueryClient } from '@tanstack/react-query';
import type { ListReservationsQuery } from '@hospes/shared/reservations';

type ListQuery = Partial<Pick<ListReservationsQuery, 'from' | 'to' | 'status' | 'page' | 'limit'>>;

/** The query keys of reservations, one factory: invalidating `of(id)` refreshes all of one establishment. */
export const reservationKeys = {
  all: ['reservations'] as const,
  of: (establishmentId: string) => [...reservationKeys.all, establishmentId] as const,
  list: (establishmentId: string, query: ListQuery) =>
    [...reservationKeys.of(establishmentId), 'list', query] as const,
  today: (establishmentId: string) => [...reservationKeys.of(establishmentId), 'today'] as const,
  reports: (establishmentId: string, from: string | undefined) =>
    [...reservationKeys.of(establishmentId), 'reports', from ?? ''] as const,
  feeds: (establishmentId: string) => [...reservationKeys.of(establishmentId), 'feeds'] as const,
  calendarExport: (establishmentId: string) =>
    [...reservationKeys.of(establishmentId), 'calendar-export'] as const,
};

/** After a reservation or a calendar changes: everything of the establishment refetches. */
export function invalidateReservations(queryClient: QueryClient, establishmentId: string) {
  return queryClient.invalidateQueries({ queryKey: reservationKeys.of(establishmentId) });
}

export type { ListQuery as ReservationListQuery };
