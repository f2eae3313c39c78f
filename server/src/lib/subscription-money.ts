import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { subscriptionAmounts, type Cents } from '@common/money.js';
import { compareByLastThenFirstName } from '@common/sort.js';
import { readRows, type Executor } from '../db/client.js';
import { inList, isoTimestamp, startsInYear } from '../db/sql.js';

/**
 * The from-clause of a subscription with its camp (period, theme, location), child and parent, and its discounts'
 * total as `d.total_cents` (null without discounts): the money lists here and the fiscal attests read the same rows.
 */
export const subscriptionsWithCampFamilyAndDiscounts = sql`
  subscriptions s
  join camps c on c.id = s.camp_id
  join periods p on p.id = c.period_id
  join themes th on th.id = c.theme_id
  join locations l on l.id = c.location_id
  join children ch on ch.id = s.child_id
  join parents pa on pa.id = ch.parent_id
  left join (select subscription_id, sum(amount_cents) as total_cents from subscription_discounts group by subscription_id) d
    on d.subscription_id = s.id`;

/**
 * Subscriptions with their money facts and what a follow-up list shows of them: 'Openstaande betalingen',
 * 'Terugbetalingen' and the camps' mail schedules read them here, and derive the amounts with common's rule.
 */
const moneyRow = z.object({
  SUBSCRIPTION_ID: z.number(),
  SUBSCRIPTION_REFERENCE: z.string(),
  SUBSCRIPTION_OGM: z.string(),
  SUBSCRIPTION_CREATION_DATE: z.string(),
  SUBSCRIPTION_CANCELLED: z.boolean(),
  SUBSCRIPTION_PAID_ACCOUNTNR: z.string().nullable(),
  PAYMENTMETHOD_ID: z.number(),
  SUBSCRIBER_FIRSTNAME: z.string(),
  SUBSCRIBER_LASTNAME: z.string(),
  SUBSCRIBER_PARENT_FIRSTNAME: z.string(),
  SUBSCRIBER_PARENT_LASTNAME: z.string(),
  SUBSCRIBER_PARENT_EMAIL: z.string(),
  CAMP_ID: z.number(),
  THEME_NAME: z.string(),
  LOCATION_NAME_SHORT: z.string(),
  PERIOD_NAME_SHORT: z.string(),
  PERIOD_STARTDATE: z.string(),
  PERIOD_ENDDATE: z.string(),
  CANCELLATION_FEE_CENTS: z.number(),
  CAMP_PRICE_CENTS: z.number(),
  DISCOUNT_CENTS: z.number(),
  PAID_AMOUNT_CENTS: z.number(),
});

export type SubscriptionMoney = z.output<typeof moneyRow> & { amountToPayCents: Cents; saldoCents: Cents };

export interface SubscriptionMoneyFilter {
  campYear?: number;
  campId?: number;
  periodId?: number;
  locationId?: number;
  subscriptionIds?: readonly number[];
}

/** The subscriptions the filter names (at least one criterion), sorted by child name as the overview sorts (Dutch collation). */
export async function listSubscriptionMoney(db: Executor, filter: SubscriptionMoneyFilter): Promise<SubscriptionMoney[]> {
  const where: SQL[] = [];
  if (filter.campYear !== undefined) where.push(startsInYear('p.start_date', filter.campYear));
  if (filter.campId !== undefined) where.push(sql`c.id = ${filter.campId}`);
  if (filter.periodId !== undefined) where.push(sql`p.id = ${filter.periodId}`);
  if (filter.locationId !== undefined) where.push(sql`l.id = ${filter.locationId}`);
  if (filter.subscriptionIds !== undefined) where.push(inList(sql`s.id`, filter.subscriptionIds, 'int'));
  if (where.length === 0) throw new Error('listSubscriptionMoney needs a filter');
  const rows = await readRows(
    db,
    sql`select s.id as "SUBSCRIPTION_ID", s.reference as "SUBSCRIPTION_REFERENCE", s.ogm as "SUBSCRIPTION_OGM",
          ${isoTimestamp('s.created_at')} as "SUBSCRIPTION_CREATION_DATE", s.cancelled as "SUBSCRIPTION_CANCELLED",
          s.paid_account_nr as "SUBSCRIPTION_PAID_ACCOUNTNR", s.payment_method_id as "PAYMENTMETHOD_ID",
          ch.firstname as "SUBSCRIBER_FIRSTNAME", ch.lastname as "SUBSCRIBER_LASTNAME",
          pa.firstname as "SUBSCRIBER_PARENT_FIRSTNAME", pa.lastname as "SUBSCRIBER_PARENT_LASTNAME", pa.email as "SUBSCRIBER_PARENT_EMAIL",
          c.id as "CAMP_ID", th.name as "THEME_NAME", l.name_short as "LOCATION_NAME_SHORT", p.name_short as "PERIOD_NAME_SHORT",
          p.start_date::text as "PERIOD_STARTDATE", p.end_date::text as "PERIOD_ENDDATE",
          c.cancellation_fee_cents as "CANCELLATION_FEE_CENTS",
          s.camp_price_cents as "CAMP_PRICE_CENTS", coalesce(d.total_cents, 0)::int as "DISCOUNT_CENTS", s.paid_amount_cents as "PAID_AMOUNT_CENTS"
        from ${subscriptionsWithCampFamilyAndDiscounts}
        where ${sql.join(where, sql` and `)}
        order by s.id`,
    moneyRow,
  );
  rows.sort(
    compareByLastThenFirstName(
      (r) => r.SUBSCRIBER_LASTNAME,
      (r) => r.SUBSCRIBER_FIRSTNAME,
    ),
  );
  return rows.map((row) => {
    const amounts = subscriptionAmounts({
      campPriceCents: row.CAMP_PRICE_CENTS,
      discountsCents: [row.DISCOUNT_CENTS],
      paidAmountCents: row.PAID_AMOUNT_CENTS,
      cancellation: row.SUBSCRIPTION_CANCELLED ? { cancellationFeeCents: row.CANCELLATION_FEE_CENTS } : null,
    });
    return { ...row, amountToPayCents: amounts.amountToPayCents, saldoCents: amounts.saldoCents };
  });
}
