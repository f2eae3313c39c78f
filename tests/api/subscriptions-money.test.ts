import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentStatus, type PaymentStatus } from '@common/payment-status.js';
import type { SubscriptionDetail, SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { camps } from '../../server/src/db/schema.js';
import { createCamp, createSubscription, type SubscriptionFacts } from '../helpers/factory.js';

/**
 * Every row of the payment status rule of decisions.md section 4, on a € 150 camp with a € 20 discount
 * (amount to pay € 130), through the API's detail and list answers.
 */
const statusRows: { label: string; facts: SubscriptionFacts; saldo: number; status: PaymentStatus }[] = [
  { label: 'paid flag, saldo 0', facts: { paid: true, paidAmountCents: 13000 }, saldo: 0, status: 'PAID' },
  { label: 'paid flag, saldo above 0', facts: { paid: true, paidAmountCents: 10000 }, saldo: 30, status: 'OPEN-SALDO' },
  { label: 'paid flag, saldo below 0', facts: { paid: true, paidAmountCents: 15550 }, saldo: -25.5, status: 'PAID-TO-MUCH' },
  { label: 'no paid flag, saldo above 0', facts: { paid: false, paidAmountCents: 0 }, saldo: 130, status: 'NOT-PAID' },
  { label: 'no paid flag, saldo 0', facts: { paid: false, paidAmountCents: 13000 }, saldo: 0, status: 'PAID' },
  { label: 'no paid flag, saldo below 0', facts: { paid: false, paidAmountCents: 14000 }, saldo: -10, status: 'PAID-TO-MUCH' },
];

describe.each(backends)('money and payment status through the API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 10 });
  });
  afterAll(async () => t?.close());

  const make = (facts: SubscriptionFacts) =>
    createSubscription(t.db, { priceCents: 15000, discounts: [{ kind: 'booking', amountCents: 2000 }], ...facts });
  async function detail(id: number): Promise<SubscriptionDetail> {
    return ((await t.api.getSubscriptionFullDetail({ id })).body.data as SubscriptionDetail[])[0]!;
  }
  async function listRow(detailRecord: SubscriptionDetail): Promise<SubscriptionListRow> {
    const year = detailRecord.PERIOD_STARTDATE.slice(0, 4);
    const rows = (await t.api.getSubscriptions({ campYear: year })).body.data as SubscriptionListRow[];
    return rows.find((r) => r.SUBSCRIPTION_ID === detailRecord.SUBSCRIPTION_ID)!;
  }

  it.each(statusRows)('$label: saldo $saldo is $status in the detail and the list', async ({ facts, saldo, status }) => {
    const made = await make(facts);
    const record = await detail(made.subscriptionId);
    expect(record).toMatchObject({
      SUBSCRIPTION_CAMP_PRICE: 150,
      SUBSCRIPTION_CAMP_DISCOUNT: 20,
      SUBSCRIPTION_AMOUNT_TO_PAY: 130,
      SUBSCRIPTION_SALDO: saldo,
      PAYMENT_STATUS: status,
    });
    expect(await listRow(record)).toMatchObject({ SUBSCRIPTION_AMOUNT_TO_PAY: 130, SUBSCRIPTION_SALDO: saldo, PAYMENT_STATUS: status });
  });

  it('after discounts: what is owed drops, and the status follows the saldo', async () => {
    const notPaid = await make({});
    await t.api.addDiscount({ subscriptionId: notPaid.subscriptionId, discountAmount: '30', discountRemark: 'Axibonnen' });
    expect(await detail(notPaid.subscriptionId)).toMatchObject({
      SUBSCRIPTION_AMOUNT_TO_PAY: 100,
      SUBSCRIPTION_SALDO: 100,
      PAYMENT_STATUS: 'NOT-PAID',
    });
    await t.api.addDiscount({ subscriptionId: notPaid.subscriptionId, discountAmount: '100', discountRemark: 'Moni korting' });
    expect(await detail(notPaid.subscriptionId)).toMatchObject({
      SUBSCRIPTION_AMOUNT_TO_PAY: 0,
      SUBSCRIPTION_SALDO: 0,
      PAYMENT_STATUS: 'PAID',
    });

    const openSaldo = await make({ paid: true, paidAmountCents: 10000 });
    await t.api.addDiscount({ subscriptionId: openSaldo.subscriptionId, discountAmount: '30', discountRemark: 'Halve dag' });
    expect(await detail(openSaldo.subscriptionId)).toMatchObject({ SUBSCRIPTION_SALDO: 0, PAYMENT_STATUS: 'PAID' });

    const paid = await make({ paid: true, paidAmountCents: 13000 });
    const answer = await t.api.addDiscount({
      subscriptionId: paid.subscriptionId,
      discountAmount: '12,5',
      discountRemark: 'Vrijetijdspas',
    });
    expect(answer.body.data).toMatchObject({
      SUBSCRIPTION_CAMP_DISCOUNT: 32.5,
      SUBSCRIPTION_AMOUNT_TO_PAY: 117.5,
      SUBSCRIPTION_SALDO: -12.5,
      PAYMENT_STATUS: 'PAID-TO-MUCH',
    });
    expect(await listRow(await detail(paid.subscriptionId))).toMatchObject({ SUBSCRIPTION_SALDO: -12.5, PAYMENT_STATUS: 'PAID-TO-MUCH' });
  });

  it.each(statusRows)('after paymentComplete from "$label": paid equals the amount to pay, saldo 0, PAID', async ({ facts }) => {
    const made = await make(facts);
    const answer = await t.api.paymentComplete({ SUBSCRIPTION_ID: made.subscriptionId });
    expect(answer.status).toBe(200);
    const record = await detail(made.subscriptionId);
    expect(record).toMatchObject({ SUBSCRIPTION_PAID_AMOUNT: 130, SUBSCRIPTION_PAID: true, SUBSCRIPTION_SALDO: 0, PAYMENT_STATUS: 'PAID' });
    expect(await listRow(record)).toMatchObject({ SUBSCRIPTION_PAID_AMOUNT: 130, PAYMENT_STATUS: 'PAID' });
  });

  it.each(statusRows)(
    'after cancel from "$label": only the camp\'s cancellation fee is owed, the saldo and status follow (issue 39)',
    async ({ facts }) => {
      const campId = await createCamp(t.db);
      await t.db.update(camps).set({ cancellationFeeCents: 1000 }).where(eq(camps.id, campId));
      const made = await make({ ...facts, campId });
      const answer = await t.api.cancelSubscription({ SUBSCRIPTION_ID: made.subscriptionId });
      expect(answer.status).toBe(200);
      const record = await detail(made.subscriptionId);
      const saldo = 10 - (facts.paidAmountCents ?? 0) / 100;
      const money = {
        SUBSCRIPTION_CANCELLED: true,
        SUBSCRIPTION_CAMP_PRICE: 150,
        SUBSCRIPTION_CAMP_DISCOUNT: 20,
        SUBSCRIPTION_AMOUNT_TO_PAY: 10,
        SUBSCRIPTION_SALDO: saldo,
        PAYMENT_STATUS: paymentStatus(facts.paid ?? false, saldo),
      };
      expect(record).toMatchObject(money);
      expect(await listRow(record)).toMatchObject(money);
    },
  );

  it('keeps cents exact: € 123,45 minus 12,5 and 0,35 is € 110,60 to pay', async () => {
    const made = await createSubscription(t.db, { priceCents: 12345 });
    await t.api.addDiscount({ subscriptionId: made.subscriptionId, discountAmount: '12,5', discountRemark: 'Halve dag' });
    const answer = await t.api.addDiscount({ subscriptionId: made.subscriptionId, discountAmount: '0.35', discountRemark: 'Halve dag' });
    expect(answer.body.data).toMatchObject({
      SUBSCRIPTION_CAMP_DISCOUNT: 12.85,
      SUBSCRIPTION_AMOUNT_TO_PAY: 110.6,
      SUBSCRIPTION_SALDO: 110.6,
    });
    await t.api.paymentComplete({ SUBSCRIPTION_ID: made.subscriptionId });
    expect(await detail(made.subscriptionId)).toMatchObject({ SUBSCRIPTION_PAID_AMOUNT: 110.6, SUBSCRIPTION_SALDO: 0 });
  });
});
