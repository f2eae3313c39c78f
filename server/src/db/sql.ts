import { sql, type SQL } from 'drizzle-orm';

/** A timestamp column as ISO text in UTC, the same on both drivers. */
export const isoTimestamp = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A camp belongs to the year in which its period starts (decisions.md section 6). */
export const startsInYear = (startDateColumn: string, year: number): SQL =>
  sql`${sql.raw(startDateColumn)} >= ${`${year}-01-01`} and ${sql.raw(startDateColumn)} < ${`${year + 1}-01-01`}`;
