import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { dashboardAnswer, type DashboardAnswer, type MoneySplitCents } from '@common/schemas/dashboard.js';
import { readRows, type Executor } from '../../db/client.js';
import { bookingDay, startsInYear } from '../../db/sql.js';
import { compareDutch } from '@common/sort.js';
import { SUBSCRIPTION_SOURCES } from '@common/subscription-source.js';
import { addDays } from '@common/mail-schedules.js';
import { amountToPaySql, joinDiscountTotals } from '../../domain/subscription-money.js';
import { seatsTakenPerCamp, waitingPerCamp } from '../../domain/seats.js';

/**
 * The season dashboard, computed in SQL with set-based aggregates. One statement reads the subscriptions
 * of this season and the last once (the `season_subscriptions` CTE, materialised because three parts use
 * it), joins their discounts once, and groups that one pass three ways: per camp, payment method and
 * cancelled (money, cancellations), per week of booking (both seasons), and per discount reason
 * and location. No figure is a subquery per camp or per subscription. The occupancy's seats taken are the one seat
 * rule's (`seatsTakenPerCamp`, domain/seats.ts: bookings and the seats an open offer of the waiting list holds), grouped
 * once over the year's camps. The amounts follow the money rule
 * of decisions.md section 4 (`subscriptionAmounts` in common/src/money.ts, in SQL as `amountToPaySql` of
 * server/src/domain/subscription-money.ts): to pay = price − discounts, for a cancelled subscription its camp's
 * cancellation fee (at most that); saldo = to pay − paid.
 */

const count = z.coerce.number();

const seasonFigures = (year: number) => sql`
  with season_subscriptions as materialized (
    -- Each subscription's discounts are summed in one grouped pass over the discounts and hash-joined, never looked
    -- up one subscription at a time (a materialised CTE's row estimate is a guess, so a join to it may become a
    -- loop of 50,000 index probes).
    select s.id, s.camp_id, s.cancelled, s.payment_method_id, s.source, s.paid_amount_cents as paid,
      ${amountToPaySql} as to_pay,
      ${bookingDay('s.created_at')} as booked_on,
      extract(year from p.start_date)::int as season
    from periods p join camps c on c.period_id = p.id join subscriptions s on s.camp_id = c.id
    ${joinDiscountTotals('all')}
    where ${startsInYear('p.start_date', year - 1)} or ${startsInYear('p.start_date', year)}
  ), camp_groups as (
    select camp_id, payment_method_id, cancelled, count(*) as count, sum(to_pay) as to_pay, sum(paid) as paid,
      sum(greatest(to_pay - paid, 0)) as open, sum(greatest(paid - to_pay, 0)) as overpaid
    from season_subscriptions where season = ${year} group by camp_id, payment_method_id, cancelled
  ), starts as (
    -- Weeks before the season's first day, this year and last year on the same footing.
    select extract(year from start_date)::int as season, min(start_date) as first_day from periods
    where ${startsInYear('start_date', year - 1)} or ${startsInYear('start_date', year)} group by 1
  ), weeks as (
    -- The bookings that stand (not cancelled), as the overview lists them; the cancelled ones are under Annulaties.
    -- Whole weeks counted back from the first day, rounded down (a day in the season is a negative week).
    select floor((st.first_day - y.booked_on)::float8 / 7)::int as week,
      count(*) filter (where st.season = ${year}) as this_year, count(*) filter (where st.season = ${year - 1}) as last_year
    from season_subscriptions y join starts st on st.season = y.season
    where not y.cancelled
    group by 1
  ), sources as (
    -- Where the bookings that stand came from (issue 40), this season and the last.
    select source, count(*) filter (where season = ${year}) as this_year, count(*) filter (where season = ${year - 1}) as last_year
    from season_subscriptions where not cancelled group by source
  ), reasons as (
    -- Counted in subscriptions (the rows of the list it links to), the amount of every discount of that reason;
    -- from the tables themselves, whose row estimates let the planner hash-join the discounts.
    select sd.remark as reason, c.location_id as "locationId", count(distinct s.id) as count, sum(sd.amount_cents) as "amountCents"
    from periods p join camps c on c.period_id = p.id join subscriptions s on s.camp_id = c.id
    join subscription_discounts sd on sd.subscription_id = s.id
    where ${startsInYear('p.start_date', year)} and not s.cancelled
    group by sd.remark, c.location_id
  )
  select
    (select coalesce(json_agg(g), '[]') from camp_groups g) as groups,
    (select coalesce(json_agg(w order by w.week desc), '[]') from weeks w) as weeks,
    (select coalesce(json_agg(st), '[]') from starts st) as starts,
    (select coalesce(json_agg(so), '[]') from sources so) as sources,
    (select coalesce(json_agg(r order by r.reason, r."locationId"), '[]') from reasons r) as reasons`;

const campGroup = z.object({
  camp_id: z.number(),
  payment_method_id: z.number(),
  cancelled: z.boolean(),
  count,
  to_pay: count,
  paid: count,
  open: count,
  overpaid: count,
});
const figuresRow = z.object({
  groups: z.array(campGroup),
  weeks: z.array(z.object({ week: z.number(), this_year: count, last_year: count })),
  starts: z.array(z.object({ season: z.number(), first_day: z.string() })),
  sources: z.array(z.object({ source: z.string(), this_year: count, last_year: count })),
  reasons: z.array(z.object({ reason: z.string(), locationId: z.number(), count, amountCents: count })),
});
type MoneyRow = z.infer<typeof campGroup> & { period_id: number };
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
          th.name as "themeName", a.name as "agegroupName", c.seats_available as available, coalesce(w.count, 0)::int as waiting,
          coalesce(t.taken, 0)::int as taken
        from periods p join camps c on c.period_id = p.id join locations l on l.id = c.location_id
        join themes th on th.id = c.theme_id join agegroups a on a.id = c.agegroup_id
        left join ${waitingPerCamp} w on w.camp_id = c.id
        left join ${seatsTakenPerCamp(sql`s.camp_id in (select yc.id from periods yp join camps yc on yc.period_id = yp.id where ${startsInYear('yp.start_date', year)})`)} t
          on t.camp_id = c.id
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
      waiting: z.number(),
      taken: z.number(),
    }),
  );
  const [figures] = await readRows(db, seasonFigures(year), figuresRow);
  const { groups, weeks: bookings, reasons: discounts, starts, sources } = figures!;
  const firstDay = new Map(starts.map((s) => [s.season, s.first_day]));
  /** The booking days of week `week` before the season of `season` starts: the days the overview's filter takes. */
  const bookedDays = (season: number, week: number) => {
    const first = firstDay.get(season);
    return first === undefined ? null : { from: addDays(first, -7 * week - 6), to: addDays(first, -7 * week) };
  };
  const periodOfCamp = new Map(camps.map((camp) => [camp.campId, camp.periodId]));
  const rows: MoneyRow[] = groups.map((group) => ({ ...group, period_id: periodOfCamp.get(group.camp_id)! }));
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
      // Bookings and the seats an open offer of the waiting list holds: the one seat rule (domain/seats.ts).
      taken: camp.taken,
      available: camp.available,
      waiting: camp.waiting,
    });
    cells.set(key, cell);
  }

  const moneyRows = rows.filter((row) => !row.cancelled);

  const cancellationsByPeriod = new Map<number, DashboardAnswer['cancellations'][number]>();
  for (const row of rows.filter((r) => r.cancelled)) {
    const period = cancellationsByPeriod.get(row.period_id) ?? { periodId: row.period_id, count: 0, amountToPayCents: 0, paidCents: 0 };
    period.count += row.count;
    period.amountToPayCents += row.to_pay;
    period.paidCents += row.paid;
    cancellationsByPeriod.set(row.period_id, period);
  }

  return dashboardAnswer.parse({
    periods,
    locations: [...locations].map(([locationId, name]) => ({ locationId, name })).sort((a, b) => compareDutch(a.name, b.name)),
    occupancy: [...cells.values()],
    bookingsByWeek: bookings.map((b) => ({
      weeksBeforeSeason: b.week,
      thisYear: b.this_year,
      lastYear: b.last_year,
      thisYearBooked: bookedDays(year, b.week),
      lastYearBooked: bookedDays(year - 1, b.week),
    })),
    bookingsBySource: SUBSCRIPTION_SOURCES.map((source) => {
      const found = sources.find((s) => s.source === source);
      return { source, thisYear: found?.this_year ?? 0, lastYear: found?.last_year ?? 0 };
    }),
    money: {
      ...moneyOf(moneyRows),
      byPeriod: periods.map((p) => ({ periodId: p.periodId, ...moneyOf(moneyRows.filter((r) => r.period_id === p.periodId)) })),
    },
    discountsByReason: discounts,
    cancellations: [...cancellationsByPeriod.values()].sort((a, b) => a.periodId - b.periodId),
  });
}
