import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { parseEuroAmount } from '../money.js';
import type { PaymentStatus } from '../payment-status.js';
import { emailField, idField, optionalIdField, optionalPhoneField, optionalText, phoneField, requiredText } from './fields.js';

export const subscriptionIdPayload = z.object({ SUBSCRIPTION_ID: idField });
export type SubscriptionIdPayload = z.infer<typeof subscriptionIdPayload>;

/**
 * A child or parent may have several subscriptions: SUBSCRIPTION_ID names the one whose detail the
 * call answers (without it, the newest).
 */
export const updateSubscriberPayload = z.object({
  SUBSCRIBER_ID: idField,
  SUBSCRIPTION_ID: optionalIdField,
  SUBSCRIBER_FIRSTNAME: requiredText(2, 50),
  SUBSCRIBER_LASTNAME: requiredText(2, 50),
});
export type UpdateSubscriberPayload = z.infer<typeof updateSubscriberPayload>;

/** House number: 1 to 50 characters, since most Flemish house numbers are one digit (docs/decisions.md). */
export const updateSubscriberParentPayload = z.object({
  SUBSCRIBER_PARENT_ID: idField,
  SUBSCRIPTION_ID: optionalIdField,
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

/** One row of getSubscriptions: what the overview needs for a whole year, and no more. */
export interface SubscriptionListRow {
  SUBSCRIPTION_ID: number;
  SUBSCRIPTION_REFERENCE: string;
  SUBSCRIPTION_OGM: string;
  SUBSCRIPTION_CAMP_PRICE: number;
  SUBSCRIPTION_CAMP_DISCOUNT: number;
  SUBSCRIPTION_AMOUNT_TO_PAY: number;
  SUBSCRIPTION_PAID_AMOUNT: number;
  SUBSCRIPTION_SALDO: number;
  SUBSCRIPTION_PAID: boolean;
  SUBSCRIPTION_CANCELLED: boolean;
  SUBSCRIPTION_CANCELLATION_DATE: string | null;
  PAYMENTMETHOD_ID: number;
  CAMP_ID: number;
  THEME_ID: number;
  THEME_NAME: string;
  LOCATION_ID: number;
  LOCATION_NAME_SHORT: string;
  PERIOD_ID: number;
  PERIOD_NAME_SHORT: string;
  PERIOD_STARTDATE: string;
  PERIOD_ENDDATE: string;
  SUBSCRIBER_FIRSTNAME: string;
  SUBSCRIBER_LASTNAME: string;
  SUBSCRIBER_NATIONALNR: string | null;
  SUBSCRIBER_PARENT_NATIONALNR: string | null;
  PAYMENT_STATUS: PaymentStatus;
}

/** getSubscriptionFullDetail data[0]: every field of spec section 3. */
export interface SubscriptionDetail {
  SUBSCRIPTION_ID: number;
  SUBSCRIPTION_REFERENCE: string;
  SUBSCRIPTION_OGM: string;
  SUBSCRIPTION_CREATION_DATE: string;
  SUBSCRIPTION_CAMP_PRICE: number;
  SUBSCRIPTION_CAMP_DISCOUNT: number;
  SUBSCRIPTION_AMOUNT_TO_PAY: number;
  SUBSCRIPTION_PAID_AMOUNT: number;
  SUBSCRIPTION_SALDO: number;
  SUBSCRIPTION_PAID: boolean;
  SUBSCRIPTION_PAYMENT_DATE: string | null;
  SUBSCRIPTION_PAID_ACCOUNTNR: string | null;
  PAYMENTMETHOD_ID: number;
  PAYMENTMETHOD_DESCRIPTION: string;
  SUBSCRIPTION_CANCELLED: boolean;
  SUBSCRIPTION_CANCELLATION_DATE: string | null;
  SUBSCRIPTION_REMARK: string | null;
  SUBSCRIPTION_LUNCH_PREFERENCE_ID: number | null;
  SUBSCRIPTION_SELECTED_DAYS: string | null;
  SUBSCRIPTION_DISCOUNT_SELECTED_DAYS: number;
  PAYMENT_STATUS: PaymentStatus;
  CAMP_ID: number;
  CAMP_PRICE: number;
  CAMP_FLEXIBLE_BOOKING_ALLOWED: boolean;
  CAMP_ACTIVE_DAYS: string;
  THEME_ID: number;
  THEME_NAME: string;
  LOCATION_ID: number;
  LOCATION_NAME: string;
  PERIOD_ID: number;
  PERIOD_NAME: string;
  PERIOD_STARTDATE: string;
  PERIOD_ENDDATE: string;
  AGEGROUP_NAME: string;
  SUBSCRIBER_ID: number;
  SUBSCRIBER_FIRSTNAME: string;
  SUBSCRIBER_LASTNAME: string;
  SUBSCRIBER_GENDER_ID: number;
  SUBSCRIBER_BIRTHDATE: string;
  SUBSCRIBER_NATIONALNR: string | null;
  SUBSCRIBER_PARENT_ID: number;
  SUBSCRIBER_PARENT_FIRSTNAME: string;
  SUBSCRIBER_PARENT_LASTNAME: string;
  SUBSCRIBER_PARENT_STREET: string;
  SUBSCRIBER_PARENT_HOUSENR: string;
  SUBSCRIBER_PARENT_POSTALCODE: string;
  SUBSCRIBER_PARENT_CITY: string;
  SUBSCRIBER_PARENT_COUNTRY: string;
  SUBSCRIBER_PARENT_PHONE: string;
  SUBSCRIBER_PARENT_PHONE2: string;
  SUBSCRIBER_PARENT_EMAIL: string;
  SUBSCRIBER_PARENT_NATIONALNR: string | null;
}

export interface SubscriptionDiscountRecord {
  SUBSCRIPTION_DISCOUNT_ID: number;
  SUBSCRIPTION_ID: number;
  SUBSCRIPTION_DISCOUNT_AMOUNT: number;
  SUBSCRIPTION_DISCOUNT_REMARK: string;
  SUBSCRIPTION_DISCOUNT_KIND: 'booking' | 'selected-days' | 'extra';
  SUBSCRIPTION_DISCOUNT_CREATION_DATE: string;
}
