import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserEstablishmentsResponseSchema } from '@hospes/shared/establishments';
import type { z } from '@hospes/shared/zod';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { establishmentKeys } from './keys';

export type UserEstablishment = z.infer<typeof UserEstablishmentsResponseSchema>['data'][number];

export function getUserEstablishments(): Promise<UserEstablishment[]> {
  return api
    .get(apiPaths.establishments.mine, { schema: UserEstablishmentsResponseSchema })
    .then((answer) => answer.data);
}

/** GET /api/establishments/user: the signed-in user's establishments. */
export const userEstablishmentsQuery = () =>
  queryOptions({ queryKey: establishmentKeys.mine(), queryFn: getUserEstablishments });

export function useUserEstablishments() {
  return useQuery(userEstablishmentsQuery());
}
