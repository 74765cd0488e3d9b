import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TravelerResponseSchema, type CreateTravelerInput } from '@hospes/shared/travelers';
import { UPLOAD_TIMEOUT_MS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { invalidateAfterTravelerChange } from './keys';

/**
 * A key for one registration (the `Idempotency-Key` header): sent again with a retry of the same
 * data, it makes the server answer the registration it already made instead of making a second
 * one, when the first answer was lost on the way. Random, 128 bits; `crypto.getRandomValues` works
 * without a secure context too (a lodging's own network over plain HTTP).
 */
export function newRegistrationKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createTraveler({ input, key }: { input: CreateTravelerInput; key?: string }) {
  return api.post(apiPaths.pilgrims.list, input, {
    schema: TravelerResponseSchema,
    // The photos and the signature travel with the data: the longer limit of an upload.
    timeoutMs: UPLOAD_TIMEOUT_MS,
    headers: key ? { 'Idempotency-Key': key } : undefined,
  });
}

/** POST /api/pilgrims: registers a traveler with the document images and the signature. */
export function useCreateTraveler() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTraveler,
    onSuccess: () => invalidateAfterTravelerChange(queryClient),
  });
}
