import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { dashboardAnswer, type DashboardAnswer, type MoneySplitCents } from '@common/schemas/dashboard.js';
import { readRows, type Executor } from '../../db/client.js';
import { startsInYear } from '../../db/sql.js';
import { compareDutch } from '@common/sort.js';

/**
 * The season dashboard, computed in SQL: each part is one grouped query over the year's camps and
 * subscriptions, so the answer costs a few aggregates at any season size. The amounts follow the money
 * rule of decisions.md section 4: to pay = price − discounts, saldo = to pay − paid.
 */

const count = z.coerce.number();

/** Per subscription of the year: its money facts, period, location and payment method. */
const subscriptionsOfYear = (year: number) => sql`
  select s.id, s.cancelled, s.payment_method_id, s.created_at, c.period_id, c.location_id,
    s.paid_amount_cents as paid,
    s.camp_price_cents - coalesce((select sum(sd.amount_cents) from subscription_discounts sd where sd.subscription_id = s.id), 0) as to_pay
  from periods p join camps c on c.period_id = p.id join subscriptions s on s.camp_id = c.id
  where ${startsInYear('p.start_date', year)}`;

const moneyRow = z.object({
  period_id: z.number(),
  payment_method_id: z.number(),
  to_pay: count,
  paid: count,
  open: count,
  overpaid: count,
});
type MoneyRow = z.infer<typeof moneyRow>;
type MoneyFigures = DashboardAnswer['money'];

function split(rows: MoneyRow[], figure: 'to_pay' | 'paid' | 'open' | 'overpaid'): MoneySplitCents {
  const byMethod = new Map<number, number>();
  for (const row of rows) byMethod.set(row.payment_method_id, (byMethod.get(row.payment_method_id) ?? 0) + row[figure]);
  return {
    totalCents: [...byMethod.values()].reduce((sum, cents) => sum + cents, 0),
    byMethod: [...byMethod].sort(([a], [b]) => a - b).map(([paymentMethodId, cents]) => ({ paymentMethodId, cents })),
  };
}

function moneyOf(rows: MoneyRow[]): Omit<MoneyFigures, 'byPeriod'> {
  return { toPay: split(rows, 'to_pay'), paid: split(rows, 'paid'), open: split(rows, 'open'), overpaid: split(rows, 'overpaid') };
}

export async function getDashboard(db: Executor, year: number): Promise<DashboardAnswer> {
  const periods = await readRows(
    db,
    sql`select id as "periodId", name, start_date::text as "startDate", end_date::text as "endDate"
        from periods p where ${startsInYear('p.start_date', year)} order by start_date, id`,
    z.object({ periodId: z.number(), name: z.string(), startDate: z.string(), endDate: z.string() }),
  );
  const camps = await readRows(
    db,
    sql`select c.id as "campId", c.period_id as "periodId", c.location_id as "locationId", l.name as "locationName",
          th.name as "themeName", a.name as "agegroupName", c.seats_available as available,
          (select count(*) from subscriptions s where s.camp_id = c.id and not s.cancelled) as taken
        from periods p join camps c on c.period_id = p.id join locations l on l.id = c.location_id
        join themes th on th.id = c.theme_id join agegroups a on a.id = c.agegroup_id
        where ${startsInYear('p.start_date', year)}
        order by l.name, th.name, c.id`,
    z.object({
      campId: z.number(),
      periodId: z.number(),
      locationId: z.number(),
      locationName: z.string(),
      themeName: z.string(),
      agegroupName: z.string(),
      available: z.number(),
      taken: count,
    }),
  );
  const cells = new Map<string, DashboardAnswer['occupancy'][number]>();
  const locations = new Map<number, string>();
  for (const camp of camps) {
    locations.set(camp.locationId, camp.locationName);
    const key = `${camp.periodId}:${camp.locationId}`;
    const cell = cells.get(key) ?? { periodId: camp.periodId, locationId: camp.locationId, camps: [] };
    cell.camps.push({
      campId: camp.campId,
      themeName: camp.themeName,
      agegroupName: camp.agegroupName,
      taken: camp.taken,
      available: camp.available,
    });
    cells.set(key, cell);
  }

  const moneyRows = await readRows(
    db,
    sql`select period_id, payment_method_id, sum(to_pay) as to_pay, sum(paid) as paid,
          sum(greatest(to_pay - paid, 0)) as open, sum(greatest(paid - to_pay, 0)) as overpaid
        from (${subscriptionsOfYear(year)}) y where not cancelled
        group by period_id, payment_method_id`,
    moneyRow,
  );

  // Weeks before the season's first day, this year and last year on the same footing.
  const bookings = await readRows(
    db,
    sql`with starts as (
          select extract(year from start_date)::int as year, min(start_date) as first_day from periods
          where ${startsInYear('start_date', year - 1)} or ${startsInYear('start_date', year)} group by 1
        )
        select floor((st.first_day - (s.created_at at time zone 'Europe/Brussels')::date) / 7.0)::int as week,
          count(*) filter (where st.year = ${year}) as this_year, count(*) filter (where st.year = ${year - 1}) as last_year
        from subscriptions s join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
        join starts st on st.year = extract(year from p.start_date)::int
        group by 1 order by 1 desc`,
    z.object({ week: z.number(), this_year: count, last_year: count }),
  );

  const discounts = await readRows(
    db,
    sql`select sd.remark as reason, c.location_id as "locationId", count(*) as count, sum(sd.amount_cents) as "amountCents"
        from subscription_discounts sd join subscriptions s on s.id = sd.subscription_id
        join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
        where ${startsInYear('p.start_date', year)} and not s.cancelled
        group by sd.remark, c.location_id order by sd.remark, c.location_id`,
    z.object({ reason: z.string(), locationId: z.number(), count, amountCents: count }),
  );

  const cancellations = await readRows(
    db,
    sql`select period_id as "periodId", count(*) as count, sum(to_pay) as "amountToPayCents", sum(paid) as "paidCents"
        from (${subscriptionsOfYear(year)}) y where cancelled group by period_id order by period_id`,
    z.object({ periodId: z.number(), count, amountToPayCents: count, paidCents: count }),
  );

  return dashboardAnswer.parse({
    periods,
    locations: [...locations].map(([locationId, name]) => ({ locationId, name })).sort((a, b) => compareDutch(a.name, b.name)),
    occupancy: [...cells.values()],
    bookingsByWeek: bookings.map((b) => ({ weeksBeforeSeason: b.week, thisYear: b.this_year, lastYear: b.last_year })),
    money: {
      ...moneyOf(moneyRows),
      byPeriod: periods.map((p) => ({ periodId: p.periodId, ...moneyOf(moneyRows.filter((r) => r.period_id === p.periodId)) })),
    },
    discountsByReason: discounts,
    cancellations,
  });
}
