import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserEstablishmentsResponseSchema } from '@hospes/shared/establishments';
import type { z } from '@hospes/shared/zod';
import { apiPaths } from '@/config/paths';
import { api, isApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { keepForOffline, keptForOffline } from '@/lib/offline-session';
import { establishmentKeys } from './keys';

export type UserEstablishment = z.infer<typeof UserEstablishmentsResponseSchema>['data'][number];

/** The name of the copy this device keeps for the desk without a connection (decision 073). */
const OFFLINE_COPY = 'establishments';

/**
 * The signed-in user's establishments. Each answer is kept on the device with the user's record
 * (lib/offline-session.ts): without a connection, that copy answers, so that the desk can show its
 * form and go on capturing (decision 073).
 */
export async function getUserEstablishments(): Promise<UserEstablishment[]> {
  const userId = authStore.getState().user?.id;
  try {
    const answer = await api.get(apiPaths.establishments.mine, {
      schema: UserEstablishmentsResponseSchema,
    });
    keepForOffline(userId, OFFLINE_COPY, answer.data);
    return answer.data;
  } catch (error) {
    const kept =
      isApiError(error) && error.status === 0
        ? keptForOffline<UserEstablishment[]>(userId, OFFLINE_COPY)
        : undefined;
    if (kept) return kept;
    throw error;
  }
}

/** GET /api/establishments/user: the signed-in user's establishments. */
export const userEstablishmentsQuery = () =>
  queryOptions({ queryKey: establishmentKeys.mine(), queryFn: getUserEstablishments });

export function useUserEstablishments() {
  return useQuery(userEstablishmentsQuery());
}
