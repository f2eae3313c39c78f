import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_TEMPLATES, PAYMENT_METHOD } from '@common/constants.js';
import { paymentStatus } from '@common/payment-status.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { auditLog, mailOutbox, subscriptionDiscounts } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { createSubscription, createTheme } from '../helpers/factory.js';

const cents = (euro: number) => Math.round(euro * 100);

/** How many answers had each status, e.g. { 200: 10, 409: 40 }. */
const countStatuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});

/**
 * Each test is built so that the row lock (`SELECT … FOR UPDATE` in server/src/lib/lock.ts) decides the
 * outcome: without it, concurrent transactions on PostgreSQL read the same state and all succeed. PGlite
 * runs one transaction at a time, so there these tests would pass with or without the lock: this file runs on
 * PostgreSQL only (`*.postgres.test.ts`, left out of a run without TEST_DATABASE_URL, which says so).
 */
describe('concurrent writes on PostgreSQL', () => {
  const backend = 'postgres';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none' });
  });
  afterAll(async () => t?.close());

  const detail = async (id: number) => ((await t.api.getSubscriptionFullDetail({ id: id })).body.data as SubscriptionDetail[])[0]!;

  function expectMoneyRules(d: SubscriptionDetail) {
    expect(cents(d.SUBSCRIPTION_AMOUNT_TO_PAY)).toBe(cents(d.SUBSCRIPTION_CAMP_PRICE) - cents(d.SUBSCRIPTION_CAMP_DISCOUNT));
    expect(cents(d.SUBSCRIPTION_SALDO)).toBe(cents(d.SUBSCRIPTION_AMOUNT_TO_PAY) - cents(d.SUBSCRIPTION_PAID_AMOUNT));
    expect(d.PAYMENT_STATUS).toBe(paymentStatus(d.SUBSCRIPTION_PAID, d.SUBSCRIPTION_SALDO));
  }

  const mailsOf = (subscriptionId: number, templateId: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.subscriptionId, subscriptionId), eq(mailOutbox.templateId, templateId)));

  it('accepts exactly 10 of 50 simultaneous € 1 discounts on € 10 to pay and answers 409 to the other 40', async () => {
    const { subscriptionId } = await createSubscription(t.db, { priceCents: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.api.addDiscount({ subscriptionId, discountAmount: '1', discountRemark: `Gelijktijdig ${i}`, discountId: null }),
      ),
    );
    const statuses = countStatuses(answers);
    expect(statuses).toEqual({ 200: 10, 409: 40 });
    const after = await detail(subscriptionId);
    expect(after.SUBSCRIPTION_AMOUNT_TO_PAY).toBe(0);
    expect(cents(after.SUBSCRIPTION_CAMP_DISCOUNT)).toBe(1000);
    expectMoneyRules(after);
    expect(await t.db.select().from(subscriptionDiscounts).where(eq(subscriptionDiscounts.subscriptionId, subscriptionId))).toHaveLength(
      10,
    );
    console.log(`${backend}: 50 simultaneous € 1 discounts on € 10: ${statuses[200]} accepted, ${statuses[409]} × 409`);
  });

  it('cancels once of 10 simultaneous cancels, answers 409 to the other 9, and records one cancellation mail', async () => {
    const { subscriptionId } = await createSubscription(t.db);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.api.cancelSubscription({ SUBSCRIPTION_ID: subscriptionId })));
    const statuses = countStatuses(answers);
    expect(statuses).toEqual({ 200: 1, 409: 9 });
    expect((await detail(subscriptionId)).SUBSCRIPTION_CANCELLED).toBe(true);
    expect(await mailsOf(subscriptionId, DEFAULT_MAIL_TEMPLATES.cancel)).toHaveLength(1);
    console.log(`${backend}: 10 simultaneous cancels: ${statuses[200]} success, ${statuses[409]} × 409, one mail`);
  });

  it('converts once of 10 simultaneous convertToCash calls and records one conversion mail', async () => {
    const { subscriptionId } = await createSubscription(t.db, { paymentMethodId: PAYMENT_METHOD.bankTransfer });
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.api.convertToCash({ SUBSCRIPTION_ID: subscriptionId })));
    const statuses = countStatuses(answers);
    expect(statuses).toEqual({ 200: 1, 409: 9 });
    expect(await mailsOf(subscriptionId, DEFAULT_MAIL_TEMPLATES.convertCash)).toHaveLength(1);
    console.log(`${backend}: 10 simultaneous convertToCash: ${statuses[200]} success, ${statuses[409]} × 409, one mail`);
  });

  it('deletes a theme once of 10 simultaneous deletes, answers 404 to the other 9, and audits one delete', async () => {
    const themeId = await createTheme(t.db);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.api.crudTheme({ THEME_ID: themeId, action: 'delete' })));
    const statuses = countStatuses(answers);
    expect(statuses).toEqual({ 200: 1, 404: 9 });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'theme'), eq(auditLog.entityId, themeId)));
    expect(audits.map((a) => a.action)).toEqual(['crudTheme:delete']);
    console.log(`${backend}: 10 simultaneous theme deletes: ${statuses[200]} success, ${statuses[404]} × 404, one audit entry`);
  });

  it('leaves a consistent saldo after simultaneous paymentComplete and addDiscount', async () => {
    const { subscriptionId } = await createSubscription(t.db, { priceCents: 10000 });
    const [complete, discount] = await Promise.all([
      t.api.paymentComplete({ SUBSCRIPTION_ID: subscriptionId }),
      t.api.addDiscount({ subscriptionId, discountAmount: '10', discountRemark: 'Halve dag', discountId: null }),
    ]);
    expect(complete.status).toBe(200);
    expect(discount.status).toBe(200);
    const after = await detail(subscriptionId);
    expectMoneyRules(after);
    // Either order is consistent: the discount came first (saldo 0) or after the payment (10 euro to refund).
    expect([0, -1000]).toContain(cents(after.SUBSCRIPTION_SALDO));
    console.log(`${backend}: paymentComplete ∥ addDiscount left saldo ${after.SUBSCRIPTION_SALDO} (${after.PAYMENT_STATUS})`);
  });
});
