import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { subscriptionAmounts, type Cents } from '@common/money.js';
import { compareByLastThenFirstName } from '@common/sort.js';
import { readRows, type Executor } from '../db/client.js';
import { inList, isoTimestamp, startsInYear } from '../db/sql.js';

/**
 * Whose discounts a read adds up: every subscription's, or those of one subscription, camp, camp year or family; or the
 * rows a part of the same statement writes (`writtenBy`, the part's name; its insert returning every column).
 */
export type DiscountScope =
  'all' | { subscriptionId: number } | { campId: number } | { campYear: number } | { parentId: number } | { writtenBy: string };

/** The discount rows (`sd`) of `scope`, for a `from`. */
function discountsOf(scope: DiscountScope): SQL {
  if (scope === 'all') return sql`subscription_discounts sd`;
  if ('writtenBy' in scope) return sql`${sql.raw(scope.writtenBy)} sd`;
  if ('subscriptionId' in scope) return sql`subscription_discounts sd where sd.subscription_id = ${scope.subscriptionId}`;
  const subscription = sql`subscription_discounts sd join subscriptions ds on ds.id = sd.subscription_id`;
  if ('campId' in scope) return sql`${subscription} where ds.camp_id = ${scope.campId}`;
  if ('parentId' in scope) return sql`${subscription} join children dch on dch.id = ds.child_id where dch.parent_id = ${scope.parentId}`;
  return sql`${subscription} join camps dc on dc.id = ds.camp_id join periods dp on dp.id = dc.period_id
    where ${startsInYear('dp.start_date', scope.campYear)}`;
}

/**
 * Each subscription's discounts added up, the one definition every read uses: a `left join` of `d` on the subscription
 * `s` with `d.total_cents` (all its discounts; null without any, read it as `discountCentsSql`) and
 * `d.selected_days_cents` (the discount for fewer days). One grouped pass over the discounts of `scope`, hash-joined,
 * never a lookup per subscription; the scope keeps a read of one camp or year from adding up every discount.
 */
export const joinDiscountTotals = (scope: DiscountScope) => sql`left join (
    select sd.subscription_id, sum(sd.amount_cents)::int as total_cents,
      (sum(sd.amount_cents) filter (where sd.kind = 'selected-days'))::int as selected_days_cents
    from ${discountsOf(scope)}
    group by sd.subscription_id
  ) d on d.subscription_id = s.id`;

/** The discount total of the subscription `s`, over `joinDiscountTotals`: 0 without discounts. */
export const discountCentsSql = sql`coalesce(d.total_cents, 0)::int`;

/**
 * The amount to pay of `subscriptionAmounts` (common/src/money.ts, decisions.md section 4) in SQL, for the figures
 * that add it up in the database (the dashboard): price − discounts, for a cancelled subscription its camp's
 * cancellation fee, at most that. Over the subscription `s`, its camp `c` and `joinDiscountTotals`; the saldo is
 * this minus `s.paid_amount_cents`. tests/api/subscription-money-sql.test.ts holds it to common's rule.
 */
export const amountToPaySql = sql`(case when s.cancelled
    then least(greatest(c.cancellation_fee_cents, 0), greatest(s.camp_price_cents - ${discountCentsSql}, 0))
    else s.camp_price_cents - ${discountCentsSql} end)`;

/**
 * The from-clause of a subscription with its camp (period, theme, location), child and parent, and its discounts'
 * total (`joinDiscountTotals`): the money lists here and the fiscal attests read the same rows.
 */
export const subscriptionsWithCampFamilyAndDiscounts = sql`
  subscriptions s
  join camps c on c.id = s.camp_id
  join periods p on p.id = c.period_id
  join themes th on th.id = c.theme_id
  join locations l on l.id = c.location_id
  join children ch on ch.id = s.child_id
  join parents pa on pa.id = ch.parent_id
  ${joinDiscountTotals('all')}`;

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
          s.camp_price_cents as "CAMP_PRICE_CENTS", ${discountCentsSql} as "DISCOUNT_CENTS", s.paid_amount_cents as "PAID_AMOUNT_CENTS"
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
