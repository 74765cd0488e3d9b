import { queryOptions, useQuery } from '@tanstack/react-query';
import { PilgrimResponseSchema } from '@hospes/shared/pilgrims';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { pilgrimsKey } from './keys';

export function getPilgrim(id: string) {
  return api
    .get(apiPaths.pilgrims.one(id), { schema: PilgrimResponseSchema })
    .then((answer) => answer.data);
}

/** GET /api/pilgrims/{id}. */
export const pilgrimQuery = (id: string) =>
  queryOptions({ queryKey: [...pilgrimsKey, 'detail', id], queryFn: () => getPilgrim(id) });

export function usePilgrim(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...pilgrimQuery(id), enabled });
}
