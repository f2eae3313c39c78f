import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '@common/schemas/dashboard.js';
import type { SubscriptionDetail, SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { noOverviewFilter, overviewTotals, filterRows, prepareRows } from '@common/subscription-overview.js';
import { queryRows } from '../../server/src/db/client.js';
import { camps, payments } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { controlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';

/**
 * A cancelled subscription that was paid and then refunded (issue 39 item 5): it owes its camp's cancellation fee
 * only, so after the refund it reads 'nothing owed' everywhere staff count money, and the family still cannot be
 * erased within the fiscal retention (money was received for that year).
 */
describe.each(backends)('a refunded cancellation on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none', clock: controlledClock(new Date('2026-11-26T10:00:00Z')) });
  });
  afterAll(async () => t?.close());

  const detail = async (id: number) => ((await t.api.getSubscriptionFullDetail({ id })).body.data as SubscriptionDetail[])[0]!;
  /** A camp of its own period, and a subscription of € 115 paid by a bank credit, then cancelled. */
  async function paidAndCancelled(feeCents: number) {
    const periodId = await createPeriod(t.db, { startDate: '2026-07-13' });
    const campId = await createCamp(t.db, { periodId, priceCents: 11500 });
    await t.db.update(camps).set({ cancellationFeeCents: feeCents }).where(eq(camps.id, campId));
    const s = await createSubscription(t.db, {
      campId,
      priceCents: 11500,
      paidAmountCents: 11500,
      paid: true,
      paymentDate: '2026-05-02',
      paidAccountNr: 'BE68539007547034',
    });
    await t.db
      .insert(payments)
      .values({ source: 'bank', state: 'booked', subscriptionId: s.subscriptionId, amountCents: 11500, valueDate: '2026-05-02' });
    expect((await t.api.cancelSubscription({ SUBSCRIPTION_ID: s.subscriptionId })).status).toBe(200);
    return { ...s, periodId };
  }
  const rowOf = async (id: number) =>
    ((await t.api.getSubscriptions({ campYear: 2026 })).body.data as SubscriptionListRow[]).find((r) => r.SUBSCRIPTION_ID === id)!;
  const cancellationsOf = async (periodId: number) =>
    ((await t.api.getDashboard({ campYear: 2026 })).body.data as DashboardAnswer).cancellations.find((c) => c.periodId === periodId);

  it('owes nothing once refunded: amount to pay 0, saldo 0, no open money on the detail, the overview, its totals and the dashboard', async () => {
    const s = await paidAndCancelled(0);
    // Cancelled and paid: nothing owed, € 115 to pay back, as 'Terugbetalingen' lists it.
    expect(await detail(s.subscriptionId)).toMatchObject({
      SUBSCRIPTION_CAMP_PRICE: 115,
      SUBSCRIPTION_AMOUNT_TO_PAY: 0,
      SUBSCRIPTION_PAID_AMOUNT: 115,
      SUBSCRIPTION_SALDO: -115,
      PAYMENT_STATUS: 'PAID-TO-MUCH',
    });
    const refunds = (await t.api.getRefunds({ campYear: 2026 })).body.data as {
      SUBSCRIPTION_ID: number;
      REFUND_AMOUNT: number;
    }[];
    expect(refunds.find((r) => r.SUBSCRIPTION_ID === s.subscriptionId)?.REFUND_AMOUNT).toBe(115);

    const refunded = await t.api.markRefundPaid({ SUBSCRIPTION_ID: s.subscriptionId, amount: 115, date: '2026-11-20' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const after = await detail(s.subscriptionId);
    expect(after).toMatchObject({
      SUBSCRIPTION_CANCELLED: true,
      SUBSCRIPTION_AMOUNT_TO_PAY: 0,
      SUBSCRIPTION_PAID_AMOUNT: 0,
      SUBSCRIPTION_SALDO: 0,
      PAYMENT_STATUS: 'PAID',
    });
    const row = await rowOf(s.subscriptionId);
    expect(row).toMatchObject({ SUBSCRIPTION_AMOUNT_TO_PAY: 0, SUBSCRIPTION_SALDO: 0, PAYMENT_STATUS: 'PAID' });
    // The overview's 'Toon totalen' of the cancelled ones: nothing unpaid, no revenue from this one.
    const cancelledRows = filterRows(prepareRows([row]), { ...noOverviewFilter, cancelledOnly: true }, null, new Set(), null).map(
      (r) => r.subscription,
    );
    const totals = overviewTotals(cancelledRows);
    expect([totals.unpaid.totalCents, totals.revenue.totalCents, totals.paid.totalCents]).toEqual([0, 0, 0]);
    expect(await cancellationsOf(s.periodId)).toEqual({ periodId: s.periodId, count: 1, amountToPayCents: 0, paidCents: 0 });
    expect(
      ((await t.api.getRefunds({ campYear: 2026 })).body.data as { SUBSCRIPTION_ID: number }[]).map((r) => r.SUBSCRIPTION_ID),
    ).not.toContain(s.subscriptionId);
    // No payment QR code asks for money that is not owed.
    expect((await t.api.getPaymentQrCode({ subscriptionId: s.subscriptionId })).body.data).toEqual([]);
  });

  it("keeps the camp's cancellation fee: € 95 back of € 115, then € 20 paid and owed, settled", async () => {
    const s = await paidAndCancelled(2000);
    expect(await detail(s.subscriptionId)).toMatchObject({ SUBSCRIPTION_AMOUNT_TO_PAY: 20, SUBSCRIPTION_SALDO: -95 });
    expect((await t.api.markRefundPaid({ SUBSCRIPTION_ID: s.subscriptionId, amount: 96, date: '2026-11-20' })).status).toBe(400);
    expect((await t.api.markRefundPaid({ SUBSCRIPTION_ID: s.subscriptionId, amount: 95, date: '2026-11-20' })).status).toBe(200);
    expect(await detail(s.subscriptionId)).toMatchObject({
      SUBSCRIPTION_AMOUNT_TO_PAY: 20,
      SUBSCRIPTION_PAID_AMOUNT: 20,
      SUBSCRIPTION_SALDO: 0,
      PAYMENT_STATUS: 'PAID',
    });
    expect(await cancellationsOf(s.periodId)).toEqual({ periodId: s.periodId, count: 1, amountToPayCents: 2000, paidCents: 2000 });
  });

  it('refuses to erase the family of a refunded cancellation within the fiscal retention: money was received for that year', async () => {
    const s = await paidAndCancelled(0);
    expect((await t.api.markRefundPaid({ SUBSCRIPTION_ID: s.subscriptionId, amount: 115, date: '2026-11-20' })).status).toBe(200);
    const refused = await t.api.eraseFamily({ parentId: s.parentId });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      `Wissen kan niet: inschrijving ${s.reference} valt binnen de fiscale bewaartermijn (tot en met 2033).`,
    );
    // A cancelled subscription that never received money keeps nobody.
    const never = await createSubscription(t.db, {
      campId: await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: '2026-07-20' }) }),
      cancelled: true,
    });
    expect((await t.api.eraseFamily({ parentId: never.parentId })).status).toBe(200);
    expect(await queryRows(t.db, sql`select 1 from subscriptions where id = ${never.subscriptionId}`)).toEqual([]);
  });
});
