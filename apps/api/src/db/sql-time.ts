import { sql, type SQL } from 'drizzle-orm';

/**
 * An instant as the API answers it (`Date#toISOString`'s form, UTC, milliseconds), formatted by
 * PostgreSQL: the row carries the text, not a `Date` parsed only to be formatted again.
 */
export function isoUtc(column: SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
