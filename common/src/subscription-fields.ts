/**
 * The fields of the overview's list row in the two shapes of getSubscriptionColumns (subscription-columns.ts): plain
 * names, importing nothing, so the web app reads the answer without loading zod. The schema of the row
 * (schemas/subscriptions.ts) is built from these lists and checks that they name its fields, each exactly once.
 */

/** The fields of a list row that its camp decides: sent once per camp. */
export const SUBSCRIPTION_CAMP_FIELDS = [
  'THEME_ID',
  'THEME_NAME',
  'LOCATION_ID',
  'LOCATION_NAME_SHORT',
  'PERIOD_ID',
  'PERIOD_STARTDATE',
  'PERIOD_ENDDATE',
  'PERIOD_NAME_SHORT',
] as const;

/** The fields of a list row of its own, with its camp's id: one array each. */
export const SUBSCRIPTION_OWN_FIELDS = [
  'SUBSCRIPTION_ID',
  'SUBSCRIPTION_REFERENCE',
  'SUBSCRIPTION_OGM',
  'SUBSCRIPTION_CAMP_PRICE',
  'SUBSCRIPTION_CAMP_DISCOUNT',
  'SUBSCRIPTION_AMOUNT_TO_PAY',
  'SUBSCRIPTION_PAID_AMOUNT',
  'SUBSCRIPTION_SALDO',
  'SUBSCRIPTION_PAID',
  'SUBSCRIPTION_CANCELLED',
  'SUBSCRIPTION_CANCELLATION_DATE',
  'SUBSCRIPTION_SOURCE',
  'PAYMENTMETHOD_ID',
  'CAMP_ID',
  'SUBSCRIBER_FIRSTNAME',
  'SUBSCRIBER_LASTNAME',
  'PAYMENT_STATUS',
] as const;
