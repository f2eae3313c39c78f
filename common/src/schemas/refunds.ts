import { z } from 'zod';
import { isValidIban } from '../identity-numbers.js';
import { validationMessages as m } from '../messages.js';
import { idField, isoDate, positiveEuroField } from './fields.js';
import { requiredYearField } from './reminders.js';

/** 'Terugbetalingen' (issue 19): overpayments and cancelled subscriptions with money paid, paid back by a SEPA file. */

export const refundsQuery = z.object({ campYear: requiredYearField });

export const refundRecord = z.object({
  SUBSCRIPTION_ID: z.number(),
  SUBSCRIPTION_REFERENCE: z.string(),
  SUBSCRIBER_FIRSTNAME: z.string(),
  SUBSCRIBER_LASTNAME: z.string(),
  SUBSCRIBER_PARENT_FIRSTNAME: z.string(),
  SUBSCRIBER_PARENT_LASTNAME: z.string(),
  CAMP_ID: z.number(),
  THEME_NAME: z.string(),
  LOCATION_NAME_SHORT: z.string(),
  PERIOD_NAME_SHORT: z.string(),
  SUBSCRIPTION_CANCELLED: z.boolean(),
  SUBSCRIPTION_AMOUNT_TO_PAY: z.number(),
  SUBSCRIPTION_PAID_AMOUNT: z.number(),
  /** The camp's cancellation fee, kept from a cancelled subscription's refund. */
  CANCELLATION_FEE: z.number(),
  /** Euro to pay back. */
  REFUND_AMOUNT: z.number(),
  SUBSCRIPTION_PAID_ACCOUNTNR: z.string().nullable(),
  /** Why the row cannot go into a SEPA file as it is (no valid account), or null. */
  REFUND_REFUSAL: z.string().nullable(),
});
export type RefundRecord = z.infer<typeof refundRecord>;

export const refundMessages = {
  noAccount: 'Geen geldig rekeningnummer: vul er een in.',
  noRefund: (reference: string) => `${reference}: er is niets terug te betalen.`,
  accountInvalid: 'Foutief formaat: geen geldig IBAN-rekeningnummer.',
  amountTooHigh: (max: string) => `Meer dan het terug te betalen bedrag (${max}).`,
  organiserAccount: 'Het rekeningnummer van de organisator (Instellingen) is geen geldig IBAN.',
};

const ibanField = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(42, m.tooLong)
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .refine(isValidIban, refundMessages.accountInvalid);

export const exportRefundsPayload = z.object({
  subscriptionIds: z.array(idField, { error: m.required }).min(1, 'Kies minstens één terugbetaling.').max(5000, m.tooLong),
  /** Accounts typed in on the screen, for rows whose paid account is missing or not valid. */
  accounts: z
    .array(z.object({ SUBSCRIPTION_ID: idField, IBAN: ibanField }))
    .max(5000, m.tooLong)
    .optional(),
});
export type ExportRefundsPayload = z.input<typeof exportRefundsPayload>;

export const markRefundPaidPayload = z.object({
  SUBSCRIPTION_ID: idField,
  amount: positiveEuroField,
  date: z.string({ error: m.required }).min(1, m.required).pipe(isoDate),
});
export type MarkRefundPaidPayload = z.input<typeof markRefundPaidPayload>;
