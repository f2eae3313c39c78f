import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { idField, nonNegativeIntField, optionalIdField } from './fields.js';

/** 'Openstaande betalingen' and payment reminders (issue 19). */

export const requiredYearField = z.coerce
  .number({ error: m.required })
  .int(m.wrongFormat)
  .min(1900, m.wrongFormat)
  .max(2999, m.wrongFormat);

export const openPaymentsQuery = z.object({
  campYear: requiredYearField,
  campId: optionalIdField,
  periodId: optionalIdField,
  locationId: optionalIdField,
  /** Only subscriptions booked at least this many days ago. */
  minDaysOverdue: z.preprocess((v) => (v === '' ? undefined : v), nonNegativeIntField.optional()),
});
export type OpenPaymentsQuery = z.input<typeof openPaymentsQuery>;

export const openPaymentRecord = z.object({
  SUBSCRIPTION_ID: z.number(),
  SUBSCRIPTION_REFERENCE: z.string(),
  SUBSCRIPTION_OGM: z.string(),
  SUBSCRIPTION_CREATION_DATE: z.string(),
  SUBSCRIBER_FIRSTNAME: z.string(),
  SUBSCRIBER_LASTNAME: z.string(),
  SUBSCRIBER_PARENT_EMAIL: z.string(),
  CAMP_ID: z.number(),
  THEME_NAME: z.string(),
  LOCATION_NAME_SHORT: z.string(),
  PERIOD_NAME_SHORT: z.string(),
  PAYMENTMETHOD_ID: z.number(),
  /** Euro still to pay. */
  SUBSCRIPTION_SALDO: z.number(),
  DAYS_SINCE_BOOKING: z.number(),
  REMINDERS_SENT: z.number(),
  LAST_REMINDER_AT: z.string().nullable(),
  /** Why 'Herinnering versturen' would skip this row now, or null. */
  REMINDER_REFUSAL: z.string().nullable(),
});
export type OpenPaymentRecord = z.infer<typeof openPaymentRecord>;

export const MAX_REMINDERS_PER_CALL = 5000;

export const reminderMessages = {
  noneSelected: 'Kies minstens één inschrijving.',
  tooMany: `Hoogstens ${MAX_REMINDERS_PER_CALL} inschrijvingen tegelijk.`,
  templateMissing: "Het mailsjabloon 'herinnering' bestaat niet meer: maak het opnieuw aan onder Beheer › Mailsjablonen.",
};

export const sendPaymentRemindersPayload = z.object({
  subscriptionIds: z
    .array(idField, { error: m.required })
    .min(1, reminderMessages.noneSelected)
    .max(MAX_REMINDERS_PER_CALL, reminderMessages.tooMany),
});
export type SendPaymentRemindersPayload = z.input<typeof sendPaymentRemindersPayload>;

export const sendPaymentRemindersResult = z.object({
  sent: z.array(z.object({ SUBSCRIPTION_ID: z.number(), mailId: z.number() })),
  skipped: z.array(z.object({ SUBSCRIPTION_ID: z.number(), SUBSCRIPTION_REFERENCE: z.string().nullable(), reason: z.string() })),
});
export type SendPaymentRemindersResult = z.infer<typeof sendPaymentRemindersResult>;
