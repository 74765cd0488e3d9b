import { queryOptions, useQuery } from '@tanstack/react-query';
import { TravelerResponseSchema } from '@hospes/shared/travelers';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { travelerKeys } from './keys';

export function getTraveler(id: string) {
  return api
    .get(apiPaths.pilgrims.one(id), { schema: TravelerResponseSchema })
    .then((answer) => answer.data);
}

/** GET /api/pilgrims/{id}. */
export const travelerQuery = (id: string) =>
  queryOptions({ queryKey: travelerKeys.detail(id), queryFn: () => getTraveler(id) });

export function useTraveler(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...travelerQuery(id), enabled });
}
