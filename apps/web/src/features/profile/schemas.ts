import { AccountSchema, ChangePasswordInputSchema } from '@hospes/shared/auth';
import { z } from '@hospes/shared/zod';

export const ProfileFormSchema = AccountSchema.pick({ name: true, email: true });
export type ProfileFormValues = z.input<typeof ProfileFormSchema>;
export type ProfileFormOutput = z.output<typeof ProfileFormSchema>;

export const ChangePasswordFormSchema = ChangePasswordInputSchema.extend({
  confirmPassword: z.string().min(1).max(128),
}).refine((value) => value.newPassword === value.confirmPassword, {
  message: 'validation.passwordsMustMatch',
  path: ['confirmPassword'],
  when: (payload) => {
    const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | undefined;
    return (
      typeof value?.newPassword === 'string' &&
      typeof value.confirmPassword === 'string' &&
      value.confirmPassword !== ''
    );
  },
});
export type ChangePasswordFormValues = z.input<typeof ChangePasswordFormSchema>;
