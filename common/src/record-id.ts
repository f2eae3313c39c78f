/**
 * The one id rule of the product, for every route and every API query or body: decimal digits only,
 * without a leading zero, from 1 to 2147483647 (a PostgreSQL integer). '0x1A', '1e1', '391.0', '0391'
 * and '2147483648' name no record.
 */
export const MAX_RECORD_ID = 2_147_483_647;

const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/** The id, or null when the value is not one: a number must be a whole number in range, text its decimal digits. */
export function parseRecordId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= MAX_RECORD_ID ? value : null;
  if (typeof value !== 'string' || !DECIMAL_ID.test(value)) return null;
  const id = Number(value);
  return id <= MAX_RECORD_ID ? id : null;
}
