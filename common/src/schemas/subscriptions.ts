import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { parseEuroAmount } from '../money.js';
import { PAYMENT_STATUSES } from '../payment-status.js';
import { SUBSCRIPTION_SOURCES } from '../subscription-source.js';
import { campYearQuery } from './taxonomy.js';
import { SUBSCRIPTION_CAMP_FIELDS, SUBSCRIPTION_OWN_FIELDS } from '../subscription-fields.js';
import {
  emailField,
  idField,
  isoDate,
  optionalIdField,
  optionalPhoneField,
  optionalText,
  phoneField,
  requiredText,
  versionField,
} from './fields.js';

export const subscriptionIdPayload = z.object({ SUBSCRIPTION_ID: idField });
export type SubscriptionIdPayload = z.infer<typeof subscriptionIdPayload>;

/**
 * 'Bedragen gelijk zetten': SUBSCRIPTION_AMOUNT_TO_PAY, when sent, is the amount the user confirmed; the call is
 * refused (409) when the amount to pay is no longer that, so the paid amount never becomes an amount nobody saw.
 */
export const paymentCompletePayload = subscriptionIdPayload.extend({
  SUBSCRIPTION_AMOUNT_TO_PAY: z.number({ error: m.wrongFormat }).finite(m.wrongFormat).optional(),
});
export type PaymentCompletePayload = z.infer<typeof paymentCompletePayload>;

/**
 * A child or parent may have several subscriptions: SUBSCRIPTION_ID names the one whose detail the
 * call answers (without it, the newest).
 */
export const updateSubscriberPayload = z.object({
  SUBSCRIBER_ID: idField,
  SUBSCRIPTION_ID: optionalIdField,
  SUBSCRIBER_VERSION: versionField,
  SUBSCRIBER_FIRSTNAME: requiredText(2, 50),
  SUBSCRIBER_LASTNAME: requiredText(2, 50),
});
export type UpdateSubscriberPayload = z.infer<typeof updateSubscriberPayload>;

/** House number: 1 to 50 characters, since most Flemish house numbers are one digit (docs/decisions.md). */
export const updateSubscriberParentPayload = z.object({
  SUBSCRIBER_PARENT_ID: idField,
  SUBSCRIPTION_ID: optionalIdField,
  SUBSCRIBER_PARENT_VERSION: versionField,
  SUBSCRIBER_PARENT_FIRSTNAME: requiredText(2, 50),
  SUBSCRIBER_PARENT_LASTNAME: requiredText(2, 50),
  SUBSCRIBER_PARENT_STREET: requiredText(2, 50),
  SUBSCRIBER_PARENT_HOUSENR: requiredText(1, 50),
  SUBSCRIBER_PARENT_POSTALCODE: requiredText(2, 50),
  SUBSCRIBER_PARENT_CITY: requiredText(2, 50),
  SUBSCRIBER_PARENT_COUNTRY: requiredText(2, 50),
  SUBSCRIBER_PARENT_PHONE: phoneField,
  SUBSCRIBER_PARENT_PHONE2: optionalPhoneField.default(''),
  SUBSCRIBER_PARENT_EMAIL: emailField,
});
export type UpdateSubscriberParentPayload = z.infer<typeof updateSubscriberParentPayload>;

export const updateSubscriptionPayload = z.object({
  SUBSCRIPTION_ID: idField,
  SUBSCRIPTION_VERSION: versionField,
  SUBSCRIPTION_LUNCH_PREFERENCE_ID: idField,
  SUBSCRIPTION_REMARK: optionalText(2000),
});
export type UpdateSubscriptionPayload = z.infer<typeof updateSubscriptionPayload>;

/** addDiscount: the amount is text of 1 to 4 characters ('12', '12.5', '12,5'). */
export const addDiscountPayload = z.object({
  subscriptionId: idField,
  discountAmount: z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: m.required }))
    .pipe(
      z
        .string()
        .trim()
        .min(1, m.required)
        .max(4, m.tooLong)
        .refine((v) => (parseEuroAmount(v) ?? 0) > 0, m.wrongFormat),
    ),
  discountRemark: requiredText(2, 50),
  discountId: z.preprocess((v) => (v === undefined ? null : v), optionalIdField.nullable()),
});
export type AddDiscountPayload = z.infer<typeof addDiscountPayload>;

/** getSubscriptionFullDetail data[0]: every field of spec section 3. */
export const subscriptionDetail = z.object({
  SUBSCRIPTION_ID: z.number(),
  SUBSCRIPTION_VERSION: z.number(),
  SUBSCRIPTION_REFERENCE: z.string(),
  SUBSCRIPTION_OGM: z.string(),
  SUBSCRIPTION_CREATION_DATE: z.string(),
  SUBSCRIPTION_CAMP_PRICE: z.number(),
  SUBSCRIPTION_CAMP_DISCOUNT: z.number(),
  SUBSCRIPTION_AMOUNT_TO_PAY: z.number(),
  SUBSCRIPTION_PAID_AMOUNT: z.number(),
  SUBSCRIPTION_SALDO: z.number(),
  SUBSCRIPTION_PAID: z.boolean(),
  SUBSCRIPTION_PAYMENT_DATE: z.string().nullable(),
  SUBSCRIPTION_PAID_ACCOUNTNR: z.string().nullable(),
  PAYMENTMETHOD_ID: z.number(),
  PAYMENTMETHOD_DESCRIPTION: z.string(),
  SUBSCRIPTION_CANCELLED: z.boolean(),
  SUBSCRIPTION_CANCELLATION_DATE: z.string().nullable(),
  SUBSCRIPTION_REMARK: z.string().nullable(),
  SUBSCRIPTION_LUNCH_PREFERENCE_ID: z.number().nullable(),
  SUBSCRIPTION_SELECTED_DAYS: z.string().nullable(),
  /** Where the booking came from (issue 40): by phone, at the desk or on the public booking site. */
  SUBSCRIPTION_SOURCE: z.enum(SUBSCRIPTION_SOURCES),
  SUBSCRIPTION_DISCOUNT_SELECTED_DAYS: z.number(),
  PAYMENT_STATUS: z.enum(PAYMENT_STATUSES),
  CAMP_ID: z.number(),
  CAMP_PRICE: z.number(),
  CAMP_FLEXIBLE_BOOKING_ALLOWED: z.boolean(),
  CAMP_ACTIVE_DAYS: z.string(),
  THEME_ID: z.number(),
  THEME_NAME: z.string(),
  LOCATION_ID: z.number(),
  LOCATION_NAME: z.string(),
  /** The location's address, for the mails (issue 39). */
  LOCATION_ADDRESS: z.string().nullable(),
  PERIOD_ID: z.number(),
  PERIOD_NAME: z.string(),
  PERIOD_STARTDATE: z.string(),
  PERIOD_ENDDATE: z.string(),
  AGEGROUP_NAME: z.string(),
  SUBSCRIBER_ID: z.number(),
  SUBSCRIBER_VERSION: z.number(),
  SUBSCRIBER_FIRSTNAME: z.string(),
  SUBSCRIBER_LASTNAME: z.string(),
  SUBSCRIBER_GENDER_ID: z.number(),
  SUBSCRIBER_BIRTHDATE: z.string(),
  SUBSCRIBER_NATIONALNR: z.string().nullable(),
  SUBSCRIBER_PARENT_ID: z.number(),
  SUBSCRIBER_PARENT_VERSION: z.number(),
  SUBSCRIBER_PARENT_FIRSTNAME: z.string(),
  SUBSCRIBER_PARENT_LASTNAME: z.string(),
  SUBSCRIBER_PARENT_STREET: z.string(),
  SUBSCRIBER_PARENT_HOUSENR: z.string(),
  SUBSCRIBER_PARENT_POSTALCODE: z.string(),
  SUBSCRIBER_PARENT_CITY: z.string(),
  SUBSCRIBER_PARENT_COUNTRY: z.string(),
  SUBSCRIBER_PARENT_PHONE: z.string(),
  SUBSCRIBER_PARENT_PHONE2: z.string(),
  SUBSCRIBER_PARENT_EMAIL: z.string(),
  SUBSCRIBER_PARENT_NATIONALNR: z.string().nullable(),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetail>;

/**
 * The parent card's name and address, a mask of the detail's fields: staff's family search (registration.ts) and the
 * public site's family (public.ts) pick them from the detail with what else each answers.
 */
export const parentNameAndAddress = {
  SUBSCRIBER_PARENT_FIRSTNAME: true,
  SUBSCRIBER_PARENT_LASTNAME: true,
  SUBSCRIBER_PARENT_STREET: true,
  SUBSCRIBER_PARENT_HOUSENR: true,
  SUBSCRIBER_PARENT_POSTALCODE: true,
  SUBSCRIBER_PARENT_CITY: true,
} as const;

/**
 * One row of getSubscriptions: what the overview needs for a whole year, and no more. Picked from the detail so
 * the two cannot drift; no national number (issue 20): the overview finds those through searchSubscriptions.
 */
export const subscriptionListRow = subscriptionDetail
  .pick({
    SUBSCRIPTION_ID: true,
    SUBSCRIPTION_REFERENCE: true,
    SUBSCRIPTION_OGM: true,
    SUBSCRIPTION_CAMP_PRICE: true,
    SUBSCRIPTION_CAMP_DISCOUNT: true,
    SUBSCRIPTION_AMOUNT_TO_PAY: true,
    SUBSCRIPTION_PAID_AMOUNT: true,
    SUBSCRIPTION_SALDO: true,
    SUBSCRIPTION_PAID: true,
    SUBSCRIPTION_CANCELLED: true,
    SUBSCRIPTION_CANCELLATION_DATE: true,
    SUBSCRIPTION_SOURCE: true,
    PAYMENTMETHOD_ID: true,
    CAMP_ID: true,
    THEME_ID: true,
    THEME_NAME: true,
    LOCATION_ID: true,
    PERIOD_ID: true,
    PERIOD_STARTDATE: true,
    PERIOD_ENDDATE: true,
    SUBSCRIBER_FIRSTNAME: true,
    SUBSCRIBER_LASTNAME: true,
    PAYMENT_STATUS: true,
  })
  // The overview shows the short names, which the detail does not carry.
  .extend({ LOCATION_NAME_SHORT: z.string(), PERIOD_NAME_SHORT: z.string() });
export type SubscriptionListRow = z.infer<typeof subscriptionListRow>;

// Every field of a list row is in one of the lists of subscription-fields.ts (the camp's id in its own, to join on),
// and they name no other: a field added to the row and to neither list, or a list's name no field has, fails the
// typecheck here.
type Listed = (typeof SUBSCRIPTION_CAMP_FIELDS)[number] | (typeof SUBSCRIPTION_OWN_FIELDS)[number];
const everyFieldListed: Record<Exclude<keyof SubscriptionListRow, Listed>, never> = {};
const onlyRowFields: readonly (keyof SubscriptionListRow)[] = [...SUBSCRIPTION_CAMP_FIELDS, ...SUBSCRIPTION_OWN_FIELDS];
void [everyFieldListed, onlyRowFields];

/** The fields of a list row that its camp decides: sent once per camp by getSubscriptionColumns. */
const campDecides = Object.fromEntries(SUBSCRIPTION_CAMP_FIELDS.map((name) => [name, true])) as {
  [K in (typeof SUBSCRIPTION_CAMP_FIELDS)[number]]: true;
};
export const subscriptionListCamp = subscriptionListRow.pick({ CAMP_ID: true, ...campDecides });
export type SubscriptionListCamp = z.infer<typeof subscriptionListCamp>;

/** The fields of a list row of its own, with its camp's id. */
const subscriptionListOwnFields = subscriptionListRow.pick(
  Object.fromEntries(SUBSCRIPTION_OWN_FIELDS.map((name) => [name, true])) as { [K in (typeof SUBSCRIPTION_OWN_FIELDS)[number]]: true },
).shape;
type OwnFields = typeof subscriptionListOwnFields;

/**
 * getSubscriptionColumns: the rows of getSubscriptions column-wise, for the web app. Each field of a row is one
 * array (the n-th element of every array is the n-th row; the rows in the overview's order, so the browser's sort
 * finds them sorted), and the fields a camp
 * decides come once per camp: no field name repeats per row.
 */
export const subscriptionColumns = z.object({
  camps: z.array(subscriptionListCamp),
  columns: z.object(
    Object.fromEntries(Object.entries(subscriptionListOwnFields).map(([name, field]) => [name, z.array(field)])) as {
      [K in keyof OwnFields]: z.ZodArray<OwnFields[K]>;
    },
  ),
});
export type SubscriptionColumns = z.infer<typeof subscriptionColumns>;

/**
 * getSubscriptionFirstRows: the rows the overview opens on (the first SUBSCRIPTION_ROWS_DEFAULT of the year that
 * are not cancelled, in the overview's order), column-wise as getSubscriptionColumns, and `total`: how many
 * subscriptions of the year are not cancelled, the count the overview opens with.
 */
export const subscriptionFirstRows = subscriptionColumns.extend({ total: z.number().int().min(0) });
export type SubscriptionFirstRows = z.infer<typeof subscriptionFirstRows>;

export const subscriptionDiscountRecord = z.object({
  SUBSCRIPTION_DISCOUNT_ID: z.number(),
  SUBSCRIPTION_ID: z.number(),
  SUBSCRIPTION_DISCOUNT_AMOUNT: z.number(),
  SUBSCRIPTION_DISCOUNT_REMARK: z.string(),
  SUBSCRIPTION_DISCOUNT_KIND: z.enum(['booking', 'selected-days', 'extra']),
  SUBSCRIPTION_DISCOUNT_CREATION_DATE: z.string(),
});
export type SubscriptionDiscountRecord = z.infer<typeof subscriptionDiscountRecord>;

/**
 * searchSubscriptions: the camp year (without it, the current one) and the search text as typed in the overview.
 * It answers the ids of the year's subscriptions the text finds through a national number or the parent's name, e-mail
 * or phone number (docs/decisions.md, 'Season rules' and
 * 'National register numbers').
 */
export const searchSubscriptionsQuery = campYearQuery.extend({
  q: z.string({ error: m.wrongFormat }).max(200, m.tooLong),
});

/**
 * The overview's filters on what its list rows do not carry (the dashboard links into the list with them): booked
 * on or after `bookedFrom` and on or before `bookedTo` (days in Belgium), and given a discount whose reason (its
 * text: the chosen reason, or the typed text of 'Andere...') is `discountReason`, exactly.
 */
export const subscriptionSelectionFields = z.object({
  bookedFrom: isoDate.optional(),
  bookedTo: isoDate.optional(),
  discountReason: z.string({ error: m.wrongFormat }).min(1, m.tooShort).max(200, m.tooLong).optional(),
});
export type SubscriptionSelection = z.output<typeof subscriptionSelectionFields>;

/** getSubscriptionSelection: the camp year (without it, the current one) and the selection. */
export const subscriptionSelectionQuery = campYearQuery.extend(subscriptionSelectionFields.shape);

/** A subscription the selection holds, with the amount of its discounts of `discountReason` (0 without one). */
export const subscriptionSelectionRow = z.object({ SUBSCRIPTION_ID: z.number(), DISCOUNT_AMOUNT: z.number() });
export type SubscriptionSelectionRow = z.infer<typeof subscriptionSelectionRow>;
