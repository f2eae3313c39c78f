/**
 * Optional country code and separators, then digits: +32 475 12 34 56, 0475/12.34.56, 09-123 45 67. Without zod, so the
 * public site's forms check a number as the server will (common/src/schemas/fields.ts builds its phone fields on it).
 */
export const PHONE_PATTERN = /^(\+\d{1,3}[\s./-]?)?(\(\d+\)[\s./-]?)?\d+([\s./-]?\d+)*$/;
