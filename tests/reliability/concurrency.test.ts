import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStatus } from '@common/payment-status.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { queryRows } from '../../server/src/db/client.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';

const cents = (euro: number) => Math.round(euro * 100);

describe.each(backends)('concurrent writes on %s', (backend) => {
  let t: TestApp;
  let ids: number[] = [];
  beforeAll(async () => {
    t = await startTestApp(backend, { subscriptionsPerYear: 10 });
    const rows = await queryRows<{ id: number }>(
      t.db,
      sql`select s.id from subscriptions s
          where not s.cancelled and s.camp_price_cents >= 9000
            and not exists (select 1 from subscription_discounts d where d.subscription_id = s.id)
          order by s.id limit 3`,
    );
    ids = rows.map((r) => r.id);
  });
  afterAll(async () => t?.close());

  const detail = async (id: number) =>
    ((await t.call('GET', `/api/getSubscriptionFullDetail?id=${id}`)).body.data as SubscriptionDetail[])[0]!;

  function expectMoneyRules(d: SubscriptionDetail) {
    expect(cents(d.SUBSCRIPTION_AMOUNT_TO_PAY)).toBe(cents(d.SUBSCRIPTION_CAMP_PRICE) - cents(d.SUBSCRIPTION_CAMP_DISCOUNT));
    expect(cents(d.SUBSCRIPTION_SALDO)).toBe(cents(d.SUBSCRIPTION_AMOUNT_TO_PAY) - cents(d.SUBSCRIPTION_PAID_AMOUNT));
    expect(d.PAYMENT_STATUS).toBe(paymentStatus(d.SUBSCRIPTION_PAID, d.SUBSCRIPTION_SALDO));
  }

  it('counts all of 50 simultaneous addDiscount calls on one subscription', async () => {
    const id = ids[0]!;
    const before = await detail(id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call('POST', '/api/addDiscount', {
          subscriptionId: id,
          discountAmount: '1',
          discountRemark: `Gelijktijdig ${i}`,
          discountId: null,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const after = await detail(id);
    expect(cents(after.SUBSCRIPTION_CAMP_DISCOUNT)).toBe(cents(before.SUBSCRIPTION_CAMP_DISCOUNT) + 5000);
    expectMoneyRules(after);
    const discounts = (await t.call('GET', `/api/getDiscounts?id=${id}`)).body.data as unknown[];
    expect(discounts).toHaveLength(50);
    console.log(`${backend}: 50 simultaneous discounts, 50 counted, discount now ${after.SUBSCRIPTION_CAMP_DISCOUNT}`);
  });

  it('lets one of 10 simultaneous cancels succeed and answers 409 to the others', async () => {
    const id = ids[1]!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', '/api/cancelSubscription', { SUBSCRIPTION_ID: id })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    expect((await detail(id)).SUBSCRIPTION_CANCELLED).toBe(true);
    console.log(
      `${backend}: 10 simultaneous cancels: ${statuses.filter((s) => s === 200).length} success, ${statuses.filter((s) => s === 409).length} × 409`,
    );
  });

  it('leaves a consistent saldo after simultaneous paymentComplete and addDiscount', async () => {
    const id = ids[2]!;
    const [complete, discount] = await Promise.all([
      t.call('POST', '/api/paymentComplete', { SUBSCRIPTION_ID: id }),
      t.call('POST', '/api/addDiscount', { subscriptionId: id, discountAmount: '10', discountRemark: 'Halve dag', discountId: null }),
    ]);
    expect(complete.status).toBe(200);
    expect(discount.status).toBe(200);
    const after = await detail(id);
    expectMoneyRules(after);
    // Either order is consistent: the discount came first (saldo 0) or after the payment (10 euro to refund).
    expect([0, -1000]).toContain(cents(after.SUBSCRIPTION_SALDO));
    console.log(`${backend}: paymentComplete ∥ addDiscount left saldo ${after.SUBSCRIPTION_SALDO} (${after.PAYMENT_STATUS})`);
  });
});
