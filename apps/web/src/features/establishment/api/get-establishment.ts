import { queryOptions, useQuery } from '@tanstack/react-query';
import { EstablishmentResponseSchema } from '@hospes/shared/establishments';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { establishmentKeys } from './keys';

export function getEstablishment(id: string) {
  return api
    .get(apiPaths.establishments.one(id), { schema: EstablishmentResponseSchema })
    .then((answer) => answer.data);
}

/** GET /api/establishments/{id}. */
export const establishmentQuery = (id: string) =>
  queryOptions({ queryKey: establishmentKeys.detail(id), queryFn: () => getEstablishment(id) });

export function useEstablishment(id: string) {
  return useQuery(establishmentQuery(id));
}
