import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { establishmentMembers } from './schema';

/**
 * Whose data a request may reach: an admin reaches every establishment, anybody else only the
 * establishments they are a member of (establishment_members). Every query of tenant data puts
 * `inScope(scope, column)` in its WHERE clause.
 */
export type Scope = { admin: true } | { admin: false; userId: string };

export function scopeOf(actor: { id: string; role: string }): Scope {
  return actor.role === 'admin' ? { admin: true } : { admin: false, userId: actor.id };
}

/**
 * The condition "this establishment id is reachable", for a column holding an establishment id.
 * `userId` replaces the scope's user id in the SQL, for a prepared statement's placeholder.
 */
export function inScope(
  scope: Scope,
  establishmentIdColumn: AnyPgColumn | SQL,
  userId: unknown = scope.admin ? null : scope.userId,
): SQL {
  if (scope.admin) return sql`true`;
  return sql`${establishmentIdColumn} in (select ${establishmentMembers.establishmentId} from ${establishmentMembers} where ${establishmentMembers.userId} = ${userId})`;
}

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
