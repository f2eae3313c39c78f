import { z } from 'zod';
import { formatDailyMaximums, parseDailyMaximums, RECOGNITION_CODES, type RecognitionCode } from '../fiscal-attests.js';
import { isValidIban } from '../identity-numbers.js';
import { validationMessages as m } from '../messages.js';
import { nonNegativeIntField, optionalText, PHONE_PATTERN, positiveIntField, requiredText } from './fields.js';
import { VOLUNTEER_KINDS, type VolunteerKind } from '../volunteer-allowance.js';

/**
 * The organiser's settings (issue 17, 'Instellingen'): who sends the mails and signs the attests. They
 * take over from the environment; until staff save them, the environment's values are the defaults.
 */
export const settingsMessages = {
  iban: 'Foutief formaat: geen geldig IBAN-rekeningnummer.',
  bic: 'Foutief formaat: een BIC heeft 8 of 11 tekens.',
  companyNumber: 'Foutief formaat: een ondernemingsnummer heeft 10 cijfers, bijvoorbeeld 0123.456.749.',
  companyNumberCheckDigits:
    'Dit ondernemingsnummer bestaat niet: de laatste twee cijfers (het controlegetal) passen niet bij de eerste acht. Kijk het nummer na, bijvoorbeeld in de KBO.',
  mailFrom: 'Foutief formaat: een mailadres, eventueel met naam: Kampen <kampen@voorbeeld.be>.',
  url: 'Foutief formaat: een webadres dat met https:// of http:// begint.',
  signatureImage: 'Foutief formaat: een PNG- of JPEG-afbeelding.',
  signatureImageTooLarge: 'Afbeelding te groot (hoogstens 150 kB).',
  logoTooLarge: 'Logo te groot (hoogstens 100 kB): verklein het voor de website.',
  dailyMaximums: 'Foutief formaat: per regel een inkomstenjaar en een bedrag, bijvoorbeeld 2023: 15,70.',
  belcotaxPhone: 'Foutief formaat: een telefoonnummer van 8 tot 12 cijfers, bijvoorbeeld 09 123 45 67 of +32 9 123 45 67.',
  belcotaxEmail: 'Foutief formaat: een mailadres, bijvoorbeeld boekhouding@voorbeeld.be.',
};

/**
 * The settings the Belcotax-on-web file needs, by the card and label the settings page shows them under: the export
 * names a missing one with these words, and the attests page lists them with a link to the settings page.
 */
export const belcotaxSettingLabels = {
  ORGANISER_ADDRESS: 'Organisator › Adres (straat en nummer, postcode en gemeente, zoals Sportlaan 5, 9000 Gent)',
  ORGANISER_COMPANY_NUMBER: 'Organisator › Ondernemingsnummer (KBO)',
  BELCOTAX_CONTACT_NAME: 'Belcotax-aangifte › Contactpersoon',
  BELCOTAX_CONTACT_PHONE: 'Belcotax-aangifte › Telefoonnummer',
  BELCOTAX_CONTACT_EMAIL: 'Belcotax-aangifte › Mailadres',
  CERTIFYING_AUTHORITY: 'Fiscale attesten › Certificerende overheid',
  CERTIFYING_AUTHORITY_ADDRESS: 'Fiscale attesten › Adres certificerende overheid (met postcode en gemeente)',
  CERTIFYING_AUTHORITY_COMPANY_NUMBER: 'Fiscale attesten › Ondernemingsnummer certificerende overheid',
} as const;
export type BelcotaxSetting = keyof typeof belcotaxSettingLabels;

/** The longest text Belcotax takes in the contact zones (its brochure's lengths: v0021 34, v0018 12, v0023 44). */
export const BELCOTAX_LENGTHS = { contactName: 34, phone: 12, email: 44 } as const;

/** A phone number without its separators: digits, with a leading + for a country code ('+3291234567'). */
export const compactPhone = (text: string) => text.replace(/[^\d+]/g, '');

/**
 * A phone number as Belcotax's zone v0018 holds it (at most 12 characters): as typed when it fits, as the example
 * file writes '02 572 57 57'; else without separators.
 */
export const belcotaxPhone = (text: string) => (text.trim().length <= BELCOTAX_LENGTHS.phone ? text.trim() : compactPhone(text));

/** A phone number Belcotax takes: typed as people do (spaces, dots, slashes), 8 to 12 characters without them. */
export function isValidBelcotaxPhone(text: string): boolean {
  const compact = compactPhone(text);
  return PHONE_PATTERN.test(text.trim()) && /^\+?\d{8,12}$/.test(compact) && compact.length <= BELCOTAX_LENGTHS.phone;
}

/** The largest signature image, as base64 in a data URL (fits the API's body limit with room to spare). */
export const SIGNATURE_IMAGE_MAX_BYTES = 150 * 1024;
/** The largest logo: every first visit of the public site loads it. */
export const LOGO_MAX_BYTES = 100 * 1024;

/**
 * Why a typed Belgian company number (KBO) is none, or null when it is one: 10 digits starting with 0 or 1 (dots and
 * spaces allowed), the last two 97 − (the first eight mod 97). A wrong check number says so (issue 39).
 */
export function companyNumberProblem(text: string): string | null {
  const digits = text.replace(/[\s.]/g, '');
  if (!/^[01]\d{9}$/.test(digits)) return settingsMessages.companyNumber;
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8)) ? null : settingsMessages.companyNumberCheckDigits;
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

/** An optional text refused with the message its own problem names. */
const optionalWithProblem = (max: number, problem: (v: string) => string | null) =>
  optionalText(max)
    .superRefine((v, ctx) => {
      const message = v === null ? null : problem(v.trim());
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((v) => v?.trim() ?? null);

const dataUrlBytes = (dataUrl: string) => Math.floor(((dataUrl.split(',')[1] ?? '').length * 3) / 4);

/** An optional PNG or JPEG as a data URL of at most `maxBytes` ('' or null: none). */
const imageDataUrl = (maxBytes: number, tooLarge: string) =>
  z
    .string({ error: m.wrongFormat })
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v))
    .refine((v) => v === null || /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/.test(v), settingsMessages.signatureImage)
    .refine((v) => v === null || dataUrlBytes(v) <= maxBytes, tooLarge);

/**
 * The volunteer allowance caps (issue 36) in euro, per calendar year and kind of volunteer:
 * `{ "2026": { "gewoon": 41.48, "verhoogd": 41.48 } }`. A year sent replaces that year; years not sent stay.
 */
const capAmount = z
  .number({ error: m.wrongFormat })
  .positive(m.wrongFormat)
  .max(100_000, m.tooLong)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, m.wrongFormat);
const volunteerCaps = z.record(
  z.string().regex(/^(20|21)\d{2}$/, m.wrongFormat),
  z.object(Object.fromEntries(VOLUNTEER_KINDS.map((k) => [k, capAmount])) as Record<VolunteerKind, typeof capAmount>, {
    error: m.wrongFormat,
  }),
  { error: m.wrongFormat },
);
export const volunteerCapsPayload = z.object({
  VOLUNTEER_DAILY_CAP: volunteerCaps.optional(),
  VOLUNTEER_YEARLY_CAP: volunteerCaps.optional(),
});
const volunteerCapsAnswer = z.record(z.string(), z.object({ gewoon: z.number(), verhoogd: z.number() }));

export const settingsPayload = z
  .object({
    ORGANISER_NAME: requiredText(2, 100),
    ORGANISER_ADDRESS: optionalText(300),
    ORGANISER_COMPANY_NUMBER: optionalWithProblem(20, companyNumberProblem),
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
    SIGNATURE_IMAGE: imageDataUrl(SIGNATURE_IMAGE_MAX_BYTES, settingsMessages.signatureImageTooLarge),
    /** The logo of the public site's header (issue 40); left out, it stays as it is. */
    ORGANISER_LOGO: imageDataUrl(LOGO_MAX_BYTES, settingsMessages.logoTooLarge).optional(),
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
    CERTIFYING_AUTHORITY_COMPANY_NUMBER: optionalWithProblem(20, companyNumberProblem).optional(),
    FISCAL_DAILY_MAXIMUMS: optionalText(500)
      .refine((v) => v === null || parseDailyMaximums(v) !== null, settingsMessages.dailyMaximums)
      .transform((v) => (v === null ? '' : formatDailyMaximums(parseDailyMaximums(v)!)))
      .optional(),
    /** Payment reminders (issue 19): no second one within this many days, and at most this many; left out, they stay as they are. */
    REMINDER_INTERVAL_DAYS: nonNegativeIntField.optional(),
    REMINDER_MAX_COUNT: positiveIntField.optional(),
    /** The waiting list (issue 34): hours an offered seat is held; the days before a camp until which a family cancels itself. Left out, they stay as they are. */
    WAITING_OFFER_HOURS: positiveIntField.optional(),
    FAMILY_CANCEL_CUTOFF_DAYS: nonNegativeIntField.optional(),
    /**
     * The contact of the Belcotax-on-web file (issue 32), whom the tax administration writes about the file: zones
     * v0021, v0018 and v0023 the schema requires. Left out, they stay as they are.
     */
    BELCOTAX_CONTACT_NAME: optionalText(BELCOTAX_LENGTHS.contactName)
      .transform((v) => v?.trim() ?? null)
      .optional(),
    BELCOTAX_CONTACT_PHONE: optionalChecked(20, isValidBelcotaxPhone, settingsMessages.belcotaxPhone).optional(),
    BELCOTAX_CONTACT_EMAIL: optionalChecked(BELCOTAX_LENGTHS.email, (v) => EMAIL.test(v), settingsMessages.belcotaxEmail).optional(),
  })
  .extend(volunteerCapsPayload.shape);
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
  ORGANISER_LOGO: z.string().nullable(),
  RECOGNITION_CODE: z.enum(RECOGNITION_CODES).nullable(),
  CERTIFYING_AUTHORITY_ADDRESS: z.string().nullable(),
  CERTIFYING_AUTHORITY_COMPANY_NUMBER: z.string().nullable(),
  /** '2023: 15,70' per line, oldest year first; '' when none is set. */
  FISCAL_DAILY_MAXIMUMS: z.string(),
  REMINDER_INTERVAL_DAYS: z.number(),
  REMINDER_MAX_COUNT: z.number(),
  WAITING_OFFER_HOURS: z.number(),
  FAMILY_CANCEL_CUTOFF_DAYS: z.number(),
  BELCOTAX_CONTACT_NAME: z.string().nullable(),
  BELCOTAX_CONTACT_PHONE: z.string().nullable(),
  BELCOTAX_CONTACT_EMAIL: z.string().nullable(),
}) satisfies z.ZodType<SettingsValues>;
export type SettingsRecord = z.infer<typeof settingsRecord>;

/** getSettings and updateSettings answer the settings and the volunteer allowance caps in force (issue 36): the saved years over the official defaults. */
export const settingsAnswer = settingsRecord.extend({
  VOLUNTEER_DAILY_CAP: volunteerCapsAnswer,
  VOLUNTEER_YEARLY_CAP: volunteerCapsAnswer,
});
export type SettingsAnswer = z.infer<typeof settingsAnswer>;
export type VolunteerCapsInEuro = z.infer<typeof volunteerCapsAnswer>;
