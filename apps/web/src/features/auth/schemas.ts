import { AccountSchema, LoginInputSchema } from '@hospes/shared/auth';
import { EmailSchema, PasswordSchema } from '@hospes/shared/common';
import { EstablishmentContactSchema, EstablishmentCoreSchema } from '@hospes/shared/establishments';
import { z } from '@hospes/shared/zod';

/**
 * Form schemas, built from the shared contract. Only what a form adds is defined here:
 * password confirmation, "remember me", and the two acceptance boxes.
 */

type WithConfirmation = { password?: unknown; confirmPassword?: unknown };

/** Adds "Passwords must match" on `confirmPassword`, also while other fields still have errors. */
function confirmation<S extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: S,
): S {
  return schema.refine((value) => value.password === value.confirmPassword, {
    message: 'validation.passwordsMustMatch',
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as WithConfirmation | undefined;
      return (
        typeof value?.password === 'string' &&
        typeof value.confirmPassword === 'string' &&
        value.confirmPassword !== ''
      );
    },
  }) as S;
}

export const LoginFormSchema = LoginInputSchema.extend({ remember: z.boolean() });
export type LoginFormValues = z.input<typeof LoginFormSchema>;

export const ForgotPasswordFormSchema = z.object({ email: EmailSchema });
export type ForgotPasswordFormValues = z.input<typeof ForgotPasswordFormSchema>;

export const NewPasswordFormSchema = confirmation(
  z.object({ password: PasswordSchema, confirmPassword: z.string().min(1).max(128) }),
);
export type NewPasswordFormValues = z.input<typeof NewPasswordFormSchema>;

export const RegisterFormSchema = z.object({
  establishment: EstablishmentCoreSchema,
  contact: EstablishmentContactSchema,
  account: confirmation(AccountSchema.extend({ confirmPassword: z.string().min(1).max(128) })),
  acceptTerms: z.boolean().refine((accepted) => accepted, 'validation.termsRequired'),
  acceptPrivacy: z.boolean().refine((accepted) => accepted, 'validation.privacyRequired'),
});
export type RegisterFormValues = z.input<typeof RegisterFormSchema>;
export type RegisterFormOutput = z.output<typeof RegisterFormSchema>;

/** The three wizard steps and the fields each one validates (spec §4). */
export const REGISTER_STEPS = [
  {
    key: 'establishment',
    fields: [
      'establishment.name',
      'establishment.type',
      'establishment.nif',
      'establishment.address',
      'establishment.city',
      'establishment.province',
      'establishment.postalCode',
      'establishment.phone',
    ],
  },
  { key: 'contact', fields: ['contact.contactName', 'contact.contactEmail'] },
  {
    key: 'account',
    fields: [
      'account.name',
      'account.email',
      'account.password',
      'account.confirmPassword',
      'acceptTerms',
      'acceptPrivacy',
    ],
  },
] as const;

export type RegisterField = (typeof REGISTER_STEPS)[number]['fields'][number];
export const REGISTER_FIELDS: readonly RegisterField[] = REGISTER_STEPS.flatMap(
  (step) => step.fields,
);

/** The step (0-based) that holds a field path such as `establishment.nif`; -1 if none. */
export function stepOfField(field: string): number {
  return REGISTER_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field));
}

export const EMPTY_REGISTRATION: RegisterFormValues = {
  establishment: {
    name: '',
    type: 'hostel',
    nif: '',
    address: '',
    city: '',
    province: '',
    postalCode: '',
    phone: '',
  },
  contact: { contactName: '', contactEmail: '' },
  account: { name: '', email: '', password: '', confirmPassword: '' },
  acceptTerms: false,
  acceptPrivacy: false,
};
