import { EmailSchema, IdSchema, PasswordSchema, text } from './common';
import { EstablishmentContactSchema, EstablishmentCoreSchema } from './establishments';
import { MembershipSchema } from './team';
import { z } from './zod';

export const ROLES = ['admin', 'user'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const UserSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  emailVerified: z.boolean(),
  language: z.string(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: z.string().min(1).max(128),
  /**
   * The device token a previous login of this account answered on this browser: failed logins
   * made elsewhere then do not lock this browser out.
   */
  deviceToken: z.string().max(200).optional(),
  /**
   * For the session cookie: false keeps it for the browser session only; absent or true, until the
   * session expires. API clients ignore it.
   */
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const AuthResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: UserSchema,
  /** After a login: to send with this browser's next login of the account (LoginInput). */
  deviceToken: z.string().optional(),
  message: z.string().optional(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** GET /auth/csrf-token: the token a cookie-authenticated unsafe request sends as X-CSRF-Token. */
export const CsrfTokenResponseSchema = z.object({ success: z.literal(true), token: z.string() });

/** GET /auth/me: the user, and their memberships with what each lets them do (decision 058). */
export const MeResponseSchema = z.object({
  success: z.literal(true),
  user: UserSchema,
  memberships: z.array(MembershipSchema).optional(),
});

export const AccountSchema = z.object({
  name: text(150),
  email: EmailSchema,
  password: PasswordSchema,
});

export const RegisterEstablishmentInputSchema = z.object({
  establishment: EstablishmentCoreSchema,
  contact: EstablishmentContactSchema,
  account: AccountSchema,
  acceptTerms: z.boolean().optional(),
  acceptPrivacy: z.boolean().optional(),
});
export type RegisterEstablishmentInput = z.infer<typeof RegisterEstablishmentInputSchema>;

export const RegisterResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ userId: IdSchema, establishmentId: IdSchema, email: z.string() }),
});

export const VerifyQuerySchema = z.object({ token: z.string().trim().min(1).max(200) });

export const EmailOnlyInputSchema = z.object({ email: EmailSchema });

/** The token of an e-mailed sign-in link (decision 049), used once. */
export const SignInLinkInputSchema = z.object({ token: z.string().trim().min(1).max(200) });

export const ResetPasswordInputSchema = z.object({
  token: z.string().trim().min(1).max(200),
  password: PasswordSchema,
});

export const ChangePasswordInputSchema = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: PasswordSchema,
});

/**
 * PUT /api/auth/me. `currentPassword` is required only when `email` differs from the account's
 * e-mail (the server checks it: 400 on the field when missing, 401 CURRENT_PASSWORD_INCORRECT
 * when wrong); a name-only change needs none.
 */
export const UpdateProfileInputSchema = z.object({
  name: text(150).optional(),
  email: EmailSchema.optional(),
  currentPassword: z.string().min(1).max(128).optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;
