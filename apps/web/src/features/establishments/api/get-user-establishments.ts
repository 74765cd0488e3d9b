import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserEstablishmentsResponseSchema } from '@hospes/shared/establishments';
import type { z } from '@hospes/shared/zod';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export type UserEstablishment = z.infer<typeof UserEstablishmentsResponseSchema>['data'][number];

/** Every query about establishments starts with this key, so one invalidation refreshes them. */
export const establishmentsKey = ['establishments'] as const;

export function getUserEstablishments(): Promise<UserEstablishment[]> {
  return api
    .get(apiPaths.establishments.mine, { schema: UserEstablishmentsResponseSchema })
    .then((answer) => answer.data);
}

/** GET /api/establishments/user: the signed-in user's establishments. */
export const userEstablishmentsQuery = () =>
  queryOptions({ queryKey: [...establishmentsKey, 'user'], queryFn: getUserEstablishments });

export function useUserEstablishments() {
  return useQuery(userEstablishmentsQuery());
}
