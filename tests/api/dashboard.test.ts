import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { euroToCents } from '@common/money.js';
import type { DashboardAnswer, MoneySplitCents } from '@common/schemas/dashboard.js';
import type { SubscriptionDiscountRecord, SubscriptionListRow } from '@common/schemas/subscriptions.js';
import {
  filterRows,
  noOverviewFilter,
  overviewTotals,
  prepareRows,
  type MoneySplit,
  type OverviewFilter,
} from '@common/subscription-overview.js';
import { queryRows } from '../../server/src/db/client.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { download, readXlsx } from '../helpers/files.js';

const year = new Date().getFullYear();

/** A split as the dashboard answers it: every payment method with money, by id. */
const asDashboardSplit = (split: MoneySplit): MoneySplitCents => ({
  totalCents: split.totalCents,
  byMethod: [...split.byMethodCents].sort(([a], [b]) => a - b).map(([paymentMethodId, cents]) => ({ paymentMethodId, cents })),
});

function sumBy<T>(items: T[], key: (item: T) => string, value: (item: T) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + value(item));
  return sums;
}

describe.each(backends)('the season dashboard on %s', (backend) => {
  let t: TestApp;
  let dashboard: DashboardAnswer;
  let rows: SubscriptionListRow[];

  /** The rows the overview lists for a filter: its own rule over getSubscriptions, with getSubscriptionSelection's ids. */
  const listed = async (campYear: number, filter: Partial<OverviewFilter>) => {
    const full = { ...noOverviewFilter, ...filter };
    const yearRows = (await t.api.getSubscriptions({ campYear })).body.data as SubscriptionListRow[];
    // An empty filter field is no filter: left out of the query, as the overview leaves it out.
    const { bookedFrom, bookedTo, discountReason } = full;
    const answer = await t.api.getSubscriptionSelection({
      campYear,
      bookedFrom: bookedFrom || undefined,
      bookedTo: bookedTo || undefined,
      discountReason: discountReason || undefined,
    });
    expect(answer.status).toBe(200);
    const selection = answer.body.data;
    const selected = new Set(selection.map((s) => s.SUBSCRIPTION_ID));
    const shown = filterRows(prepareRows(yearRows), full, null, new Set(), selected).map((r) => r.subscription);
    const discount = new Map(selection.map((s) => [s.SUBSCRIPTION_ID, euroToCents(s.DISCOUNT_AMOUNT)]));
    return { shown, discountCents: shown.reduce((sum, r) => sum + discount.get(r.SUBSCRIPTION_ID)!, 0) };
  };

  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 60 });
    // An 'Andere...' reason is stored as its typed text, on two subscriptions (one of them twice) of one location.
    const ofYear = (await t.api.getSubscriptions({ campYear: year })).body.data as SubscriptionListRow[];
    const open = ofYear.filter((r) => !r.SUBSCRIPTION_CANCELLED && r.SUBSCRIPTION_AMOUNT_TO_PAY >= 10);
    const [first, second] = open.filter((r) => r.LOCATION_ID === open[0]!.LOCATION_ID);
    for (const id of [first!.SUBSCRIPTION_ID, first!.SUBSCRIPTION_ID, second!.SUBSCRIPTION_ID]) {
      const body = { subscriptionId: id, discountAmount: '2,5', discountRemark: 'Korting gemeente Zele', discountId: null };
      expect((await t.api.addDiscount(body)).status).toBe(200);
    }
    const answer = await t.api.getDashboard({ campYear: year });
    expect(answer.status).toBe(200);
    dashboard = answer.body.data;
    rows = (await t.api.getSubscriptions({ campYear: year })).body.data;
    expect(rows.filter((r) => r.SUBSCRIPTION_CANCELLED).length).toBeGreaterThan(0);
  });
  afterAll(async () => t?.close());

  it("answers the money of 'Toon totalen' without filters, split by payment method and per period", () => {
    const live = filterRows(prepareRows(rows), noOverviewFilter, null).map((r) => r.subscription);
    const totals = overviewTotals(live);
    expect(dashboard.money.toPay).toEqual(asDashboardSplit(totals.revenue));
    expect(dashboard.money.paid).toEqual(asDashboardSplit(totals.paid));
    expect(dashboard.money.open).toEqual(asDashboardSplit(totals.unpaid));
    const overpaid = live.reduce((sum, r) => sum + Math.max(-euroToCents(r.SUBSCRIPTION_SALDO), 0), 0);
    expect(dashboard.money.overpaid.totalCents).toBe(overpaid);
    for (const period of dashboard.money.byPeriod) {
      const ofPeriod = overviewTotals(live.filter((r) => r.PERIOD_ID === period.periodId));
      expect(period.toPay.totalCents).toBe(ofPeriod.revenue.totalCents);
      expect(period.open.totalCents).toBe(ofPeriod.unpaid.totalCents);
    }
    expect(dashboard.money.byPeriod.reduce((sum, p) => sum + p.paid.totalCents, 0)).toBe(totals.paid.totalCents);
  });

  it('answers each camp of the year in its period × location cell with the seats of getCamps', async () => {
    const camps = (await t.api.getCamps({ campYear: year })).body.data as {
      CAMP_ID: number;
      PERIOD_ID: number;
      LOCATION_ID: number;
      SEATS_TAKEN: number;
      SEATS_AVAILABLE: number;
    }[];
    const inCells = dashboard.occupancy.flatMap((cell) => cell.camps.map((camp) => ({ ...camp, cell })));
    expect(inCells).toHaveLength(camps.length);
    for (const camp of camps) {
      const found = inCells.find((c) => c.campId === camp.CAMP_ID)!;
      expect(found).toMatchObject({ taken: camp.SEATS_TAKEN, available: camp.SEATS_AVAILABLE });
      expect(found.cell).toMatchObject({ periodId: camp.PERIOD_ID, locationId: camp.LOCATION_ID });
    }
    expect(dashboard.periods.map((p) => p.startDate)).toEqual([...dashboard.periods.map((p) => p.startDate)].sort());
  });

  it('answers the discounts per reason and location of getDiscounts, of subscriptions that are not cancelled', async () => {
    const discounts = (await t.api.getDiscounts()).body.data as SubscriptionDiscountRecord[];
    const live = new Map(rows.filter((r) => !r.SUBSCRIPTION_CANCELLED).map((r) => [r.SUBSCRIPTION_ID, r]));
    const ofYear = discounts.filter((d) => live.has(d.SUBSCRIPTION_ID));
    expect(ofYear.length).toBeGreaterThan(0);
    const key = (d: SubscriptionDiscountRecord) => `${d.SUBSCRIPTION_DISCOUNT_REMARK}|${live.get(d.SUBSCRIPTION_ID)!.LOCATION_ID}`;
    const amounts = sumBy(ofYear, key, (d) => euroToCents(d.SUBSCRIPTION_DISCOUNT_AMOUNT));
    // Counted in subscriptions: one with the same reason twice counts once.
    const subscriptions = new Map<string, Set<number>>();
    for (const d of ofYear) subscriptions.set(key(d), (subscriptions.get(key(d)) ?? new Set()).add(d.SUBSCRIPTION_ID));
    const counts = new Map([...subscriptions].map(([k, ids]) => [k, ids.size]));
    expect(new Map(dashboard.discountsByReason.map((d) => [`${d.reason}|${d.locationId}`, d.amountCents]))).toEqual(amounts);
    expect(new Map(dashboard.discountsByReason.map((d) => [`${d.reason}|${d.locationId}`, d.count]))).toEqual(counts);
    const typed = dashboard.discountsByReason.filter((d) => d.reason === 'Korting gemeente Zele');
    expect(typed.map((d) => [d.count, d.amountCents])).toEqual([[2, 750]]);
  });

  it('lists for each reason and location exactly the subscriptions it counts, with the amount it sums', async () => {
    expect(dashboard.discountsByReason.length).toBeGreaterThan(1);
    for (const d of dashboard.discountsByReason) {
      const list = await listed(year, { discountReason: d.reason, locationId: String(d.locationId) });
      expect([d.reason, list.shown.length, list.discountCents]).toEqual([d.reason, d.count, d.amountCents]);
    }
  });

  it("lists for each week's figure, this year and last year, exactly the bookings it counts", async () => {
    const weeks = dashboard.bookingsByWeek;
    expect(weeks.filter((w) => w.thisYear > 0).length).toBeGreaterThan(1);
    for (const w of weeks) {
      for (const [campYear, figure, days] of [
        [year, w.thisYear, w.thisYearBooked],
        [year - 1, w.lastYear, w.lastYearBooked],
      ] as const) {
        expect(days).not.toBeNull();
        const list = await listed(campYear, { bookedFrom: days!.from, bookedTo: days!.to });
        expect([w.weeksBeforeSeason, campYear, list.shown.length]).toEqual([w.weeksBeforeSeason, campYear, figure]);
      }
    }
  });

  it('exports exactly the rows the overview lists for a booking week and a discount reason', async () => {
    const week = dashboard.bookingsByWeek.find((w) => w.thisYear > 0)!;
    const reason = dashboard.discountsByReason[0]!;
    const query = new URLSearchParams({
      campYear: String(year),
      format: 'xlsx',
      bookedFrom: week.thisYearBooked!.from,
      bookedTo: week.thisYearBooked!.to,
    });
    const byWeek = await readXlsx((await download(t, `/api/exportSubscriptions?${query}`)).body);
    const expected = await listed(year, { bookedFrom: week.thisYearBooked!.from, bookedTo: week.thisYearBooked!.to });
    expect(byWeek.rows.map((r) => r.value('Referentie'))).toEqual(expected.shown.map((r) => r.SUBSCRIPTION_REFERENCE));
    const byReason = await readXlsx(
      (await download(t, `/api/exportSubscriptions?campYear=${year}&format=xlsx&discountReason=${encodeURIComponent(reason.reason)}`)).body,
    );
    const reasonRows = await listed(year, { discountReason: reason.reason });
    expect(byReason.rows.map((r) => r.value('Referentie'))).toEqual(reasonRows.shown.map((r) => r.SUBSCRIPTION_REFERENCE));
  });

  it('refuses a booking day that is no day, and a filter that selects nothing answers an empty list', async () => {
    const bad = await t.api.getSubscriptionSelection({ campYear: year, bookedFrom: '2025-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ bookedFrom: 'Foutief formaat' });
    const none = await t.api.getSubscriptionSelection({ campYear: year, discountReason: 'Geen zo’n reden' });
    expect(none.body.data).toEqual([]);
  });

  it('answers the cancellations per period: count, amount to pay and paid', () => {
    const cancelled = rows.filter((r) => r.SUBSCRIPTION_CANCELLED);
    const byPeriod = (value: (r: SubscriptionListRow) => number) => sumBy(cancelled, (r) => String(r.PERIOD_ID), value);
    const expected = [...byPeriod(() => 1)].map(([periodId, count]) => ({
      periodId: Number(periodId),
      count,
      amountToPayCents: byPeriod((r) => euroToCents(r.SUBSCRIPTION_AMOUNT_TO_PAY)).get(periodId),
      paidCents: byPeriod((r) => euroToCents(r.SUBSCRIPTION_PAID_AMOUNT)).get(periodId),
    }));
    expect([...dashboard.cancellations].sort((a, b) => a.periodId - b.periodId)).toEqual(expected.sort((a, b) => a.periodId - b.periodId));
  });

  it('counts every booking that stands, this year and last year, in the week before the season it was made', async () => {
    const lastYearRows = (await t.api.getSubscriptions({ campYear: year - 1 })).body.data as SubscriptionListRow[];
    const standing = (list: SubscriptionListRow[]) => list.filter((r) => !r.SUBSCRIPTION_CANCELLED).length;
    expect(dashboard.bookingsByWeek.reduce((sum, w) => sum + w.thisYear, 0)).toBe(standing(rows));
    expect(dashboard.bookingsByWeek.reduce((sum, w) => sum + w.lastYear, 0)).toBe(standing(lastYearRows));
    // One booking moved to 10 days before the season's first day lands in week 1 before the season.
    const [first] = await queryRows<{ day: string }>(
      t.db,
      sql`select min(start_date)::text as day from periods where extract(year from start_date) = ${year}`,
    );
    const target = rows.find((r) => !r.SUBSCRIPTION_CANCELLED)!.SUBSCRIPTION_ID;
    const weekOf = async () =>
      (
        await queryRows<{ week: number }>(
          t.db,
          sql`select floor((${first!.day}::date - (created_at at time zone 'Europe/Brussels')::date) / 7.0)::int as week
              from subscriptions where id = ${target}`,
        )
      )[0]!.week;
    const wasInWeekOne = (await weekOf()) === 1;
    await queryRows(t.db, sql`update subscriptions set created_at = (${first!.day}::date - 10) + time '12:00' where id = ${target}`);
    expect(await weekOf()).toBe(1);
    const weekOne = (d: DashboardAnswer) => d.bookingsByWeek.find((w) => w.weeksBeforeSeason === 1)?.thisYear ?? 0;
    const after: DashboardAnswer = (await t.api.getDashboard({ campYear: year })).body.data;
    expect(weekOne(after)).toBe(weekOne(dashboard) + (wasInWeekOne ? 0 : 1));
  });

  it('counts a booking in the week of its day in Belgium, at the edge of a day in summer and in winter time', async () => {
    const [first] = await queryRows<{ day: string }>(
      t.db,
      sql`select min(start_date)::text as day from periods where extract(year from start_date) = ${year}`,
    );
    // Day F-7 is week 1 and day F-6 week 0; day F-147 is week 21 and F-146 week 20. Each edge is a Belgian midnight,
    // in summer time (UTC+2) before a season in July and in winter time (UTC+1) in February.
    const standing = rows.filter((r) => !r.SUBSCRIPTION_CANCELLED).map((r) => r.SUBSCRIPTION_ID);
    const edges = [
      { id: standing[0]!, daysBefore: 6, second: -1 },
      { id: standing[1]!, daysBefore: 6, second: 0 },
      { id: standing[2]!, daysBefore: 146, second: -1 },
      { id: standing[3]!, daysBefore: 146, second: 0 },
    ];
    for (const edge of edges) {
      await queryRows(
        t.db,
        sql`update subscriptions
            set created_at = ((${first!.day}::date - ${edge.daysBefore}::int)::timestamp at time zone 'Europe/Brussels') + ${edge.second} * interval '1 second'
            where id = ${edge.id}`,
      );
    }
    // Row by row, as the overview's booking-day filter counts.
    const expected = await queryRows<{ week: number; count: number }>(
      t.db,
      sql`select floor((${first!.day}::date - (s.created_at at time zone 'Europe/Brussels')::date) / 7.0)::int as week, count(*)::int as count
          from subscriptions s join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where extract(year from p.start_date) = ${year} and not s.cancelled group by 1`,
    );
    expect(expected.find((w) => w.week === 21)?.count).toBeGreaterThanOrEqual(1);
    expect(expected.find((w) => w.week === 20)?.count).toBeGreaterThanOrEqual(1);
    const after: DashboardAnswer = (await t.api.getDashboard({ campYear: year })).body.data;
    const weeks = after.bookingsByWeek.filter((w) => w.thisYear > 0).map((w) => ({ week: w.weeksBeforeSeason, count: w.thisYear }));
    expect(weeks.sort((a, b) => a.week - b.week)).toEqual(expected.sort((a, b) => a.week - b.week));
  });

  it('exports the discounts per reason and location as a spreadsheet with the same figures', async () => {
    const file = await download(t, `/api/exportDiscountsByReason?campYear=${year}&format=xlsx`);
    const sheet = await readXlsx(file.body);
    expect(sheet.header).toEqual(['Reden', 'Locatie', 'Aantal', 'Bedrag (€)']);
    const names = new Map(dashboard.locations.map((l) => [l.locationId, l.name]));
    expect(sheet.rows.map((r) => ['Reden', 'Locatie', 'Aantal', 'Bedrag (€)'].map((c) => r.value(c)))).toEqual(
      dashboard.discountsByReason.map((d) => [d.reason, names.get(d.locationId), d.count, d.amountCents / 100]),
    );
  });

  it('refuses a camp year that is not a year, and answers an empty season for a year without camps', async () => {
    expect((await t.api.getDashboard({ campYear: 'twintig' })).status).toBe(400);
    const empty = await t.api.getDashboard({ campYear: 2040 });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ periods: [], occupancy: [], discountsByReason: [], cancellations: [] });
    expect(empty.body.data.money.toPay).toEqual({ totalCents: 0, byMethod: [] });
  });
});
