import { EmailSchema, IdSchema, PasswordSchema, text } from './common';
import { z } from './zod';

/**
 * What a member of an establishment may do there (decision 058). Every API route declares one of
 * these, or says it is public, the caller's own (self) or the platform admin's.
 */
export const PERMISSIONS = [
  'travelers.register',
  'travelers.view',
  'travelers.edit',
  'travelers.delete',
  'travelers.documentImages',
  'travelers.export',
  'travelers.import',
  'ses.send',
  'ses.connection',
  'team.manage',
  'establishment.manage',
  'audit.view',
] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

/** The preset roles; `custom` is a member holding one of the establishment's own roles. */
export const PRESET_ROLES = ['owner', 'manager', 'receptionist'] as const;
export type PresetRole = (typeof PRESET_ROLES)[number];
export const MEMBER_ROLES = [...PRESET_ROLES, 'custom'] as const;
export const MemberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof MemberRoleSchema>;

/**
 * The membership role of an API key's principal (decision 068): not a role a person is given, so
 * not among MEMBER_ROLES; its permissions are the key's.
 */
export const API_KEY_ROLE = 'api_key' as MemberRole;

/** The presets' permissions: the owner may do everything, the manager all but the team. */
export const PRESET_PERMISSIONS: Record<PresetRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => p !== 'team.manage'),
  receptionist: ['travelers.register', 'travelers.view', 'travelers.edit'],
};

/** The permissions of a member: its preset's, or its custom role's. */
export function permissionsOf(
  role: MemberRole,
  customPermissions: readonly string[] | null | undefined,
): Permission[] {
  if (role === 'custom')
    return (customPermissions ?? []).filter((p): p is Permission =>
      (PERMISSIONS as readonly string[]).includes(p),
    );
  return [...PRESET_PERMISSIONS[role]];
}

/** A role given to a member or an invitation: a preset (not owner by invitation) or a custom one. */
export const RoleChoiceSchema = z.union([
  z.object({ role: z.enum(PRESET_ROLES) }),
  z.object({ role: z.literal('custom'), customRoleId: IdSchema }),
]);
export type RoleChoice = z.infer<typeof RoleChoiceSchema>;

/** The signed-in user's membership of one establishment, as GET /auth/me answers it. */
export const MembershipSchema = z.object({
  establishmentId: IdSchema,
  establishmentName: z.string(),
  role: MemberRoleSchema,
  roleName: z.string().nullable(),
  permissions: z.array(PermissionSchema),
});
export type Membership = z.infer<typeof MembershipSchema>;

export const MemberSchema = z.object({
  userId: IdSchema,
  name: z.string(),
  email: z.string(),
  role: MemberRoleSchema,
  customRoleId: IdSchema.nullable(),
  roleName: z.string().nullable(),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

export const InvitationStatusSchema = z.enum(['pending', 'accepted', 'revoked', 'expired']);
export const InvitationSchema = z.object({
  id: IdSchema,
  email: z.string(),
  role: MemberRoleSchema,
  customRoleId: IdSchema.nullable(),
  roleName: z.string().nullable(),
  status: InvitationStatusSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const CustomRoleSchema = z.object({
  id: IdSchema,
  name: z.string(),
  permissions: z.array(PermissionSchema),
  members: z.number().int(),
});
export type CustomRole = z.infer<typeof CustomRoleSchema>;

export const TeamSchema = z.object({
  members: z.array(MemberSchema),
  invitations: z.array(InvitationSchema),
  roles: z.array(CustomRoleSchema),
});
export type Team = z.infer<typeof TeamSchema>;
export const TeamResponseSchema = z.object({ success: z.literal(true), data: TeamSchema });

export const InviteInputSchema = z.intersection(z.object({ email: EmailSchema }), RoleChoiceSchema);
export type InviteInput = z.infer<typeof InviteInputSchema>;
export const InvitationResponseSchema = z.object({
  success: z.literal(true),
  data: InvitationSchema,
  message: z.string().optional(),
});

export const ChangeRoleInputSchema = RoleChoiceSchema;
export type ChangeRoleInput = RoleChoice;

export const CustomRoleInputSchema = z.object({
  name: text(60),
  permissions: z
    .array(PermissionSchema)
    .min(1, 'validation.required')
    .max(PERMISSIONS.length)
    .transform((list) => [...new Set(list)]),
});
export type CustomRoleInput = z.infer<typeof CustomRoleInputSchema>;
export const CustomRoleResponseSchema = z.object({
  success: z.literal(true),
  data: CustomRoleSchema,
});

/** GET /team/invitations/:token: what the invitee sees before accepting (no personal data). */
export const InvitationPreviewSchema = z.object({
  establishmentName: z.string(),
  email: z.string(),
  roleName: z.string().nullable(),
  role: MemberRoleSchema,
  /** Whether the e-mail already has an account: the invitee then signs in instead of choosing a password. */
  hasAccount: z.boolean(),
});
export const InvitationPreviewResponseSchema = z.object({
  success: z.literal(true),
  data: InvitationPreviewSchema,
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** POST /team/invitations/accept: a new account for the invited e-mail, with its name and password. */
export const AcceptInvitationInputSchema = z.object({
  token: z.string().trim().min(1).max(200),
  name: text(150),
  password: PasswordSchema,
});
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInputSchema>;

/** POST /team/invitations/join: the signed-in account (the invited e-mail's) joins. */
export const JoinInvitationInputSchema = z.object({ token: z.string().trim().min(1).max(200) });
export const JoinInvitationResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ establishmentId: IdSchema }),
});

/** A session (device) of the signed-in user. */
export const DeviceSessionSchema = z.object({
  id: IdSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;
export const DeviceSessionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(DeviceSessionSchema),
});
