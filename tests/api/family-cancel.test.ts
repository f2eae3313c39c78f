import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInBelgium } from '@common/calendar.js';
import { addDays } from '@common/mail-schedules.js';
import { validationMessages as m } from '@common/messages.js';
import { auditLog, mailOutbox } from '../../server/src/db/schema.js';
import { beheerderSettings, startTestApp, type TestApp, type TypedApi } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { bookInCash, familyWithChild, signUpFamily } from '../helpers/family.js';
import { createCamp, createPeriod } from '../helpers/factory.js';

const IBAN = 'BE68 5390 0754 7034';

/**
 * A family cancels its own booking (issue 34): until FAMILY_CANCEL_CUTOFF_DAYS (14 by default) before the camp, the
 * camp's cancellation fee stays to pay and what was paid above it shows at once in staff's Terugbetalingen, to the
 * IBAN the family gives (checked).
 */
describe.each(backends)("a family's own cancellation on %s", (backend) => {
  let t: TestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: 'none' });
  });
  afterAll(async () => t?.close());

  /** A family that booked and paid a camp starting `daysAhead` days from today, with a € 25 cancellation fee. */
  async function paidBooking(daysAhead: number) {
    const startDate = addDays(todayInBelgium(), daysAhead);
    const campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate }), priceCents: 15000 });
    await t.db.execute(sql`update camps set cancellation_fee_cents = 2500 where id = ${campId}`);
    const family = await familyWithChild(t, {
      firstname: `Annuleer${++serial}`,
      birthdate: `${Number(startDate.slice(0, 4)) - 8}-05-01`,
    });
    const { token } = family;
    const [subscriptionId] = (await bookInCash(t, family, [campId])) as [number];
    // Paid in cash at the desk: no account known to pay back to.
    await t.db.execute(sql`update subscriptions set paid_amount_cents = 15000, paid = true where id = ${subscriptionId}`);
    return { token, subscriptionId, campYear: Number(startDate.slice(0, 4)) };
  }
  const cancel = (token: string, body: Parameters<TypedApi['cancelBooking']>[0]) => t.api.cancelBooking(body, { token });

  it('keeps the fee, refunds the rest to the IBAN it asks for, in Terugbetalingen at once, with the mail and the audit', async () => {
    const { token, subscriptionId, campYear } = await paidBooking(14);
    // The page shows the fee and the last day first.
    const [mine] = (await t.api.getMyBookings(undefined, { token })).body.data.BOOKINGS;
    expect(mine).toMatchObject({ SUBSCRIPTION_ID: subscriptionId, CAMP_CANCELLATION_FEE: 25, CANCEL_UNTIL: todayInBelgium() });
    const noIban = await cancel(token, { SUBSCRIPTION_ID: subscriptionId });
    expect(noIban.status).toBe(400);
    expect(noIban.body.error.fields).toEqual({ IBAN: expect.stringContaining('IBAN') });
    expect((await cancel(token, { SUBSCRIPTION_ID: subscriptionId, IBAN: 'BE00 1234' })).body.error.fields).toEqual({
      IBAN: m.wrongFormat,
    });

    const other = await signUpFamily(t);
    expect((await cancel(other, { SUBSCRIPTION_ID: subscriptionId, IBAN })).status).toBe(404);

    const cancelled = await cancel(token, { SUBSCRIPTION_ID: subscriptionId, IBAN });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toEqual({
      SUBSCRIPTION_ID: subscriptionId,
      CAMP_CANCELLATION_FEE: 25,
      SUBSCRIPTION_AMOUNT_TO_PAY: 25,
      REFUND_AMOUNT: 125,
    });
    const refunds = (await t.api.getRefunds({ campYear })).body.data;
    expect(refunds.find((r) => r.SUBSCRIPTION_ID === subscriptionId)).toMatchObject({
      REFUND_AMOUNT: 125,
      CANCELLATION_FEE: 25,
      SUBSCRIPTION_PAID_ACCOUNTNR: 'BE68539007547034',
      REFUND_REFUSAL: null,
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subscriptionId, subscriptionId));
    expect(mails.length).toBe(2);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cancelBooking'), eq(auditLog.entityId, subscriptionId)));
    expect(audit).toMatchObject({ adminId: null, entity: 'subscription' });
    expect((await cancel(token, { SUBSCRIPTION_ID: subscriptionId, IBAN })).status).toBe(409);
  });

  it('after the cut-off (13 days before the camp) refuses and says whom to contact; the organiser sets the cut-off', async () => {
    const { token, subscriptionId } = await paidBooking(13);
    const late = await cancel(token, { SUBSCRIPTION_ID: subscriptionId, IBAN });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      code: 'CANCEL_CUTOFF_PASSED',
      message: expect.stringContaining('Neem contact op met Kampbeheer'),
    });
    const settings = await beheerderSettings(t);
    expect((await t.api.updateSettings({ ...settings, FAMILY_CANCEL_CUTOFF_DAYS: 7 })).status).toBe(200);
    expect((await cancel(token, { SUBSCRIPTION_ID: subscriptionId, IBAN })).status).toBe(200);
  });
});
