import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { markAttendance, recogniseOrganiser } from '../helpers/attests.js';
import { controlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { startSmtpServer } from '../helpers/smtp.js';

const WEEK = ['2025-07-07', '2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11'];

/**
 * Every call that records mail wakes the relay at its commit (server/src/domain/outbox.ts, issue 38): the mail
 * reaches a real SMTP server although the relay's poll is an hour away. Before, reminders, refunds, attests and
 * invitations waited for the poll (15 s by default).
 */
describe.each(backends)('mail recorded by a call is sent at once on %s', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(backend, {
      seed: 'none',
      clock: controlledClock(new Date('2026-06-01T10:00:00.000Z')),
      env: { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '3600' },
    });
    // The relay's first round at start-up is over: from here on only a call can wake it.
    await t.app.mailRelay.runOnce();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** The mail reaches the SMTP server within a few seconds, long before the poll, and its row says 'sent'. */
  const arrives = async (to: string, subject: RegExp) => {
    await expect
      .poll(() => smtp.received.filter((m) => m.envelopeTo.includes(to)).map((m) => m.subject), { timeout: 5000, interval: 50 })
      .toEqual([expect.stringMatching(subject)]);
    await expect
      .poll(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to))).map((m) => m.status))
      .toEqual(['sent']);
  };

  it('a payment reminder', async () => {
    const campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: '2026-07-06' }) });
    const open = await createSubscription(t.db, {
      campId,
      priceCents: 15_000,
      paidAmountCents: 5000,
      paid: true,
      parentEmail: `herinnering.${backend}@voorbeeld.be`,
    });
    const answer = await t.api.sendPaymentReminders({ subscriptionIds: [open.subscriptionId] });
    expect(answer.body.data.sent).toHaveLength(1);
    await arrives(`herinnering.${backend}@voorbeeld.be`, /./);
  });

  it('a refund', async () => {
    const campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: '2026-07-13' }) });
    const overpaid = await createSubscription(t.db, {
      campId,
      priceCents: 10_000,
      paidAmountCents: 12_000,
      paid: true,
      parentEmail: `terugbetaling.${backend}@voorbeeld.be`,
    });
    const answer = await t.api.markRefundPaid({
      SUBSCRIPTION_ID: overpaid.subscriptionId,
      amount: 20,
      date: '2026-06-01',
    });
    expect(answer.body.data.mailId).toEqual(expect.any(Number));
    await arrives(`terugbetaling.${backend}@voorbeeld.be`, /./);
  });

  it('a fiscal attest', async () => {
    await recogniseOrganiser(t);
    const campId = await createCamp(t.db, {
      periodId: await createPeriod(t.db, { startDate: WEEK[0] }),
      activeDays: WEEK.join(','),
      priceCents: 10_000,
    });
    const paid = await createSubscription(t.db, {
      campId,
      priceCents: 10_000,
      paidAmountCents: 10_000,
      paid: true,
      childBirthdate: '2015-03-01',
      parentEmail: `attest.${backend}@voorbeeld.be`,
    });
    await markAttendance(t, paid.subscriptionId, WEEK);
    const answer = await t.api.mailAttests({ year: 2025 });
    expect(answer.body.data).toEqual({ QUEUED: 1, SKIPPED: 0 });
    await arrives(`attest.${backend}@voorbeeld.be`, /Fiscaal attest/);
  });

  it('an invitation', async () => {
    const answer = await t.api.inviteUser({ email: `uitnodiging.${backend}@voorbeeld.be`, role: 'medewerker' });
    expect(answer.status).toBe(200);
    await arrives(`uitnodiging.${backend}@voorbeeld.be`, /Uitnodiging voor Kampbeheer/);
  });
});
