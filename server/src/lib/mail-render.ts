import { PAYMENT_METHOD } from '@common/constants.js';
import { formatDate } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import { daysInWords, subscriptionDays } from '@common/participants.js';
import { fillPlaceholders, type MailValues } from '@common/schemas/mail-templates.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import type { SettingsWithoutImages } from './settings.js';

export type { MailValues };

export interface MailTemplate {
  subject: string;
  body: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
}

/** Fills the {{placeholder}}s of common/'s list; an unknown one stays as written, so a typo in an older template shows. */
export function renderTemplate(template: MailTemplate, values: MailValues): RenderedMail {
  return { subject: fillPlaceholders(template.subject, values), text: fillPlaceholders(template.body, values) };
}

/** The sentence of the QR code, only in a mail that carries one. */
export const PAYMENT_QR_SENTENCE = 'U kunt ook de QR-code in deze mail scannen met uw bankapp.';

/**
 * How the parent pays what is open, as the payment method has it (issue 39): a transfer names the account and the
 * OGM (and the QR code when the mail carries it), cash says so; nothing open or cancelled asks for nothing.
 */
export function paymentInstructions(
  detail: Pick<SubscriptionDetail, 'SUBSCRIPTION_CANCELLED' | 'SUBSCRIPTION_SALDO' | 'PAYMENTMETHOD_ID' | 'SUBSCRIPTION_OGM'>,
  organiser: Pick<SettingsWithoutImages, 'ORGANISER_IBAN'>,
  withPaymentQr: boolean,
): string {
  if (detail.SUBSCRIPTION_CANCELLED || detail.SUBSCRIPTION_SALDO <= 0) return 'U hoeft niets meer te betalen.';
  const open = formatEuro(detail.SUBSCRIPTION_SALDO);
  if (detail.PAYMENTMETHOD_ID === PAYMENT_METHOD.cash) return `U betaalt ${open} contant ter plaatse.`;
  const transfer = `Gelieve ${open} over te schrijven op ${organiser.ORGANISER_IBAN} met de gestructureerde mededeling ${detail.SUBSCRIPTION_OGM}.`;
  return withPaymentQr ? `${transfer} ${PAYMENT_QR_SENTENCE}` : transfer;
}

/** The days the child comes: the camp's days, of a flexible booking the booked ones; the period when the camp names none. */
export function bookedDays(
  detail: Pick<
    SubscriptionDetail,
    'CAMP_ACTIVE_DAYS' | 'CAMP_FLEXIBLE_BOOKING_ALLOWED' | 'SUBSCRIPTION_SELECTED_DAYS' | 'PERIOD_STARTDATE' | 'PERIOD_ENDDATE'
  >,
): string {
  const days = subscriptionDays(
    { activeDays: detail.CAMP_ACTIVE_DAYS, flexibleBooking: detail.CAMP_FLEXIBLE_BOOKING_ALLOWED },
    detail.SUBSCRIPTION_SELECTED_DAYS,
  );
  return days.length > 0 ? daysInWords(days) : `${formatDate(detail.PERIOD_STARTDATE)} tot ${formatDate(detail.PERIOD_ENDDATE)}`;
}

/**
 * What a mail about one subscription says: names, camp, period and booked days, amounts in the Belgian format,
 * payment method and how to pay, payment reference, organiser. `withPaymentQr`: the mail carries the payment QR code.
 */
export function subscriptionMailValues(
  detail: SubscriptionDetail,
  organiser: SettingsWithoutImages,
  options: { withPaymentQr?: boolean } = {},
): MailValues {
  return {
    childName: `${detail.SUBSCRIBER_FIRSTNAME} ${detail.SUBSCRIBER_LASTNAME}`,
    parentName: `${detail.SUBSCRIBER_PARENT_FIRSTNAME} ${detail.SUBSCRIBER_PARENT_LASTNAME}`,
    campName: `${detail.THEME_NAME} - ${detail.LOCATION_NAME}`,
    periodDates: `${formatDate(detail.PERIOD_STARTDATE)} tot ${formatDate(detail.PERIOD_ENDDATE)}`,
    bookedDays: bookedDays(detail),
    locationAddress: detail.LOCATION_ADDRESS?.trim() || detail.LOCATION_NAME,
    paymentMethod: detail.PAYMENTMETHOD_ID === PAYMENT_METHOD.cash ? 'contant' : 'overschrijving',
    paymentInstructions: paymentInstructions(detail, organiser, options.withPaymentQr ?? false),
    amountToPay: formatEuro(detail.SUBSCRIPTION_AMOUNT_TO_PAY),
    saldo: formatEuro(detail.SUBSCRIPTION_SALDO),
    ogm: detail.SUBSCRIPTION_OGM,
    reference: detail.SUBSCRIPTION_REFERENCE,
    organiserAccount: organiser.ORGANISER_IBAN,
    organiserBic: organiser.ORGANISER_BIC ?? '',
    organiserName: organiser.ORGANISER_NAME,
    publicSiteUrl: organiser.PUBLIC_SITE_URL,
    refundAmount: '',
  };
}
