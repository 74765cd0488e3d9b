import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicConfigResponseSchema, type PublicConfig } from '@hospes/shared/contact';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Testimonials and the operator's details, as the operator configured them (never made up). */
export async function getPublicConfig(): Promise<PublicConfig> {
  const answer = await api.get(apiPaths.publicConfig, { schema: PublicConfigResponseSchema });
  return answer.data;
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: getPublicConfig,
    staleTime: 5 * 60_000,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
