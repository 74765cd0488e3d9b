import { useMutation } from '@tanstack/react-query';
import { MeResponseSchema, type UpdateProfileInput } from '@hospes/shared/auth';
import { z } from '@hospes/shared/zod';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

const UpdateProfileResponseSchema = MeResponseSchema.extend({ message: z.string() });

/** A new e-mail must come with `currentPassword`; a name alone needs none. */
export function updateProfile(input: UpdateProfileInput) {
  return api.put(apiPaths.auth.me, input, { schema: UpdateProfileResponseSchema });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
