import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiKeyListResponseSchema,
  ApiKeyResponseSchema,
  CreatedApiKeyResponseSchema,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@hospes/shared/api-keys';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

export function getApiKeys(establishmentId: string): Promise<ApiKey[]> {
  return api
    .get(apiPaths.team.apiKeys(establishmentId), { schema: ApiKeyListResponseSchema })
    .then((answer) => answer.data);
}

/** GET /api/establishments/{id}/api-keys: the establishment's keys, never their secrets. */
export const apiKeysQuery = (establishmentId: string) =>
  queryOptions({
    queryKey: teamKeys.apiKeys(establishmentId),
    queryFn: () => getApiKeys(establishmentId),
  });

export function useApiKeys(establishmentId: string) {
  return useQuery(apiKeysQuery(establishmentId));
}

/** Creating (the answer holds the secret, once) and revoking keys; each refreshes the list. */
export function useApiKeyChanges(establishmentId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: teamKeys.apiKeys(establishmentId) });
  return {
    create: useMutation({
      mutationFn: (input: CreateApiKeyInput): Promise<CreatedApiKey> =>
        api
          .post(apiPaths.team.apiKeys(establishmentId), input, {
            schema: CreatedApiKeyResponseSchema,
          })
          .then((answer) => answer.data),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (id: string) =>
        api
          .delete(apiPaths.team.apiKey(establishmentId, id), { schema: ApiKeyResponseSchema })
          .then((answer) => answer.data),
      onSuccess,
    }),
  };
}
