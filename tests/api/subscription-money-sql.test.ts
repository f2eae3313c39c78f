import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionAmounts } from '@common/money.js';
import { readRows } from '../../server/src/db/client.js';
import { camps, subscriptions } from '../../server/src/db/schema.js';
import { countSeatsTaken, seatsTakenOf, seatsTakenPerCamp } from '../../server/src/domain/seats.js';
import { amountToPaySql, discountCentsSql, joinDiscountTotals, type DiscountScope } from '../../server/src/domain/subscription-money.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { createCamp, createPeriod, createSubscription, type CreatedSubscription } from '../helpers/factory.js';

/**
 * The SQL of server/src/domain/ that every read of money and seats uses (issue 38): the amount to pay in SQL is
 * common's `subscriptionAmounts`, every scope of the discount totals adds up the same, and the seats taken are the
 * subscriptions that are not cancelled, whichever form a read takes.
 */
describe.each(backends)('the money and seats of the domain module on %s', (backend) => {
  let t: TestApp;
  let campId: number;
  let otherCampId: number;
  const made: CreatedSubscription[] = [];
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none' });
    campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: '2026-07-06' }), priceCents: 12_000 });
    otherCampId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: '2025-07-07' }) });
    await t.db.update(camps).set({ cancellationFeeCents: 2500 }).where(eq(camps.id, campId));
    const extra = (amountCents: number) => ({ kind: 'extra' as const, amountCents, remark: 'Korting' });
    for (const facts of [
      { campId, priceCents: 12_000, paidAmountCents: 0 },
      {
        campId,
        priceCents: 12_000,
        discounts: [extra(1000), { kind: 'selected-days' as const, amountCents: 2000 }],
        paidAmountCents: 5000,
      },
      { campId, priceCents: 12_000, discounts: [extra(500)], paidAmountCents: 12_000, cancelled: true },
      { campId, priceCents: 12_000, discounts: [extra(11_000)], paidAmountCents: 0, cancelled: true },
      { campId, priceCents: 2000, discounts: [extra(3000)], paidAmountCents: 0 },
      { campId: otherCampId, priceCents: 9000, discounts: [extra(900)], paidAmountCents: 9000 },
    ])
      made.push(await createSubscription(t.db, facts));
  });
  afterAll(async () => t?.close());

  const discountsIn = async (scope: DiscountScope) =>
    readRows(
      t.db,
      sql`select s.id, ${discountCentsSql} as discount, d.selected_days_cents as "selectedDays", ${amountToPaySql} as "toPay",
            s.camp_price_cents as price, s.paid_amount_cents as paid, s.cancelled, c.cancellation_fee_cents as fee
          from subscriptions s join camps c on c.id = s.camp_id ${joinDiscountTotals(scope)} order by s.id`,
      z.object({
        id: z.number(),
        discount: z.number(),
        selectedDays: z.number().nullable(),
        toPay: z.number(),
        price: z.number(),
        paid: z.number(),
        cancelled: z.boolean(),
        fee: z.number(),
      }),
    );

  it("computes the amount to pay in SQL as common's subscriptionAmounts does, cancelled ones and discounts above the price too", async () => {
    const rows = await discountsIn('all');
    expect(rows.map((r) => r.discount)).toEqual([0, 3000, 500, 11_000, 3000, 900]);
    expect(rows.map((r) => r.selectedDays)).toEqual([null, 2000, null, null, null, null]);
    for (const row of rows) {
      const rule = subscriptionAmounts({
        campPriceCents: row.price,
        discountsCents: [row.discount],
        paidAmountCents: row.paid,
        cancellation: row.cancelled ? { cancellationFeeCents: row.fee } : null,
      });
      expect(row.toPay, `subscription ${row.id}`).toBe(rule.amountToPayCents);
    }
    // The fee, at most what the booking cost: 2500 of 11500, 1000 of 1000; a discount above the price makes it negative.
    expect(rows.map((r) => r.toPay)).toEqual([12_000, 9000, 2500, 1000, -1000, 8100]);
  });

  it('adds up the same discounts whichever subscriptions a read names, and none of the others', async () => {
    const all = new Map((await discountsIn('all')).map((r) => [r.id, r.discount]));
    const [, second, , , , other] = made;
    const scoped = async (scope: DiscountScope) => new Map((await discountsIn(scope)).map((r) => [r.id, r.discount]));
    const bySubscription = await scoped({ subscriptionId: second!.subscriptionId });
    expect(bySubscription.get(second!.subscriptionId)).toBe(3000);
    expect(bySubscription.get(other!.subscriptionId)).toBe(0);
    const byCamp = await scoped({ campId });
    expect([...byCamp].filter(([id]) => id !== other!.subscriptionId)).toEqual([...all].filter(([id]) => id !== other!.subscriptionId));
    expect(byCamp.get(other!.subscriptionId)).toBe(0);
    expect((await scoped({ campYear: 2025 })).get(other!.subscriptionId)).toBe(900);
    expect((await scoped({ campYear: 2026 })).get(other!.subscriptionId)).toBe(0);
    expect((await scoped({ parentId: other!.parentId })).get(other!.subscriptionId)).toBe(900);
    expect((await scoped({ parentId: other!.parentId })).get(second!.subscriptionId)).toBe(0);
  });

  it('counts a seat for every subscription that is not cancelled, in each form', async () => {
    expect(await countSeatsTaken(t.db, campId)).toBe(3);
    expect(await countSeatsTaken(t.db, otherCampId)).toBe(1);
    const perCamp = await readRows(
      t.db,
      sql`select c.id, coalesce(seats.taken, 0)::int as taken, ${seatsTakenOf(sql`c.id`)} as "takenOf"
          from camps c left join ${seatsTakenPerCamp()} seats on seats.camp_id = c.id order by c.id`,
      z.object({ id: z.number(), taken: z.number(), takenOf: z.number() }),
    );
    expect(perCamp).toEqual([
      { id: campId, taken: 3, takenOf: 3 },
      { id: otherCampId, taken: 1, takenOf: 1 },
    ]);
    await t.db.update(subscriptions).set({ cancelled: true }).where(eq(subscriptions.id, made[0]!.subscriptionId));
    expect(await countSeatsTaken(t.db, campId)).toBe(2);
  });
});
