import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamp as the API writes one (`Date.prototype.toISOString`: UTC, milliseconds, `Z`), for
 * SQL that writes an answer itself. `MS` truncates the microseconds, as a JavaScript Date does.
 */
export const isoTimestamp = (expression: SQL) =>
  sql<string | null>`to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A name or other text people read, in the order they expect it sorted: the ICU root collation
 * ("und-x-icu": Álvarez beside alonso, Ñúñez after Nuñez, lower case before upper case of the same
 * word), whatever collation the database was created with (decision 029). ORDER BY this, and give
 * an index that backs the sort the same expression.
 */
export const byName = (column: AnyPgColumn | SQL) => sql`${column} collate "und-x-icu"`;
