import { z } from 'zod';
import { PAYMENT_METHOD } from '../constants.js';
import { PASSWORD_MAX_LENGTH } from './auth.js';
import { validationMessages as m } from '../messages.js';
import { emailField, idField, isRealDay, optionalIdField, requiredText } from './fields.js';
import { incomeYear } from './attests.js';
import { familyChild, newChildFields, newParentFields } from './registration.js';
import { parentNameAndAddress, subscriptionDetail } from './subscriptions.js';

/**
 * The public booking site's calls (issue 40): what a family sends and gets. The parent's and child's fields keep
 * the names and rules of the staff cards (common/src/schemas/registration.ts), so a family is checked as staff
 * check it. No answer carries a national number: a family sends it, never gets it back.
 */

/** getCamps: one camp year, the current one when absent. */
export const publicCampsQuery = z.object({
  campYear: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: m.wrongFormat }).int(m.wrongFormat).min(2000, m.wrongFormat).max(2100, m.wrongFormat).optional(),
  ),
});

/** A camp as the public site lists it: what a parent needs to choose, and whether and from when it can be booked. */
export const publicCamp = z.object({
  /** The camp, its theme, location, period and age group as the subscription detail names them. */
  ...subscriptionDetail.pick({
    CAMP_ID: true,
    THEME_NAME: true,
    LOCATION_ID: true,
    LOCATION_NAME: true,
    LOCATION_ADDRESS: true,
    PERIOD_ID: true,
    PERIOD_NAME: true,
    PERIOD_STARTDATE: true,
    PERIOD_ENDDATE: true,
    AGEGROUP_NAME: true,
  }).shape,
  MIN_BIRTHYEAR: z.number(),
  MAX_BIRTHYEAR: z.number(),
  CAMP_PRICE: z.number(),
  SEATS_OPEN: z.number(),
  CAMP_FLEXIBLE_BOOKING_ALLOWED: z.boolean(),
  ACTIVE_DAYS: z.array(z.string()),
  CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS: z.number(),
  CAMP_MINIMUM_REQUIRED_CAMP_DAYS: z.number(),
  CAMP_MAXIMUM_ALLOWED_CAMP_DAYS: z.number(),
  CAMP_DISCOUNT_ALLOWED: z.boolean(),
  CAMP_REDUCTION_TO_EARN: z.number(),
  CAMP_DISCOUNT_SELECTED_DAYS_ALLOWED: z.boolean(),
  /** The moment booking opens (the camp's, else its location's), ISO; null: open. */
  BOOKING_OPENS_AT: z.string().nullable(),
  BOOKING_INFO: z.string().nullable(),
  CAMP_CLOSED: z.boolean(),
});
export type PublicCamp = z.infer<typeof publicCamp>;

export const publicCampsAnswer = z.object({
  CAMP_YEAR: z.number(),
  CAMPS: z.array(publicCamp),
  LUNCH_PREFERENCES: z.array(z.object({ LUNCHPREFERENCE_ID: z.number(), LUNCHPREFERENCE_DESCRIPTION: z.string() })),
  ORGANISER_NAME: z.string(),
  /** The address of the organiser's logo (Beheer › Instellingen), changing with the logo; null without one. */
  ORGANISER_LOGO_URL: z.string().nullable(),
});
export type PublicCampsAnswer = z.infer<typeof publicCampsAnswer>;

const passwordField = z.string({ error: m.required }).min(1, m.required).max(PASSWORD_MAX_LENGTH, m.tooLong);

/** The parent's data on the public site: the staff card's fields; the e-mail address is the account's. */
export const publicParentFields = newParentFields.omit({ SUBSCRIBER_PARENT_EMAIL: true });
export type PublicParentFields = z.infer<typeof publicParentFields>;

export const signUpPayload = publicParentFields.extend({ email: emailField, password: passwordField });
export type SignUpPayload = z.infer<typeof signUpPayload>;

export const signInPayload = z.object({ email: emailField, password: passwordField });

/** A family's session: a Bearer token of its own kind (it starts with `gezin.`). */
export const familyToken = z.object({ token: z.string(), expiresAt: z.string() });

export const signInLinkPayload = z.object({ email: emailField });

/** A link's token from a mail: confirms the address (`confirmEmail`) or signs in once (`signInWithLink`). */
export const linkTokenPayload = z.object({
  token: z.string({ error: m.required }).trim().min(1, m.required).max(200, m.tooLong),
});

export const publicChild = z.object({
  CHILD_ID: z.number(),
  /** The child card's name, gender and birth date, as staff's family search answers them. */
  ...familyChild.omit({ SUBSCRIBER_ID: true }).shape,
  /** Whether a national number is stored (for the fiscal attest); the number itself is never answered. */
  SUBSCRIBER_HAS_NATIONALNR: z.boolean(),
  /**
   * The child has a booking (issue 34): its birth date and national number are staff's to change now (saveChild
   * refuses CHILD_DATA_LOCKED); the family asks with requestChildCorrection.
   */
  SUBSCRIBER_DATA_LOCKED: z.boolean(),
  /**
   * When the child's safety sheet (issue 35) was last saved, or null while it has none: 'Mijn inschrijvingen' says
   * per child whether it is filled in (`sheetStatus` of common/src/safety-sheet.ts).
   */
  SAFETY_SHEET_UPDATED_AT: z.string().nullable(),
});
export type PublicChild = z.infer<typeof publicChild>;

export const publicFamily = z.object({
  email: z.string(),
  emailConfirmed: z.boolean(),
  /**
   * The organiser knew this family already (same e-mail or national number): its records are linked once the
   * address is confirmed through the mailed link; until then no child can be added or booked.
   */
  linkPending: z.boolean(),
  /** The parent card's fields (the detail's) but the e-mail address, which is the account's. */
  PARENT: subscriptionDetail
    .pick({
      ...parentNameAndAddress,
      SUBSCRIBER_PARENT_COUNTRY: true,
      SUBSCRIBER_PARENT_PHONE: true,
      SUBSCRIBER_PARENT_PHONE2: true,
    })
    .extend({ SUBSCRIBER_PARENT_HAS_NATIONALNR: z.boolean() })
    .nullable(),
  CHILDREN: z.array(publicChild),
});
export type PublicFamily = z.infer<typeof publicFamily>;

export const saveParentPayload = publicParentFields;
export type SaveParentPayload = z.infer<typeof saveParentPayload>;

/**
 * saveChild: without CHILD_ID a new child; with it, that child of the family. An empty national number keeps the
 * stored one (the family never sees it, so it cannot send it back).
 */
export const saveChildPayload = newChildFields.extend({ CHILD_ID: optionalIdField });
export type SaveChildPayload = z.infer<typeof saveChildPayload>;

const daysField = z
  .array(z.string({ error: m.wrongFormat }).refine(isRealDay, m.wrongFormat), { error: m.wrongFormat })
  .max(100, m.tooLong)
  .refine((days) => new Set(days).size === days.length, m.wrongFormat)
  .optional()
  .transform((days) => (days ?? []).slice().sort());

export const bookItem = z.object({ CHILD_ID: idField, CAMP_ID: idField, days: daysField });

/** book: several children and camps at once, all or none. */
export const bookPayload = z.object({
  items: z.array(bookItem, { error: m.required }).min(1, m.required).max(20, m.tooLong),
  PAYMENTMETHOD_ID: idField.refine((v) => v === PAYMENT_METHOD.cash || v === PAYMENT_METHOD.bankTransfer, m.wrongFormat),
  LUNCHPREFERENCE_ID: optionalIdField,
  voucher: z.string({ error: m.wrongFormat }).trim().max(200, m.tooLong).optional(),
});
export type BookPayload = z.infer<typeof bookPayload>;

export const publicBooking = z.object({
  SUBSCRIPTION_ID: z.number(),
  SUBSCRIPTION_REFERENCE: z.string(),
  SUBSCRIPTION_OGM: z.string(),
  SUBSCRIPTION_AMOUNT_TO_PAY: z.number(),
  /** What is still open, and the payment method. */
  SUBSCRIPTION_SALDO: z.number(),
  PAYMENTMETHOD_ID: z.number(),
  /** The EPC QR code (its payload, and as an SVG image) for a transfer of what is open; null for cash or nothing open. */
  EPC_PAYLOAD: z.string().nullable(),
  PAYMENT_QR_SVG: z.string().nullable(),
});
export const bookAnswer = z.object({
  bookings: z.array(publicBooking),
  /** What to pay in all, the organiser's account and name (for the transfer and its EPC QR code). */
  TOTAL_TO_PAY: z.number(),
  ORGANISER_ACCOUNT: z.string(),
  ORGANISER_NAME: z.string(),
});
export type BookAnswer = z.infer<typeof bookAnswer>;

export const myBooking = publicBooking.extend({
  CHILD_ID: z.number(),
  SUBSCRIBER_FIRSTNAME: z.string(),
  ...publicCamp.pick({
    CAMP_ID: true,
    THEME_NAME: true,
    LOCATION_NAME: true,
    PERIOD_NAME: true,
    PERIOD_STARTDATE: true,
    PERIOD_ENDDATE: true,
  }).shape,
  DAYS: z.array(z.string()),
  SUBSCRIPTION_PAID_AMOUNT: z.number(),
  SUBSCRIPTION_CANCELLED: z.boolean(),
  /** What stays to pay when the family cancels (issue 34), shown before it confirms cancelBooking. */
  CAMP_CANCELLATION_FEE: z.number(),
  /** The last day the family may cancel itself (FAMILY_CANCEL_CUTOFF_DAYS before the camp), YYYY-MM-DD. */
  CANCEL_UNTIL: z.string(),
  /** The family may download this booking's participation attest (getAttestPdf, kind participation). */
  PARTICIPATION_ATTEST: z.boolean(),
});
/** A child's fiscal attest 281.86 of an income year that staff made, to download (getAttestPdf, kind fiscal). */
export const myFiscalAttest = z.object({ YEAR: z.number(), CHILD_ID: z.number(), SUBSCRIBER_FIRSTNAME: z.string() });
export const myBookingsAnswer = z.object({ BOOKINGS: z.array(myBooking), FISCAL_ATTESTS: z.array(myFiscalAttest) });

/**
 * getAttestPdf (issue 34): the participation attest of one of the family's bookings (kind participation,
 * subscriptionId), or a child's fiscal attests 281.86 of an income year (kind fiscal, childId and year).
 */
export const attestPdfQuery = z
  .object({
    kind: z.enum(['participation', 'fiscal'], { error: m.wrongFormat }),
    subscriptionId: optionalIdField,
    childId: optionalIdField,
    year: incomeYear.optional(),
  })
  .superRefine((query, context) => {
    const needed = query.kind === 'participation' ? (['subscriptionId'] as const) : (['childId', 'year'] as const);
    for (const field of needed) if (query[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: m.required });
  });
export type AttestPdfQuery = z.infer<typeof attestPdfQuery>;

/** requestChildCorrection (issue 34): what the family asks staff to correct of a booked child, in its own words. */
export const childCorrectionPayload = z.object({
  CHILD_ID: idField,
  MESSAGE: requiredText(5, 1000),
});
export type ChildCorrectionPayload = z.infer<typeof childCorrectionPayload>;
