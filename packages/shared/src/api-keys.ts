import { IdSchema, text } from './common';
import { PERMISSIONS, type Permission } from './team';
import { z } from './zod';

/**
 * API keys of an establishment (decision 068): a partner's program (a PMS, a channel manager, a
 * door lock) calls the API with `Authorization: Bearer hsp_live_…` and may do exactly what the
 * key's permissions allow, in the key's establishment only.
 */

/** Every key starts so: recognisable in a configuration file or a secret scanner. */
export const API_KEY_PREFIX = 'hsp_live_';

/**
 * What a key may be given: every permission but the team's (a key never manages members, roles
 * or other keys).
 */
export const API_KEY_PERMISSIONS = PERMISSIONS.filter(
  (p): p is Exclude<Permission, 'team.manage'> => p !== 'team.manage',
);
export const ApiKeyPermissionSchema = z.enum(API_KEY_PERMISSIONS);

/** How long a new key lives: a number of days, or no expiry (null / left out). */
export const API_KEY_MAX_DAYS = 730;

export const CreateApiKeyInputSchema = z.object({
  name: text(60),
  permissions: z
    .array(ApiKeyPermissionSchema)
    .min(1, 'validation.required')
    .max(API_KEY_PERMISSIONS.length)
    .transform((list) => [...new Set(list)]),
  expiresInDays: z.number().int().min(1).max(API_KEY_MAX_DAYS).nullable().optional(),
});
export type CreateApiKeyInput = z.input<typeof CreateApiKeyInputSchema>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;

export const ApiKeySchema = z.object({
  id: IdSchema,
  establishmentId: IdSchema,
  name: z.string(),
  /** The first characters of the secret (`hsp_live_` and four more). */
  prefix: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /**
   * The permissions the key acts with now: those of `permissions` its maker still holds in the
   * establishment (a maker who loses one, leaves the team or is deactivated takes it from the key).
   */
  permissionsInForce: z.array(z.enum(PERMISSIONS)),
  status: z.enum(API_KEY_STATUSES),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(ApiKeySchema),
});

/** The answer to a creation: the key, and its secret, which no later call shows again. */
export const CreatedApiKeyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ key: ApiKeySchema, secret: z.string() }),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKeyResponseSchema>['data'];

export const ApiKeyResponseSchema = z.object({ success: z.literal(true), data: ApiKeySchema });
