import { z } from 'zod';
import { formatDailyMaximums, parseDailyMaximums, RECOGNITION_CODES, type RecognitionCode } from '../fiscal-attests.js';
import { isValidIban } from '../identity-numbers.js';
import { validationMessages as m } from '../messages.js';
import { nonNegativeIntField, optionalText, positiveIntField, requiredText } from './fields.js';

/**
 * The organiser's settings (issue 17, 'Instellingen'): who sends the mails and signs the attests. They
 * take over from the environment; until staff save them, the environment's values are the defaults.
 */
export const settingsMessages = {
  iban: 'Foutief formaat: geen geldig IBAN-rekeningnummer.',
  bic: 'Foutief formaat: een BIC heeft 8 of 11 tekens.',
  companyNumber: 'Foutief formaat: een ondernemingsnummer heeft 10 cijfers, bijvoorbeeld 0123.456.749.',
  mailFrom: 'Foutief formaat: een mailadres, eventueel met naam: Kampen <kampen@voorbeeld.be>.',
  url: 'Foutief formaat: een webadres dat met https:// of http:// begint.',
  signatureImage: 'Foutief formaat: een PNG- of JPEG-afbeelding.',
  signatureImageTooLarge: 'Afbeelding te groot (hoogstens 150 kB).',
  dailyMaximums: 'Foutief formaat: per regel een inkomstenjaar en een bedrag, bijvoorbeeld 2023: 15,70.',
};

/** The largest signature image, as base64 in a data URL (fits the API's body limit with room to spare). */
export const SIGNATURE_IMAGE_MAX_BYTES = 150 * 1024;

/** Belgian company number (KBO): 10 digits, the last two 97 − (the first eight mod 97). Dots and spaces allowed. */
export function isValidCompanyNumber(text: string): boolean {
  const digits = text.replace(/[\s.]/g, '');
  if (!/^[01]\d{9}$/.test(digits)) return false;
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** 'kampen@voorbeeld.be' or 'Kampen <kampen@voorbeeld.be>'. */
export function isValidMailFrom(text: string): boolean {
  const named = /^[^<>]+<([^<>]+)>$/.exec(text.trim());
  return EMAIL.test(named ? named[1]!.trim() : text.trim());
}

const optionalChecked = (max: number, valid: (v: string) => boolean, message: string) =>
  optionalText(max)
    .refine((v) => v === null || valid(v.trim()), message)
    .transform((v) => v?.trim() ?? null);

const dataUrlBytes = (dataUrl: string) => Math.floor(((dataUrl.split(',')[1] ?? '').length * 3) / 4);

export const settingsPayload = z.object({
  ORGANISER_NAME: requiredText(2, 100),
  ORGANISER_ADDRESS: optionalText(300),
  ORGANISER_COMPANY_NUMBER: optionalChecked(20, isValidCompanyNumber, settingsMessages.companyNumber),
  ORGANISER_BELCOTAX_REFERENCE: optionalText(50),
  ORGANISER_IBAN: requiredText(1, 42).refine(isValidIban, settingsMessages.iban),
  ORGANISER_BIC: optionalChecked(
    11,
    (v) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v.toUpperCase()),
    settingsMessages.bic,
  ).transform((v) => v?.toUpperCase() ?? null),
  MAIL_FROM: requiredText(3, 200).refine(isValidMailFrom, settingsMessages.mailFrom),
  PUBLIC_SITE_URL: requiredText(1, 500).refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, settingsMessages.url),
  CERTIFYING_AUTHORITY: optionalText(200),
  SIGNATORY_NAME: optionalText(100),
  SIGNATORY_CAPACITY: optionalText(100),
  SIGNATURE_IMAGE: z
    .string({ error: m.wrongFormat })
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v))
    .refine((v) => v === null || /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/.test(v), settingsMessages.signatureImage)
    .refine((v) => v === null || dataUrlBytes(v) <= SIGNATURE_IMAGE_MAX_BYTES, settingsMessages.signatureImageTooLarge),
  /**
   * Fiscal attests (issue 16): who recognises the organiser (Belcotax code 1–4; empty: nobody, so no fiscal
   * attests), the certifying authority's address and company number, and the daily maximum per income year as
   * lines '2023: 15,70'. Left out, they stay as they are.
   */
  RECOGNITION_CODE: z
    .string({ error: m.wrongFormat })
    .nullish()
    .refine((v) => !v || (RECOGNITION_CODES as readonly string[]).includes(v), m.wrongFormat)
    .transform((v) => (v === undefined ? undefined : ((v || null) as RecognitionCode | null))),
  CERTIFYING_AUTHORITY_ADDRESS: optionalText(300).optional(),
  CERTIFYING_AUTHORITY_COMPANY_NUMBER: optionalChecked(20, isValidCompanyNumber, settingsMessages.companyNumber).optional(),
  FISCAL_DAILY_MAXIMUMS: optionalText(500)
    .refine((v) => v === null || parseDailyMaximums(v) !== null, settingsMessages.dailyMaximums)
    .transform((v) => (v === null ? '' : formatDailyMaximums(parseDailyMaximums(v)!)))
    .optional(),
  /** Payment reminders (issue 19): no second one within this many days, and at most this many; left out, they stay as they are. */
  REMINDER_INTERVAL_DAYS: nonNegativeIntField.optional(),
  REMINDER_MAX_COUNT: positiveIntField.optional(),
});
export type SettingsPayload = z.input<typeof settingsPayload>;
export type SettingsValues = z.output<typeof settingsPayload>;

/** GET getSettings: the organiser's settings (nothing secret); PUBLIC_SITE_URL as before, the base of voucher links. */
export const settingsRecord = z.object({
  ORGANISER_NAME: z.string(),
  ORGANISER_ADDRESS: z.string().nullable(),
  ORGANISER_COMPANY_NUMBER: z.string().nullable(),
  ORGANISER_BELCOTAX_REFERENCE: z.string().nullable(),
  ORGANISER_IBAN: z.string(),
  ORGANISER_BIC: z.string().nullable(),
  MAIL_FROM: z.string(),
  PUBLIC_SITE_URL: z.string(),
  CERTIFYING_AUTHORITY: z.string().nullable(),
  SIGNATORY_NAME: z.string().nullable(),
  SIGNATORY_CAPACITY: z.string().nullable(),
  SIGNATURE_IMAGE: z.string().nullable(),
  RECOGNITION_CODE: z.enum(RECOGNITION_CODES).nullable(),
  CERTIFYING_AUTHORITY_ADDRESS: z.string().nullable(),
  CERTIFYING_AUTHORITY_COMPANY_NUMBER: z.string().nullable(),
  /** '2023: 15,70' per line, oldest year first; '' when none is set. */
  FISCAL_DAILY_MAXIMUMS: z.string(),
  REMINDER_INTERVAL_DAYS: z.number(),
  REMINDER_MAX_COUNT: z.number(),
}) satisfies z.ZodType<SettingsValues>;
export type SettingsRecord = z.infer<typeof settingsRecord>;
