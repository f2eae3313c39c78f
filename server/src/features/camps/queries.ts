import { sql, type SQL } from 'drizzle-orm';
import { centsToEuro, subscriptionAmounts } from '@common/money.js';
import { paymentStatus } from '@common/payment-status.js';
import { compareDutch } from '@common/sort.js';
import { z } from 'zod';
import { campRecord, type CampRecord, type CampSummaryRecord } from '@common/schemas/camps.js';
import { readRows, type Executor } from '../../db/client.js';
import { isoTimestamp, startsInYear } from '../../db/sql.js';
import { seatsTakenOf, seatsTakenPerCamp, waitingPerCamp } from '../../domain/seats.js';
import { discountCentsSql, joinDiscountTotals } from '../../domain/subscription-money.js';

/** A camp as stored: money in cents, seats open not yet derived. */
const campRow = campRecord
  .omit({ PRICE: true, CAMP_REDUCTION_TO_EARN: true, CAMP_FISCAL_MAX_REDUCTION: true, CAMP_CANCELLATION_FEE: true, SEATS_OPEN: true })
  .extend({
    PRICE_CENTS: z.number(),
    CANCELLATION_FEE_CENTS: z.number(),
    REDUCTION_TO_EARN_CENTS: z.number(),
    FISCAL_MAX_REDUCTION_CENTS: z.number(),
  });

const summaryRow = z.object({
  cancelled: z.boolean(),
  paid: z.boolean(),
  price: z.number(),
  discount: z.number(),
  paid_amount: z.number(),
});

/**
 * Camps with their seats and the inheritance of spec section 2 (decisions.md section 6): a camp without a
 * booking start or info of its own answers its field empty, the …_LOCATION flag true, and the location's value.
 * Seats taken count the subscriptions that are not cancelled (deleted ones are gone).
 */
export async function listCamps(db: Executor, filter: { campYear?: number; campId?: number }): Promise<CampRecord[]> {
  const conditions: SQL[] = [];
  if (filter.campYear !== undefined) {
    conditions.push(startsInYear('p.start_date', filter.campYear));
  }
  if (filter.campId !== undefined) conditions.push(sql`c.id = ${filter.campId}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await readRows(
    db,
    sql`select
          c.id as "CAMP_ID", c.version as "CAMP_VERSION", c.location_id as "LOCATION_ID", c.period_id as "PERIOD_ID", c.theme_id as "THEME_ID", c.agegroup_id as "AGEGROUP_ID",
          th.name as "THEME_NAME", l.name as "LOCATION_NAME", p.name as "PERIOD_NAME",
          p.start_date::text as "PERIOD_STARTDATE", p.end_date::text as "PERIOD_ENDDATE", ag.name as "AGEGROUP_NAME",
          c.location_id as "CAMP_LOCATION_1",
          c.min_birthyear as "MIN_BIRTHYEAR", c.max_birthyear as "MAX_BIRTHYEAR",
          c.price_cents as "PRICE_CENTS", c.seats_available as "SEATS_AVAILABLE",
          coalesce(taken.taken, 0)::int as "SEATS_TAKEN",
          coalesce(waiting.count, 0)::int as "WAITING_COUNT",
          c.closed as "CAMP_CLOSED",
          ${isoTimestamp('c.allow_booking_from')} as "CAMP_ALLOW_BOOKING_FROM",
          c.allow_booking_info as "CAMP_ALLOW_BOOKING_INFO",
          (c.allow_booking_from is null) as "CAMP_ALLOW_BOOKING_FROM_LOCATION",
          (c.allow_booking_info is null) as "CAMP_ALLOW_BOOKING_INFO_LOCATION",
          ${isoTimestamp('l.allow_booking_from')} as "LOCATION_ALLOW_BOOKING_FROM",
          l.allow_booking_info as "LOCATION_ALLOW_BOOKING_INFO",
          c.active_days as "ACTIVE_DAYS",
          c.discount_allowed as "CAMP_DISCOUNT_ALLOWED",
          c.discount_selected_days_allowed as "CAMP_DISCOUNT_SELECTED_DAYS_ALLOWED",
          c.flexible_booking_allowed as "CAMP_FLEXIBLE_BOOKING_ALLOWED",
          c.minimum_contiguous_days as "CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS",
          c.minimum_required_days as "CAMP_MINIMUM_REQUIRED_CAMP_DAYS",
          c.maximum_allowed_days as "CAMP_MAXIMUM_ALLOWED_CAMP_DAYS",
          c.reduction_to_earn_cents as "REDUCTION_TO_EARN_CENTS",
          c.fiscal_max_reduction_cents as "FISCAL_MAX_REDUCTION_CENTS",
          c.cancellation_fee_cents as "CANCELLATION_FEE_CENTS",
          c.remark as "REMARK",
          c.email_template_confirm as "CAMP_EMAILTEMPLATE_CONFIRM",
          c.email_template_cancel as "CAMP_EMAILTEMPLATE_CANCEL",
          c.email_template_convert_cash as "CAMP_EMAILTEMPLATE_CONVERT_CASH",
          c.email_template_convert_bank_transfer as "CAMP_EMAILTEMPLATE_CONVERT_BANK_TRANSFER"
        from camps c
        join periods p on p.id = c.period_id
        join themes th on th.id = c.theme_id
        join locations l on l.id = c.location_id
        join agegroups ag on ag.id = c.agegroup_id
        left join ${seatsTakenPerCamp()} taken on taken.camp_id = c.id
        left join ${waitingPerCamp} waiting on waiting.camp_id = c.id
        ${where}`,
    campRow,
  );
  // Sorted here, not in SQL, so that names follow Dutch collation on PGlite and PostgreSQL alike.
  rows.sort(
    (a, b) =>
      a.PERIOD_STARTDATE.localeCompare(b.PERIOD_STARTDATE) ||
      compareDutch(a.THEME_NAME, b.THEME_NAME) ||
      compareDutch(a.LOCATION_NAME, b.LOCATION_NAME) ||
      a.CAMP_ID - b.CAMP_ID,
  );
  return rows.map(({ PRICE_CENTS, REDUCTION_TO_EARN_CENTS, FISCAL_MAX_REDUCTION_CENTS, CANCELLATION_FEE_CENTS, ...camp }) => ({
    ...camp,
    PRICE: centsToEuro(PRICE_CENTS),
    CAMP_REDUCTION_TO_EARN: centsToEuro(REDUCTION_TO_EARN_CENTS),
    CAMP_FISCAL_MAX_REDUCTION: centsToEuro(FISCAL_MAX_REDUCTION_CENTS),
    CAMP_CANCELLATION_FEE: centsToEuro(CANCELLATION_FEE_CENTS),
    SEATS_OPEN: camp.SEATS_AVAILABLE - camp.SEATS_TAKEN,
  }));
}

/**
 * Counts per payment status over the camp's subscriptions that are not cancelled, by the rules of common/; the seats
 * taken by the one seat rule (a seat held by an open offer of the waiting list is taken).
 */
export async function campSummary(db: Executor, campId: number): Promise<CampSummaryRecord | null> {
  const [camp] = await readRows(
    db,
    sql`select seats_available as seats, ${seatsTakenOf(campId)} as taken from camps where id = ${campId}`,
    z.object({ seats: z.number(), taken: z.number() }),
  );
  if (!camp) return null;
  const rows = await readRows(
    db,
    sql`select s.cancelled, s.paid, s.camp_price_cents as price, s.paid_amount_cents as paid_amount, ${discountCentsSql} as discount
        from subscriptions s ${joinDiscountTotals({ campId })} where s.camp_id = ${campId}`,
    summaryRow,
  );
  const summary: CampSummaryRecord = {
    CAMP_ID: campId,
    SEATS_AVAILABLE: camp.seats,
    SEATS_TAKEN: 0,
    SEATS_OPEN: camp.seats,
    SUBSCRIPTIONS_TOTAL: rows.length,
    SUBSCRIPTIONS_CANCELLED: 0,
    PAID: 0,
    NOT_PAID: 0,
    OPEN_SALDO: 0,
    PAID_TO_MUCH: 0,
    AMOUNT_TO_PAY_TOTAL: 0,
    PAID_AMOUNT_TOTAL: 0,
  };
  const statusField = { PAID: 'PAID', 'NOT-PAID': 'NOT_PAID', 'OPEN-SALDO': 'OPEN_SALDO', 'PAID-TO-MUCH': 'PAID_TO_MUCH' } as const;
  let amountToPayCents = 0;
  let paidCents = 0;
  for (const row of rows) {
    if (row.cancelled) {
      summary.SUBSCRIPTIONS_CANCELLED++;
      continue;
    }
    const amounts = subscriptionAmounts({ campPriceCents: row.price, discountsCents: [row.discount], paidAmountCents: row.paid_amount });
    summary[statusField[paymentStatus(row.paid, amounts.saldoCents)]]++;
    amountToPayCents += amounts.amountToPayCents;
    paidCents += row.paid_amount;
  }
  // Bookings and the seats an open offer of the waiting list holds: the one seat rule (domain/seats.ts).
  summary.SEATS_TAKEN = camp.taken;
  summary.SEATS_OPEN = camp.seats - summary.SEATS_TAKEN;
  summary.AMOUNT_TO_PAY_TOTAL = centsToEuro(amountToPayCents);
  summary.PAID_AMOUNT_TOTAL = centsToEuro(paidCents);
  return summary;
}
