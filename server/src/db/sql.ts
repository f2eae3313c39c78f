import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A timestamp column as ISO text in UTC, the same on both drivers. */
export const isoTimestamp = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A camp belongs to the year in which its period starts (decisions.md section 6). */
export const startsInYear = (startDateColumn: string, year: number): SQL =>
  sql`${sql.raw(startDateColumn)} >= ${`${year}-01-01`} and ${sql.raw(startDateColumn)} < ${`${year + 1}-01-01`}`;

/**
 * The day a subscription was booked, in Belgium: the dashboard's weeks of booking and the overview's booking-day
 * filter both count by it, so a week's figure and the list it links to hold the same subscriptions.
 */
export const bookingDay = (createdAtColumn: string): SQL => sql.raw(`(${createdAtColumn} at time zone 'Europe/Brussels')::date`);

/**
 * Many values as one JSON parameter instead of one parameter each: a bulk statement with thousands of
 * parameters is slow to bind (on PGlite seconds per thousand rows), one JSON text is parsed at once.
 */
export const jsonParam = (value: unknown): SQL => sql`${JSON.stringify(value)}::json`;

/** `column in <list>` for a long list of text values or ids, as one parameter. */
export const inList = (
  column: SQL | { getSQL(): SQL },
  values: readonly string[] | readonly number[],
  type: 'text' | 'int' = 'text',
): SQL => sql`${column} in (select json_array_elements_text(${jsonParam(values)})::${sql.raw(type)})`;

/** `(1, 2, 3)`: a few ids (a basket's) as an SQL list for `in`, one parameter each; `inList` for long lists. */
export const idList = (ids: readonly number[]): SQL =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** The digits of a stored national number, whatever its punctuation ('' for none): only the digits count. */
export const nationalNumberDigits = (column: AnyColumn | SQL): SQL => sql`regexp_replace(coalesce(${column}, ''), '\\D', '', 'g')`;

/** A stored national number is this one, whatever the punctuation of either (only the digits count). */
export const sameNationalNumber = (column: AnyColumn | SQL, nationalNumber: string): SQL =>
  sql`${nationalNumberDigits(column)} = ${nationalNumber.replace(/\D/g, '')}`;
