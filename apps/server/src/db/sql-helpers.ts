import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamp as the API writes one (`Date.prototype.toISOString`: UTC, milliseconds, `Z`), for
 * SQL that writes an answer itself. `MS` truncates the microseconds, as a JavaScript Date does.
 */
export const isoTimestamp = (expression: SQL) =>
  sql<string | null>`to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
