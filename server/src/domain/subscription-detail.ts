import { maskedNationalNumber } from '@common/identity-numbers.js';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { centsToEuro, subscriptionAmounts, type Cents } from '@common/money.js';
import { paymentStatus } from '@common/payment-status.js';
import { subscriptionDetail, type SubscriptionDetail, type SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { readNamedRows, writtenPart, type Executor } from '../db/client.js';
import { isoTimestamp } from '../db/sql.js';
import { discountCentsSql, joinDiscountTotals, type DiscountScope } from './subscription-money.js';

/**
 * One subscription as the detail, its mails and other features read it, and the money rule of its rows: one
 * query with its joins, dates and timestamps cast to text in SQL, since PGlite and PostgreSQL parse them apart.
 */

/** The money facts as stored: price at booking, the sum of the discounts, the paid amount, and a cancellation's fee. */
export interface MoneyFacts {
  CAMP_PRICE_CENTS: Cents;
  DISCOUNT_CENTS: Cents;
  PAID_AMOUNT_CENTS: Cents;
  /** The camp's cancellation fee, which is all a cancelled subscription owes. */
  CANCELLATION_FEE_CENTS: Cents;
}

export type MoneyFields = Pick<
  SubscriptionListRow,
  | 'SUBSCRIPTION_CAMP_PRICE'
  | 'SUBSCRIPTION_CAMP_DISCOUNT'
  | 'SUBSCRIPTION_AMOUNT_TO_PAY'
  | 'SUBSCRIPTION_PAID_AMOUNT'
  | 'SUBSCRIPTION_SALDO'
  | 'PAYMENT_STATUS'
>;

/** Amount to pay, saldo and payment status of decisions.md section 4, derived by common's rules, in euro. */
export function moneyFields(facts: MoneyFacts, paid: boolean, cancelled: boolean): MoneyFields {
  const amounts = subscriptionAmounts({
    campPriceCents: facts.CAMP_PRICE_CENTS,
    discountsCents: [facts.DISCOUNT_CENTS],
    paidAmountCents: facts.PAID_AMOUNT_CENTS,
    cancellation: cancelled ? { cancellationFeeCents: facts.CANCELLATION_FEE_CENTS } : null,
  });
  return {
    SUBSCRIPTION_CAMP_PRICE: centsToEuro(facts.CAMP_PRICE_CENTS),
    SUBSCRIPTION_CAMP_DISCOUNT: centsToEuro(amounts.discountCents),
    SUBSCRIPTION_AMOUNT_TO_PAY: centsToEuro(amounts.amountToPayCents),
    SUBSCRIPTION_PAID_AMOUNT: centsToEuro(facts.PAID_AMOUNT_CENTS),
    SUBSCRIPTION_SALDO: centsToEuro(amounts.saldoCents),
    PAYMENT_STATUS: paymentStatus(paid, amounts.saldoCents),
  };
}

/** The detail as stored: money in cents, the derived amounts not yet computed. */
const detailFacts = subscriptionDetail
  .omit({
    SUBSCRIPTION_CAMP_PRICE: true,
    SUBSCRIPTION_CAMP_DISCOUNT: true,
    SUBSCRIPTION_AMOUNT_TO_PAY: true,
    SUBSCRIPTION_PAID_AMOUNT: true,
    SUBSCRIPTION_SALDO: true,
    PAYMENT_STATUS: true,
    SUBSCRIPTION_DISCOUNT_SELECTED_DAYS: true,
    CAMP_PRICE: true,
  })
  .extend({
    CAMP_PRICE_CENTS: z.number(),
    DISCOUNT_CENTS: z.number(),
    PAID_AMOUNT_CENTS: z.number(),
    SELECTED_DAYS_DISCOUNT_CENTS: z.number(),
    CAMP_PRICE_NOW_CENTS: z.number(),
    CANCELLATION_FEE_CENTS: z.number(),
  });

/** One subscription with every field of spec section 3, national numbers masked; null when there is none with that id. */
export async function findSubscriptionDetail(db: Executor, subscriptionId: number): Promise<SubscriptionDetail | null> {
  const [row] = await readNamedRows(
    db,
    'subscription_detail',
    detailSql(subscriptionId, sql`subscriptions`, { subscriptionId }),
    detailFacts,
  );
  return row ? detailOf(row) : null;
}

/**
 * The detail of a new subscription read by the statement that writes it (`writeTogether`'s read, issue 37: one round
 * trip less under the camp's lock): its insert is the statement's first write, its discounts' insert (when it has any)
 * the second, each returning every column; the statement sees those rows only there, not in the tables.
 */
export function newSubscriptionDetailRead(subscriptionId: number, withDiscounts: boolean) {
  return {
    query: detailSql(subscriptionId, sql.raw(writtenPart(0)), withDiscounts ? { writtenBy: writtenPart(1) } : { subscriptionId }),
    row: detailFacts.transform(detailOf),
  };
}

/** The detail's statement, reading the subscription from `subscriptions` (a table or a statement's part) and its discounts of `discounts`. */
function detailSql(subscriptionId: number, subscriptions: SQL, discounts: DiscountScope) {
  return sql`
      select
        s.id as "SUBSCRIPTION_ID",
        s.version as "SUBSCRIPTION_VERSION",
        s.reference as "SUBSCRIPTION_REFERENCE",
        s.ogm as "SUBSCRIPTION_OGM",
        ${isoTimestamp('s.created_at')} as "SUBSCRIPTION_CREATION_DATE",
        s.camp_price_cents as "CAMP_PRICE_CENTS",
        ${discountCentsSql} as "DISCOUNT_CENTS",
        s.paid_amount_cents as "PAID_AMOUNT_CENTS",
        s.paid as "SUBSCRIPTION_PAID",
        s.payment_date::text as "SUBSCRIPTION_PAYMENT_DATE",
        s.paid_account_nr as "SUBSCRIPTION_PAID_ACCOUNTNR",
        s.payment_method_id as "PAYMENTMETHOD_ID",
        pm.description as "PAYMENTMETHOD_DESCRIPTION",
        s.cancelled as "SUBSCRIPTION_CANCELLED",
        ${isoTimestamp('s.cancellation_date')} as "SUBSCRIPTION_CANCELLATION_DATE",
        s.remark as "SUBSCRIPTION_REMARK",
        s.lunch_preference_id as "SUBSCRIPTION_LUNCH_PREFERENCE_ID",
        s.selected_days as "SUBSCRIPTION_SELECTED_DAYS",
        s.source as "SUBSCRIPTION_SOURCE",
        coalesce(d.selected_days_cents, 0)::int as "SELECTED_DAYS_DISCOUNT_CENTS",
        c.id as "CAMP_ID",
        c.price_cents as "CAMP_PRICE_NOW_CENTS",
        c.cancellation_fee_cents as "CANCELLATION_FEE_CENTS",
        c.flexible_booking_allowed as "CAMP_FLEXIBLE_BOOKING_ALLOWED",
        c.active_days as "CAMP_ACTIVE_DAYS",
        th.id as "THEME_ID",
        th.name as "THEME_NAME",
        l.id as "LOCATION_ID",
        l.name as "LOCATION_NAME",
        l.address as "LOCATION_ADDRESS",
        p.id as "PERIOD_ID",
        p.name as "PERIOD_NAME",
        p.start_date::text as "PERIOD_STARTDATE",
        p.end_date::text as "PERIOD_ENDDATE",
        ag.name as "AGEGROUP_NAME",
        ch.id as "SUBSCRIBER_ID",
        ch.version as "SUBSCRIBER_VERSION",
        ch.firstname as "SUBSCRIBER_FIRSTNAME",
        ch.lastname as "SUBSCRIBER_LASTNAME",
        ch.gender_id as "SUBSCRIBER_GENDER_ID",
        ch.birthdate::text as "SUBSCRIBER_BIRTHDATE",
        ch.nationalnr as "SUBSCRIBER_NATIONALNR",
        pa.id as "SUBSCRIBER_PARENT_ID",
        pa.version as "SUBSCRIBER_PARENT_VERSION",
        pa.firstname as "SUBSCRIBER_PARENT_FIRSTNAME",
        pa.lastname as "SUBSCRIBER_PARENT_LASTNAME",
        pa.street as "SUBSCRIBER_PARENT_STREET",
        pa.housenr as "SUBSCRIBER_PARENT_HOUSENR",
        pa.postalcode as "SUBSCRIBER_PARENT_POSTALCODE",
        pa.city as "SUBSCRIBER_PARENT_CITY",
        pa.country as "SUBSCRIBER_PARENT_COUNTRY",
        pa.phone as "SUBSCRIBER_PARENT_PHONE",
        pa.phone2 as "SUBSCRIBER_PARENT_PHONE2",
        pa.email as "SUBSCRIBER_PARENT_EMAIL",
        pa.nationalnr as "SUBSCRIBER_PARENT_NATIONALNR"
      from ${subscriptions} s
      join camps c on c.id = s.camp_id
      join themes th on th.id = c.theme_id
      join locations l on l.id = c.location_id
      join periods p on p.id = c.period_id
      join agegroups ag on ag.id = c.agegroup_id
      join payment_methods pm on pm.id = s.payment_method_id
      join children ch on ch.id = s.child_id
      join parents pa on pa.id = ch.parent_id
      ${joinDiscountTotals(discounts)}
      where s.id = ${subscriptionId}`;
}

/** The detail of its facts as stored: national numbers masked, the money derived by common's rules. */
function detailOf(row: z.infer<typeof detailFacts>): SubscriptionDetail {
  const {
    SELECTED_DAYS_DISCOUNT_CENTS,
    CAMP_PRICE_NOW_CENTS,
    CAMP_PRICE_CENTS,
    DISCOUNT_CENTS,
    PAID_AMOUNT_CENTS,
    CANCELLATION_FEE_CENTS,
    ...fields
  } = row;
  return {
    ...fields,
    // Masked for every role (issue 20): the full number leaves the server only through revealNationalNumber.
    SUBSCRIBER_NATIONALNR: maskedNationalNumber(fields.SUBSCRIBER_NATIONALNR),
    SUBSCRIBER_PARENT_NATIONALNR: maskedNationalNumber(fields.SUBSCRIBER_PARENT_NATIONALNR),
    ...moneyFields(
      { CAMP_PRICE_CENTS, DISCOUNT_CENTS, PAID_AMOUNT_CENTS, CANCELLATION_FEE_CENTS },
      row.SUBSCRIPTION_PAID,
      row.SUBSCRIPTION_CANCELLED,
    ),
    SUBSCRIPTION_DISCOUNT_SELECTED_DAYS: centsToEuro(SELECTED_DAYS_DISCOUNT_CENTS),
    CAMP_PRICE: centsToEuro(CAMP_PRICE_NOW_CENTS),
  };
}
