/** When an establishment's partes and reservas go to SES.HOSPEDAJES by themselves (decision 044). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SesScheduleSchema, type SesSchedule } from '@hospes/shared/ses-auto';
import { z } from '@hospes/shared/zod';
import { api } from '@/lib/api-client';
import { documentPaths } from './paths';

const ScheduleResponse = z.object({ success: z.literal(true), data: SesScheduleSchema });

export const sesScheduleKey = (establishmentId: string) =>
  ['ses', 'schedule', establishmentId] as const;

/** GET …/ses-schedule. */
export function useSesSchedule(establishmentId: string, enabled = true) {
  return useQuery({
    queryKey: sesScheduleKey(establishmentId),
    queryFn: async () =>
      (await api.get(documentPaths.sesSchedule(establishmentId), { schema: ScheduleResponse }))
        .data,
    enabled: enabled && !!establishmentId,
  });
}

/** PUT …/ses-schedule. */
export function useSaveSesSchedule(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SesSchedule) =>
      (
        await api.put(documentPaths.sesSchedule(establishmentId), input, {
          schema: ScheduleResponse,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(sesScheduleKey(establishmentId), data),
  });
}
