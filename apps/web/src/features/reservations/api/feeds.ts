import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@hospes/shared/zod';
import {
  CalendarExportResponseSchema,
  FeedListResponseSchema,
  FeedResponseSchema,
  type CreateFeedInput,
} from '@hospes/shared/reservations';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateReservations, reservationKeys } from './keys';

/** GET /api/establishments/{id}/reservation-feeds: the channels' calendars and their last reading. */
export const feedsQuery = (establishmentId: string) =>
  queryOptions({
    queryKey: reservationKeys.feeds(establishmentId),
    queryFn: async () =>
      (
        await api.get(apiPaths.reservations.feeds(establishmentId), {
          schema: FeedListResponseSchema,
        })
      ).data,
  });

/** The channels' calendars; not asked for by a member whose role may not manage them (`enabled`). */
export const useFeeds = (establishmentId: string, enabled = true) =>
  useQuery({ ...feedsQuery(establishmentId), enabled });

/** Add a calendar (read at once), read one now, or remove one. */
export function useChangeFeeds(establishmentId: string) {
  const queryClient = useQueryClient();
  const done = () => invalidateReservations(queryClient, establishmentId);
  return {
    add: useMutation({
      mutationFn: async (input: CreateFeedInput) =>
        (
          await api.post(apiPaths.reservations.feeds(establishmentId), input, {
            schema: FeedResponseSchema,
          })
        ).data,
      onSuccess: done,
    }),
    fetchNow: useMutation({
      mutationFn: async (id: string) =>
        (
          await api.post(apiPaths.reservations.fetchFeed(id), undefined, {
            schema: FeedResponseSchema,
          })
        ).data,
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        api.delete(apiPaths.reservations.feed(id), {
          schema: z.object({ success: z.literal(true) }),
        }),
      onSuccess: done,
    }),
  };
}

/** GET …/calendar-export (made on first use), and its renewal. */
export function useCalendarExport(establishmentId: string) {
  return useQuery({
    queryKey: reservationKeys.calendarExport(establishmentId),
    queryFn: async () =>
      (
        await api.get(apiPaths.reservations.calendarExport(establishmentId), {
          schema: CalendarExportResponseSchema,
        })
      ).data,
  });
}

export function useRenewCalendarExport(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await api.post(apiPaths.reservations.renewCalendarExport(establishmentId), undefined, {
          schema: CalendarExportResponseSchema,
        })
      ).data,
    onSuccess: (data) =>
      queryClient.setQueryData(reservationKeys.calendarExport(establishmentId), data),
  });
}
