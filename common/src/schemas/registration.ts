import { z } from 'zod';
import { GENDER_BOY, GENDER_GIRL, PAYMENT_METHOD } from '../constants.js';
import { isValidNationalNumber } from '../identity-numbers.js';
import { validationMessages as m } from '../messages.js';
import { todayInBelgium } from '../calendar.js';
import { STAFF_SUBSCRIPTION_SOURCES } from '../subscription-source.js';
import { booleanField, idField, isoDate, isRealDay, optionalIdField, optionalText, requiredText, versionField } from './fields.js';
import { monitorRuleMessages } from './monitors.js';
import { parentNameAndAddress, subscriptionDetail, updateSubscriberParentPayload } from './subscriptions.js';

/**
 * Staff registration, moving and the trash (issue 18). The parent and child fields keep the names and the
 * rules of the detail cards (spec section 5), so a new family is checked exactly as an edited one.
 */

const optionalNationalNumber = z
  .string({ error: m.wrongFormat })
  .trim()
  .max(20, m.tooLong)
  .nullish()
  .transform((v) => (v === undefined || v === null || v === '' ? null : v))
  .refine((v) => v === null || isValidNationalNumber(v), m.wrongFormat);

/** A new parent: the parent card's fields, plus an optional national number. */
export const newParentFields = updateSubscriberParentPayload
  .omit({ SUBSCRIBER_PARENT_ID: true, SUBSCRIPTION_ID: true })
  .extend({ SUBSCRIBER_PARENT_NATIONALNR: optionalNationalNumber });

/** A new child: name as the child card, gender, birth date and an optional national number. */
export const newChildFields = z.object({
  SUBSCRIBER_FIRSTNAME: requiredText(2, 50),
  SUBSCRIBER_LASTNAME: requiredText(2, 50),
  SUBSCRIBER_GENDER_ID: idField.refine((v) => v === GENDER_BOY || v === GENDER_GIRL, m.wrongFormat),
  SUBSCRIBER_BIRTHDATE: z.preprocess((v) => (v === '' ? undefined : v), z.string({ error: m.required }).pipe(isoDate)),
  SUBSCRIBER_NATIONALNR: optionalNationalNumber,
});

/** Comma list (or array) of days, each once; empty is none. */
const selectedDaysField = z
  .preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    z
      .string({ error: m.wrongFormat })
      .max(1000, m.tooLong)
      .nullish()
      .transform((v) => (v ?? '').replace(/\s/g, ''))
      .refine((v) => v === '' || (v.split(',').every(isRealDay) && new Set(v.split(',')).size === v.split(',').length), m.wrongFormat),
  )
  .transform((v) => (v === '' ? [] : v.split(',').sort()));

/** A staff override of a booking rule: absent (or empty) is false. */
const overrideField = z
  .preprocess((v) => (v === null || v === '' ? false : v), booleanField)
  .optional()
  .transform((v) => v ?? false);

/**
 * The overrides staff may tick when a booking breaks a camp's own rule (issues 18 and 39): a full camp
 * ('Toch inschrijven (boven capaciteit)'), a child outside the birth years ('Toch inschrijven (buiten
 * leeftijd)') and a closed camp ('Toch inschrijven (gesloten kamp)'). Each one used is audited.
 */
export const bookingOverrides = { overCapacity: overrideField, overAgeRange: overrideField, overClosed: overrideField };
export type BookingOverrides = { overCapacity: boolean; overAgeRange: boolean; overClosed: boolean };

/**
 * createSubscription: the camp, an existing parent (SUBSCRIBER_PARENT_ID) or a new one (the parent fields),
 * an existing child of that parent (SUBSCRIBER_ID) or a new one (the child fields), payment method, lunch
 * preference, remark, the days of a flexible camp and the overrides (`overCapacity`, `overAgeRange`, `overClosed`). Flat, so that every field of the form
 * gets its own Dutch message in a 400 answer.
 */
export const createSubscriptionPayload = z
  .object({
    CAMP_ID: idField,
    SUBSCRIBER_PARENT_ID: optionalIdField,
    ...newParentFields.partial().shape,
    SUBSCRIBER_ID: optionalIdField,
    ...newChildFields.partial().shape,
    PAYMENTMETHOD_ID: idField.refine((v) => v === PAYMENT_METHOD.cash || v === PAYMENT_METHOD.bankTransfer, m.wrongFormat),
    SUBSCRIPTION_LUNCH_PREFERENCE_ID: idField,
    SUBSCRIPTION_REMARK: optionalText(2000),
    SUBSCRIPTION_SELECTED_DAYS: selectedDaysField,
    /** How the family reached staff (issue 40): 'phone' (when absent) or 'desk'. */
    SUBSCRIPTION_SOURCE: z.enum(STAFF_SUBSCRIPTION_SOURCES, { error: m.wrongFormat }).default('phone'),
    ...bookingOverrides,
  })
  .superRefine(
    (value, context) => {
      // Without an id, the new record's fields are required, with the detail cards' messages.
      const required = (schema: z.ZodObject, present: boolean) => {
        if (present) return;
        const result = schema.safeParse(value);
        if (!result.success)
          for (const issue of result.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      };
      required(newParentFields, value.SUBSCRIBER_PARENT_ID !== undefined);
      required(newChildFields, value.SUBSCRIBER_ID !== undefined);
    },
    // Also when other fields are wrong, so that one answer names every missing field; never on what is no object
    // at all (`null`, a list), which the object's own check refuses.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );
export type CreateSubscriptionPayload = z.infer<typeof createSubscriptionPayload>;
export type CreateSubscriptionInput = z.input<typeof createSubscriptionPayload>;

export const moveSubscriptionPayload = z.object({ SUBSCRIPTION_ID: idField, CAMP_ID: idField, ...bookingOverrides });
export type MoveSubscriptionPayload = z.infer<typeof moveSubscriptionPayload>;

/**
 * correctSubscriber (issue 39): a beheerder corrects a typo in a child's gender, birth date or national number after
 * the registration. `SUBSCRIBER_NATIONALNR` absent keeps the stored number (the detail shows it masked only), empty
 * removes it, anything else must pass its check digits. A birth year outside the birth years of a camp the child is
 * still booked into is refused (409 AGE_OUT_OF_RANGE) unless `overAgeRange`, as at registration.
 */
export const correctSubscriberPayload = z.object({
  SUBSCRIBER_ID: idField,
  SUBSCRIPTION_ID: optionalIdField,
  SUBSCRIBER_VERSION: versionField,
  SUBSCRIBER_GENDER_ID: newChildFields.shape.SUBSCRIBER_GENDER_ID,
  SUBSCRIBER_BIRTHDATE: newChildFields.shape.SUBSCRIBER_BIRTHDATE.refine((v) => v <= todayInBelgium(), monitorRuleMessages.bornInFuture),
  SUBSCRIBER_NATIONALNR: z
    .string({ error: m.wrongFormat })
    .trim()
    .max(20, m.tooLong)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v === undefined || v === null || isValidNationalNumber(v), monitorRuleMessages.nationalNumber),
  overAgeRange: bookingOverrides.overAgeRange,
});
export type CorrectSubscriberPayload = z.infer<typeof correctSubscriberPayload>;
export type CorrectSubscriberInput = z.input<typeof correctSubscriberPayload>;

/** findFamilies: name, e-mail or national number; searched on the server, answered without national numbers. */
export const findFamiliesQuery = z.object({
  search: z.string({ error: m.required }).trim().min(2, m.tooShort).max(100, m.tooLong),
});

/** A child of a found family: the child card's name, gender and birth date (the detail's fields). */
export const familyChild = subscriptionDetail.pick({
  SUBSCRIBER_ID: true,
  SUBSCRIBER_FIRSTNAME: true,
  SUBSCRIBER_LASTNAME: true,
  SUBSCRIBER_GENDER_ID: true,
  SUBSCRIBER_BIRTHDATE: true,
});
export type FamilyChild = z.infer<typeof familyChild>;

/** A parent found by findFamilies with their children: what the registration form shows, no national numbers. */
export const familyRecord = subscriptionDetail
  .pick({
    SUBSCRIBER_PARENT_ID: true,
    ...parentNameAndAddress,
    SUBSCRIBER_PARENT_EMAIL: true,
    SUBSCRIBER_PARENT_PHONE: true,
  })
  .extend({ CHILDREN: z.array(familyChild) });
export type FamilyRecord = z.infer<typeof familyRecord>;

/** findFamilies shows at most this many families (issue 18), and says how many there are (issue 39). */
export const MAX_FAMILIES = 20;

/** findFamilies' answer: the first `MAX_FAMILIES` families by last name, and how many the search finds in all. */
export const familiesAnswer = z.object({ FAMILIES: z.array(familyRecord), TOTAL: z.number() });
export type FamiliesAnswer = z.infer<typeof familiesAnswer>;

/** One entry of the trash: what staff need to recognise it, who deleted it and when. */
export const deletedSubscriptionRecord = z.object({
  SUBSCRIPTION_ID: z.number(),
  SUBSCRIPTION_REFERENCE: z.string(),
  SUBSCRIBER_FIRSTNAME: z.string(),
  SUBSCRIBER_LASTNAME: z.string(),
  CAMP_ID: z.number(),
  THEME_NAME: z.string(),
  LOCATION_NAME_SHORT: z.string(),
  PERIOD_NAME_SHORT: z.string(),
  PERIOD_STARTDATE: z.string(),
  PERIOD_ENDDATE: z.string(),
  DELETED_AT: z.string(),
  DELETED_BY: z.string().nullable(),
  /** The moment the server empties it for good. */
  PURGE_AT: z.string(),
});
export type DeletedSubscriptionRecord = z.infer<typeof deletedSubscriptionRecord>;
