import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  PRESET_PERMISSIONS,
  PRESET_ROLES,
  type Permission,
  type PresetRole,
} from '@hospes/shared/team';
import { apiKeys, establishmentMembers, establishmentRoles } from './schema';

/**
 * Whose data a request may reach: an admin reaches every establishment, anybody else only the
 * establishments they are a member of (establishment_members) and, when the request's route
 * declares a permission (plugins/permissions.ts), only those where their role grants it
 * (decision 058). Every query of tenant data puts `inScope(scope, column)` in its WHERE clause.
 */
export type Scope =
  { admin: true } | { admin: false; userId: string; permission?: Permission | undefined };

export function scopeOf(actor: { id: string; role: string; permission?: Permission }): Scope {
  return actor.role === 'admin'
    ? { admin: true }
    : { admin: false, userId: actor.id, permission: actor.permission };
}

/** The literal array of a preset's permissions (from the code, never from a request). */
const presetArray = (role: PresetRole) =>
  sql.raw(`array[${PRESET_PERMISSIONS[role].map((p) => `'${p}'`).join(',')}]::text[]`);

/**
 * The permissions of the member row `m` (an establishment_members alias), as a text[]. An API
 * key's principal (role `api_key`, decision 068) has its key's, while the key is neither revoked
 * nor expired: a revocation takes effect in the very statement that reads the data.
 */
export const memberPermissionsSql = (m: string) =>
  sql`case ${sql.raw(`${m}.role`)} ${sql.join(
    PRESET_ROLES.map((role) => sql`when ${sql.raw(`'${role}'`)} then ${presetArray(role)}`),
    sql` `,
  )} when 'api_key' then coalesce((select k.permissions from ${apiKeys} k where k.user_id = ${sql.raw(`${m}.user_id`)} and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())), '{}'::text[]) else coalesce((select r.permissions from ${establishmentRoles} r where r.id = ${sql.raw(`${m}.custom_role_id`)}), '{}'::text[]) end`;

/**
 * The condition "this establishment id is reachable", for a column holding an establishment id.
 * `bound` replaces the scope's user id and permission in the SQL, for a prepared statement's
 * placeholders (the permission bound as null: any membership).
 */
export function inScope(
  scope: Scope,
  establishmentIdColumn: AnyPgColumn | SQL,
  bound?: { userId: unknown; permission: unknown },
): SQL {
  if (scope.admin) return sql`true`;
  const userId = bound ? bound.userId : scope.userId;
  const permission = bound ? bound.permission : scope.permission;
  const granted =
    permission === undefined
      ? sql``
      : sql` and (${permission}::text is null or ${permission}::text = any(${memberPermissionsSql('m')}))`;
  return sql`${establishmentIdColumn} in (select m.establishment_id from ${establishmentMembers} m where m.user_id = ${userId}${granted})`;
}

/** The permission of a scope as a prepared statement's parameter (null: any membership). */
export const scopePermission = (scope: Scope): string | null =>
  scope.admin ? null : (scope.permission ?? null);

const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñçÿ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuncy';

/** lower(), without accents: the SQL twin of normaliseSearchText for short columns. */
export function unaccentLower(column: AnyPgColumn | SQL): SQL {
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;
}

/** Letters and digits only, lower case, no accents: the SQL twin of provinceKey. */
export function letterKey(column: AnyPgColumn | SQL): SQL {
  return sql`regexp_replace(${unaccentLower(column)}, '[^a-z0-9]', '', 'g')`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in paths are checked here rather than by the schema, so a malformed one is a plain 404. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
