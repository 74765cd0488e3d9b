import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '@hospes/shared/common';
import { DeviceSessionsResponseSchema } from '@hospes/shared/team';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

/** GET /api/auth/sessions: the devices the signed-in user is signed in on. */
export const devicesQuery = () =>
  queryOptions({
    queryKey: teamKeys.devices(),
    queryFn: () =>
      api
        .get(apiPaths.auth.sessions, { schema: DeviceSessionsResponseSchema })
        .then((answer) => answer.data),
  });

export function useDevices() {
  return useQuery(devicesQuery());
}

/** DELETE /api/auth/sessions/{id}: signs one device out. */
export function useSignDeviceOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(apiPaths.auth.session(id), { schema: MessageResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.devices() }),
  });
}
