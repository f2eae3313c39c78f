import { GENDER_GIRL, PAYMENT_METHOD } from '@common/constants.js';
import { currentYearInBelgium } from '@common/calendar.js';
import { paymentStatus } from '@common/payment-status.js';
import { formatOgm } from '@common/ogm.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';

/** Reference of the made-up subscription: no real one looks like it. */
export const SAMPLE_REFERENCE = 'VOORBEELD';

/** The first Monday of July of a year, and the four days after it. */
function julyWeek(year: number): string[] {
  const first = new Date(Date.UTC(year, 6, 1));
  while (first.getUTCDay() !== 1) first.setUTCDate(first.getUTCDate() + 1);
  return Array.from({ length: 5 }, (_, i) => new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10));
}

/**
 * A made-up subscription for the preview and the test mail of a template (issue 39): never a real family's data. It
 * fills every placeholder the way a real mail does: a flexible booking of four of the five days of a July week, paid
 * by transfer, part of it still open.
 */
export function sampleSubscription(now = new Date()): SubscriptionDetail {
  const days = julyWeek(currentYearInBelgium(now));
  const booked = [days[0]!, days[1]!, days[3]!, days[4]!];
  return {
    SUBSCRIPTION_ID: 0,
    SUBSCRIPTION_VERSION: 1,
    SUBSCRIPTION_REFERENCE: SAMPLE_REFERENCE,
    SUBSCRIPTION_OGM: formatOgm(1_234_567_890),
    SUBSCRIPTION_CREATION_DATE: now.toISOString(),
    SUBSCRIPTION_CAMP_PRICE: 150,
    SUBSCRIPTION_CAMP_DISCOUNT: 30,
    SUBSCRIPTION_AMOUNT_TO_PAY: 120,
    SUBSCRIPTION_PAID_AMOUNT: 50,
    SUBSCRIPTION_SALDO: 70,
    SUBSCRIPTION_PAID: true,
    SUBSCRIPTION_PAYMENT_DATE: null,
    SUBSCRIPTION_PAID_ACCOUNTNR: null,
    PAYMENTMETHOD_ID: PAYMENT_METHOD.bankTransfer,
    PAYMENTMETHOD_DESCRIPTION: 'Overschrijving',
    SUBSCRIPTION_CANCELLED: false,
    SUBSCRIPTION_CANCELLATION_DATE: null,
    SUBSCRIPTION_REMARK: null,
    SUBSCRIPTION_LUNCH_PREFERENCE_ID: null,
    SUBSCRIPTION_SELECTED_DAYS: booked.join(','),
    SUBSCRIPTION_SOURCE: 'phone',
    SUBSCRIPTION_DISCOUNT_SELECTED_DAYS: 30,
    PAYMENT_STATUS: paymentStatus(true, 7000),
    CAMP_ID: 0,
    CAMP_PRICE: 150,
    CAMP_FLEXIBLE_BOOKING_ALLOWED: true,
    CAMP_ACTIVE_DAYS: days.join(','),
    THEME_ID: 0,
    THEME_NAME: 'Multisport',
    LOCATION_ID: 0,
    LOCATION_NAME: 'Sporthal Voorbeeld',
    LOCATION_ADDRESS: 'Voorbeeldstraat 1, 9000 Gent',
    PERIOD_ID: 0,
    PERIOD_NAME: 'Zomer week 1',
    PERIOD_STARTDATE: days[0]!,
    PERIOD_ENDDATE: days[4]!,
    AGEGROUP_NAME: 'Kinderen (6-8 jaar)',
    SUBSCRIBER_ID: 0,
    SUBSCRIBER_VERSION: 1,
    SUBSCRIBER_FIRSTNAME: 'Lien',
    SUBSCRIBER_LASTNAME: 'Voorbeeld',
    SUBSCRIBER_GENDER_ID: GENDER_GIRL,
    SUBSCRIBER_BIRTHDATE: `${currentYearInBelgium(now) - 8}-05-04`,
    SUBSCRIBER_NATIONALNR: null,
    SUBSCRIBER_PARENT_ID: 0,
    SUBSCRIBER_PARENT_VERSION: 1,
    SUBSCRIBER_PARENT_FIRSTNAME: 'Jan',
    SUBSCRIBER_PARENT_LASTNAME: 'Voorbeeld',
    SUBSCRIBER_PARENT_STREET: 'Voorbeeldstraat',
    SUBSCRIBER_PARENT_HOUSENR: '2',
    SUBSCRIBER_PARENT_POSTALCODE: '9000',
    SUBSCRIBER_PARENT_CITY: 'Gent',
    SUBSCRIBER_PARENT_COUNTRY: 'België',
    SUBSCRIBER_PARENT_PHONE: '0470 00 00 00',
    SUBSCRIBER_PARENT_PHONE2: '',
    SUBSCRIBER_PARENT_EMAIL: 'ouder@voorbeeld.be',
    SUBSCRIBER_PARENT_NATIONALNR: null,
  };
}
