import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { PHONE_PATTERN } from '../phone.js';
import { MAX_RECORD_ID, parseRecordId } from '../record-id.js';

/**
 * Field builders with the Dutch messages of spec section 5. The first message of a field is the one
 * shown, so 'Veld verplicht' comes before the length checks.
 */
const requiredError = { error: m.required };
/** Missing is 'Veld verplicht'; present but of the wrong kind ('abc' for a number) is 'Foutief formaat'. */
const requiredOrWrongFormat = { error: (issue: { input?: unknown }) => (issue.input === undefined ? m.required : m.wrongFormat) };

export function requiredText(min: number, max: number, tooLong: string = m.tooLong) {
  return z.string(requiredError).trim().min(1, m.required).min(min, m.tooShort).max(max, tooLong);
}

export function optionalText(max = 2000) {
  return z
    .string({ error: m.wrongFormat })
    .max(max, m.tooLong)
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v));
}

export const emailField = z
  .string(requiredError)
  .trim()
  .min(1, m.required)
  .max(254, m.tooLong)
  .pipe(z.email({ error: m.invalidEmail }));

export { PHONE_PATTERN };

export const phoneField = z.string(requiredError).trim().min(1, m.required).max(30, m.tooLong).regex(PHONE_PATTERN, m.wrongFormat);
export const optionalPhoneField = z
  .string({ error: m.wrongFormat })
  .trim()
  .max(30, m.tooLong)
  .refine((v) => v === '' || PHONE_PATTERN.test(v), m.wrongFormat);

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Numbers arrive as numbers or as text from form inputs ('12', '12,5'); empty text is missing. */
const toNumber = (v: unknown) =>
  typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(',', '.'))) : emptyToUndefined(v);

/**
 * Ids arrive as numbers, as text in a query or from a form select; missing or empty is 'Veld verplicht',
 * anything the one id rule of `record-id.ts` refuses is 'Foutief formaat'.
 */
const toRecordId = (v: unknown) => {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
  return parseRecordId(v) ?? Number.NaN;
};

export const idField = z.preprocess(
  toRecordId,
  z.number(requiredOrWrongFormat).int(m.wrongFormat).positive(m.wrongFormat).max(MAX_RECORD_ID, m.wrongFormat),
);

export const optionalIdField = z.preprocess(
  toRecordId,
  z.number({ error: m.wrongFormat }).int(m.wrongFormat).positive(m.wrongFormat).max(MAX_RECORD_ID, m.wrongFormat).optional(),
);

/**
 * The version of a record the saving form was made from (docs/decisions.md, 'Stale and lost data'). Optional, so
 * that a client that sends none saves as before; a save that names an older version than the stored one is
 * refused with 409.
 */
export const versionField = optionalIdField;

function numberField() {
  return z.preprocess(toNumber, z.number(requiredOrWrongFormat).refine(Number.isFinite, m.wrongFormat));
}

/**
 * A required positive number whose form starts at 0 (the new-camp defaults of spec section 9): 0 is a field
 * left untouched, so 'Veld verplicht'; below 0 is 'Foutief formaat'.
 */
const untouchedZero = (v: number) => v !== 0;

export const positiveIntField = numberField().pipe(
  z.number().int(m.wrongFormat).refine(untouchedZero, m.required).positive(m.wrongFormat).max(1_000_000, m.tooLong),
);
export const nonNegativeIntField = numberField().pipe(z.number().int(m.wrongFormat).min(0, m.wrongFormat).max(1_000_000, m.tooLong));

/** Euro with at most two decimals, as the API carries money. */
export const positiveEuroField = numberField().pipe(
  z
    .number()
    .refine(untouchedZero, m.required)
    .positive(m.wrongFormat)
    .max(1_000_000, m.tooLong)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, m.wrongFormat),
);
export const nonNegativeEuroField = numberField().pipe(
  z
    .number()
    .min(0, m.wrongFormat)
    .max(1_000_000, m.tooLong)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, m.wrongFormat),
);

/** Select values 'true'/'false' become booleans (spec section 2, camp detail). */
export const booleanField = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : emptyToUndefined(v)),
  z.boolean(requiredOrWrongFormat),
);

/**
 * A day of the calendar as YYYY-MM-DD from 1900 to 2999: '2025-02-30' and '2027-13-01' are refused
 * (Date.parse would roll them over), and so is a typo year such as 0198 (PostgreSQL refuses year 0 outright).
 */
export function isRealDay(text: string): boolean {
  if (!/^(19|2\d)\d{2}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

/** A moment as an ISO timestamp with its zone, 2025-09-30T08:00:00.000Z or 2025-09-30T10:00+02:00, on a real day. */
export function isRealDateTime(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/.exec(text);
  return match !== null && isRealDay(match[1]!) && !Number.isNaN(Date.parse(text));
}

/** A moment as a datetime-local input gives it, in the browser's own zone: 2025-09-30T10:00, on a real day. */
export function isRealLocalDateTime(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.exec(text);
  return match !== null && isRealDay(match[1]!);
}

/** The one date rule of the product: every YYYY-MM-DD field and list item goes through it. */
export const isoDate = z.string({ error: m.wrongFormat }).refine(isRealDay, m.wrongFormat);

/** The one timestamp rule: '2025-02-30T08:00:00Z' is refused instead of stored as 2 March. */
export const isoDateTime = z.string({ error: m.wrongFormat }).trim().refine(isRealDateTime, m.wrongFormat);

/** First message per field, keyed by the top-level field name: the `fields` of a 400 answer. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
