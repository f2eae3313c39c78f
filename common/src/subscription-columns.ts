import type { SubscriptionColumns, SubscriptionListCamp, SubscriptionListRow } from './schemas/subscriptions.js';
import { SUBSCRIPTION_CAMP_FIELDS, SUBSCRIPTION_OWN_FIELDS } from './subscription-fields.js';

/**
 * getSubscriptionColumns' answer and getSubscriptions' rows are the same facts in two shapes: the server makes
 * the one from the other, the web app the other way back, so no rule of what a row shows lives in the web.
 * The fields' lists are plain names (subscription-fields.ts), so the overview decodes the answer without loading zod.
 */

type Columns = SubscriptionColumns['columns'];

/** The rows of a year column-wise, each camp once. */
export function subscriptionColumnsOf(rows: readonly SubscriptionListRow[]): SubscriptionColumns {
  const camps = new Map<number, SubscriptionListCamp>();
  const columns = Object.fromEntries(SUBSCRIPTION_OWN_FIELDS.map((name) => [name, [] as unknown[]])) as Record<keyof Columns, unknown[]>;
  for (const row of rows) {
    if (!camps.has(row.CAMP_ID))
      camps.set(
        row.CAMP_ID,
        Object.fromEntries([
          ['CAMP_ID', row.CAMP_ID],
          ...SUBSCRIPTION_CAMP_FIELDS.map((name) => [name, row[name]]),
        ]) as SubscriptionListCamp,
      );
    for (const name of SUBSCRIPTION_OWN_FIELDS) columns[name].push(row[name]);
  }
  return { camps: [...camps.values()], columns: columns as Columns };
}

/**
 * The rows again, as getSubscriptions answers them. Each row is one object literal: made field by field under
 * names from a list, 50,000 rows took 0.3 to 2 s of a browser's time against about 10 ms (V8 keeps a literal's
 * shape; the typecheck keeps the literal complete).
 */
export function subscriptionRowsOf({ camps, columns: c }: SubscriptionColumns): SubscriptionListRow[] {
  const campsById = new Map(camps.map((camp) => [camp.CAMP_ID, camp]));
  return c.SUBSCRIPTION_ID.map((id, i): SubscriptionListRow => {
    const camp = campsById.get(c.CAMP_ID[i]!)!;
    return {
      SUBSCRIPTION_ID: id,
      SUBSCRIPTION_REFERENCE: c.SUBSCRIPTION_REFERENCE[i]!,
      SUBSCRIPTION_OGM: c.SUBSCRIPTION_OGM[i]!,
      SUBSCRIPTION_CAMP_PRICE: c.SUBSCRIPTION_CAMP_PRICE[i]!,
      SUBSCRIPTION_CAMP_DISCOUNT: c.SUBSCRIPTION_CAMP_DISCOUNT[i]!,
      SUBSCRIPTION_AMOUNT_TO_PAY: c.SUBSCRIPTION_AMOUNT_TO_PAY[i]!,
      SUBSCRIPTION_PAID_AMOUNT: c.SUBSCRIPTION_PAID_AMOUNT[i]!,
      SUBSCRIPTION_SALDO: c.SUBSCRIPTION_SALDO[i]!,
      SUBSCRIPTION_PAID: c.SUBSCRIPTION_PAID[i]!,
      SUBSCRIPTION_CANCELLED: c.SUBSCRIPTION_CANCELLED[i]!,
      SUBSCRIPTION_CANCELLATION_DATE: c.SUBSCRIPTION_CANCELLATION_DATE[i]!,
      SUBSCRIPTION_SOURCE: c.SUBSCRIPTION_SOURCE[i]!,
      PAYMENTMETHOD_ID: c.PAYMENTMETHOD_ID[i]!,
      CAMP_ID: camp.CAMP_ID,
      THEME_ID: camp.THEME_ID,
      THEME_NAME: camp.THEME_NAME,
      LOCATION_ID: camp.LOCATION_ID,
      LOCATION_NAME_SHORT: camp.LOCATION_NAME_SHORT,
      PERIOD_ID: camp.PERIOD_ID,
      PERIOD_STARTDATE: camp.PERIOD_STARTDATE,
      PERIOD_ENDDATE: camp.PERIOD_ENDDATE,
      PERIOD_NAME_SHORT: camp.PERIOD_NAME_SHORT,
      SUBSCRIBER_FIRSTNAME: c.SUBSCRIBER_FIRSTNAME[i]!,
      SUBSCRIBER_LASTNAME: c.SUBSCRIBER_LASTNAME[i]!,
      PAYMENT_STATUS: c.PAYMENT_STATUS[i]!,
    };
  });
}
