import { sql } from 'drizzle-orm';
import {
  API_KEY_ROLE,
  PERMISSIONS,
  permissionsOf,
  type MemberRole,
  type Permission,
} from '@hospes/shared/team';
import { apiKeys, establishmentMembers, establishmentRoles, users } from '../../db/schema';

/**
 * What an API key's maker holds now in the key's establishment, read with the key: whether the
 * maker's account is active, is a platform admin, and their membership's role and custom
 * permissions there (null: not a member any more; the whole value null: the account was deleted).
 */
export interface MakerNow {
  active: boolean;
  admin: boolean;
  role: MemberRole | null;
  custom: string[] | null;
}

export const makerNow = sql<MakerNow | null>`(select json_build_object(
    'active', mu.is_active,
    'admin', mu.role = 'admin',
    'role', mm.role,
    'custom', mr.permissions)
  from ${users} mu
  left join ${establishmentMembers} mm
    on mm.user_id = mu.id and mm.establishment_id = ${apiKeys.establishmentId}
  left join ${establishmentRoles} mr on mr.id = mm.custom_role_id
  where mu.id = ${apiKeys.createdBy})`;

/**
 * The permissions a key acts with: those it was given that its maker still holds in its
 * establishment (decision 068, narrowed since). A maker who left the team, lost a permission,
 * was deactivated or deleted takes it from their keys at once; given back, it returns.
 */
export function permissionsInForce(given: readonly string[], maker: MakerNow | null): Permission[] {
  const held: readonly Permission[] =
    !maker || !maker.active
      ? []
      : maker.admin
        ? PERMISSIONS
        : maker.role && (maker.role as string) !== API_KEY_ROLE
          ? permissionsOf(maker.role, maker.custom)
          : [];
  return permissionsOf('custom', given as string[]).filter((p) => held.includes(p));
}
