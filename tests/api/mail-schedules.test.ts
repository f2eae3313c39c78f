import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD } from '@common/constants.js';
import { epcPayload } from '@common/epc-qr.js';
import { buildApp } from '../../server/src/app.js';
import { mailOutbox, subscriptions } from '../../server/src/db/schema.js';
import { startTestApp, TEST_ADMIN, type TestApp, beheerderSettings } from '../helpers/api.js';
import { controlledClock, type ControlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { decodeQrPng } from '../helpers/qr.js';
import { startSmtpServer } from '../helpers/smtp.js';
import { deafListener } from '../../server/src/db/notices.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)('mail schedules and the payment QR code on %s', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let clock: ControlledClock;
  let campId: number;
  let paid: number;
  let unpaid: number;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    clock = controlledClock(new Date('2026-06-20T08:00:00.000Z'));
    t = await startTestApp(backend, { seed: 'none', clock, env: { SMTP_URL: smtp.url } });
    campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: '2026-07-06', name: 'Zomer week 1' }) });
    paid = (await createSubscription(t.db, { campId, paidAmountCents: 15000, paid: true, childFirstname: 'Betaald' })).subscriptionId;
    unpaid = (await createSubscription(t.db, { campId, childFirstname: 'Open', paymentMethodId: PAYMENT_METHOD.bankTransfer }))
      .subscriptionId;
    for (const id of [paid, unpaid])
      await t.db.update(subscriptions).set({ createdAt: '2026-06-19T08:00:00.000Z' }).where(eq(subscriptions.id, id));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const outboxCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!.n;
  const signIn = async () => {
    t.token = (await t.api.login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, { token: null })).body.data.token;
  };

  it('a mail that asks for a transfer carries the EPC QR code as an inline image the HTML names', async () => {
    await signIn();
    smtp.received.length = 0;
    const answer = await t.api.resendConfirmationEmail({ SUBSCRIPTION_ID: unpaid });
    expect(answer.status).toBe(200);
    await t.app.mailRelay.runOnce();
    expect(smtp.received).toHaveLength(1);
    const mail = await simpleParser(smtp.received[0]!.raw, { keepCidLinks: true });
    const image = mail.attachments.find((a) => a.contentType === 'image/png');
    expect(image?.cid).toBe('betaal-qr@kampbeheer');
    expect(mail.html).toContain('src="cid:betaal-qr@kampbeheer"');
    expect(mail.text).toContain('Bedankt voor de inschrijving van Open Testkind');
    const { ogm } = (await t.db.select({ ogm: subscriptions.ogm }).from(subscriptions).where(eq(subscriptions.id, unpaid)))[0]!;
    const settings = await beheerderSettings(t);
    expect(decodeQrPng(image!.content).data).toBe(
      epcPayload({ bic: settings.ORGANISER_BIC, name: settings.ORGANISER_NAME, iban: settings.ORGANISER_IBAN, amountCents: 15000, ogm }),
    );
    const qr = (await t.api.getPaymentQrCode({ subscriptionId: unpaid })).body.data;
    expect(qr[0]!.payload).toBe(decodeQrPng(image!.content).data);
    expect((await t.api.getPaymentQrCode({ subscriptionId: paid })).body.data).toEqual([]);

    // The paid subscription's confirmation asks for nothing: no image, text only.
    smtp.received.length = 0;
    await t.api.resendConfirmationEmail({ SUBSCRIPTION_ID: paid });
    await t.app.mailRelay.runOnce();
    const plain = await simpleParser(smtp.received[0]!.raw);
    expect(plain.attachments).toEqual([]);
    expect(plain.html).toBe(false);
  });
  it('two runs at once queue each mail once', async () => {
    await signIn();
    await t.api.crudMailSchedule({
      CAMP_ID: campId,
      MAILTEMPLATE_ID: 'herinnering',
      TRIGGER: 'afterBooking',
      DAYS: 3,
      TARGET: 'all',
    });
    clock.advance(3 * DAY); // 23 June: three days after booking, still unpaid
    await signIn();
    const before = await outboxCount();
    const [a, b] = await Promise.all([
      (await import('../../server/src/features/mail-schedules/service.js')).sendDueScheduledMails(
        t.db,
        { settingsDefaults: { ...(await beheerderSettings(t)) }, relay: t.app.mailRelay },
        clock,
      ),
      t.app.mailSchedules.runOnce(),
    ]);
    expect(a + b).toBe(1);
    expect(await outboxCount()).toBe(before + 1);
  });

  // Last: it stops the first server process.
  it('sends a due schedule exactly once per subscription, also across a restart, and lists what was sent and planned', async () => {
    smtp.received.length = 0;
    const created = await t.api.crudMailSchedule({
      CAMP_ID: campId,
      MAILTEMPLATE_ID: 'bevestiging',
      TRIGGER: 'beforeStart',
      DAYS: 7,
      TARGET: 'paid',
    });
    expect(created.status).toBe(200);
    const scheduleId = (created.body.data as { mailScheduleId: number }).mailScheduleId;
    const bad = await t.unchecked.crudMailSchedule({
      CAMP_ID: campId,
      MAILTEMPLATE_ID: 'bestaat-niet',
      TRIGGER: 'beforeStart',
      DAYS: 400,
      TARGET: 'iedereen',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['DAYS', 'TARGET']);

    const listed = ((await t.api.getMailSchedules({ campId })).body.data as any[]).filter((s) => s.MAILSCHEDULE_ID === scheduleId);
    expect(listed[0].SENT).toEqual([]);
    expect(listed[0].PLANNED).toEqual([expect.objectContaining({ SUBSCRIPTION_ID: paid, AT: '2026-06-29' })]);

    const before = await outboxCount();
    expect(await t.app.mailSchedules.runOnce()).toBe(0);
    clock.advance(5 * DAY); // 28 June: the day before it falls due
    expect(await t.app.mailSchedules.runOnce()).toBe(0);
    clock.advance(DAY); // 29 June, 10:00 in Brussels
    expect(await t.app.mailSchedules.runOnce()).toBe(1);
    expect(await t.app.mailSchedules.runOnce()).toBe(0);
    expect(await outboxCount()).toBe(before + 1);

    // A restart: a new server process on the same database runs the schedules at start-up and sends nothing twice.
    await t.app.mailRelay.runOnce();
    await t.app.close();
    const restarted = await buildApp({
      config: t.config,
      database: {
        db: t.db,
        priorityDb: t.db,
        familyDb: t.db,
        kind: backend,
        ping: async () => undefined,
        disruptions: () => 0,
        listen: deafListener,
        close: async () => undefined,
      },
      logger: false,
      clock,
    });
    await restarted.ready();
    expect(await restarted.mailSchedules.runOnce()).toBe(0);
    expect(await outboxCount()).toBe(before + 1);
    // Raw: an app restarted on the same database, not the test app the typed client is made for.
    const login = await restarted.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    const read = await restarted.inject({
      method: 'POST',
      url: '/api/crudMailSchedule',
      payload: { action: 'read', MAILSCHEDULE_ID: scheduleId },
      headers: { authorization: `Bearer ${login.json().data.token}` },
    });
    const after = read.json().data[0];
    expect(after.SENT).toEqual([expect.objectContaining({ SUBSCRIPTION_ID: paid, CHILD_NAME: 'Betaald Testkind' })]);
    expect(after.PLANNED).toEqual([]);
    await restarted.mailRelay.runOnce();
    expect(smtp.received.filter((m) => m.subject.startsWith('Bevestiging inschrijving Betaald'))).toHaveLength(1);
    await restarted.close();
  });
});
