import { useMutation } from '@tanstack/react-query';
import { MeResponseSchema } from '@hospes/shared/auth';
import { z } from '@hospes/shared/zod';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

const UpdateProfileResponseSchema = MeResponseSchema.extend({ message: z.string() });

export function updateProfile(input: { name?: string; email?: string }) {
  return api.put(apiPaths.auth.me, input, { schema: UpdateProfileResponseSchema });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
