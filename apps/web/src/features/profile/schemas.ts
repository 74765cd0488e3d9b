import { AccountSchema, ChangePasswordInputSchema } from '@hospes/shared/auth';
import { z } from '@hospes/shared/zod';

/** Whether the e-mail typed differs from the account's (the server compares them normalised). */
export function isEmailChange(typed: unknown, currentEmail: string): boolean {
  return (
    typeof typed === 'string' && typed.trim().toLowerCase() !== currentEmail.trim().toLowerCase()
  );
}

/**
 * Name and e-mail; a new e-mail also needs the current password (PUT /api/auth/me answers 400 on
 * `currentPassword` without it), so the form asks for it before calling the server.
 */
export function profileFormSchema(currentEmail: string) {
  return AccountSchema.pick({ name: true, email: true })
    .extend({ currentPassword: z.string().max(128) })
    .refine((value) => !isEmailChange(value.email, currentEmail) || value.currentPassword !== '', {
      message: 'validation.required',
      path: ['currentPassword'],
      when: (payload) => {
        const value = payload.value as { email?: unknown; currentPassword?: unknown } | undefined;
        return typeof value?.email === 'string' && typeof value.currentPassword === 'string';
      },
    });
}
export type ProfileFormValues = z.input<ReturnType<typeof profileFormSchema>>;
export type ProfileFormOutput = z.output<ReturnType<typeof profileFormSchema>>;

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
