import { eq, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, camps, mailOutbox, payments, subscriptions } from '../../server/src/db/schema.js';
import { startTestApp, TEST_ADMIN, type TestApp, beheerderSettings } from '../helpers/api.js';
import { controlledClock, type ControlledClock } from '../helpers/clock.js';
import { backends } from '../helpers/database.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { schemaErrors } from '../helpers/sepa.js';
import { auditLogNotInWords } from '../helpers/audit-words.js';

const DAY = 24 * 60 * 60 * 1000;
const ACCOUNT = 'BE68539007547034';

describe.each(backends)('money follow-up on %s', (backend) => {
  let t: TestApp;
  let clock: ControlledClock;
  let campId: number;
  beforeAll(async () => {
    clock = controlledClock(new Date('2026-06-01T10:00:00.000Z'));
    t = await startTestApp(backend, { seed: 'none', clock });
    campId = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: '2026-07-06', name: 'Zomer week 1' }) });
  });
  afterAll(async () => t?.close());

  /** Moves time on; a sign-in lasts 12 hours, so staff sign in again as they would. */
  const advance = async (ms: number) => {
    clock.advance(ms);
    const login = await t.api.login({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }, { token: null });
    t.token = login.body.data.token;
  };

  const bookedDaysAgo = (id: number, days: number) =>
    t.db
      .update(subscriptions)
      .set({ createdAt: new Date(clock.now().getTime() - days * DAY).toISOString() })
      .where(eq(subscriptions.id, id));

  describe('open payments and reminders', () => {
    let open: number;
    let paid: number;
    let cancelled: number;
    beforeAll(async () => {
      open = (await createSubscription(t.db, { campId, priceCents: 15000, paidAmountCents: 5000, paid: true })).subscriptionId;
      paid = (await createSubscription(t.db, { campId, priceCents: 15000, paidAmountCents: 15000, paid: true })).subscriptionId;
      cancelled = (await createSubscription(t.db, { campId, cancelled: true })).subscriptionId;
      await bookedDaysAgo(open, 20);
      await bookedDaysAgo(paid, 20);
      await bookedDaysAgo(cancelled, 20);
    });

    it('lists every subscription of the year that is not cancelled and has money open, with days since booking', async () => {
      const answer = await t.api.getOpenPayments({ campYear: 2026 });
      expect(answer.status).toBe(200);
      const rows = answer.body.data as any[];
      expect(rows.map((r) => r.SUBSCRIPTION_ID)).toEqual([open]);
      expect(rows[0]).toMatchObject({
        SUBSCRIPTION_SALDO: 100,
        DAYS_SINCE_BOOKING: 20,
        REMINDERS_SENT: 0,
        LAST_REMINDER_AT: null,
        REMINDER_REFUSAL: null,
      });
      expect((await t.api.getOpenPayments({ campYear: 2026, minDaysOverdue: 21 })).body.data).toEqual([]);
      expect((await t.api.getOpenPayments({ campYear: 2026, campId, minDaysOverdue: 20 })).body.data).toHaveLength(1);
      expect((await t.api.getOpenPayments({ campYear: 2025 })).body.data).toEqual([]);
      expect((await t.unchecked.getOpenPayments()).status).toBe(400);
    });

    it('sends at most one reminder per 7 days and 3 in all, and says why it skipped the others', async () => {
      const send = (ids: number[]) => t.api.sendPaymentReminders({ subscriptionIds: ids });
      const first = await send([open, paid, cancelled]);
      expect(first.status).toBe(200);
      expect(first.body.data.sent.map((s: any) => s.SUBSCRIPTION_ID)).toEqual([open]);
      expect(first.body.data.skipped).toEqual([
        { SUBSCRIPTION_ID: paid, SUBSCRIPTION_REFERENCE: expect.any(String), reason: 'Er staat niets meer open' },
        { SUBSCRIPTION_ID: cancelled, SUBSCRIPTION_REFERENCE: expect.any(String), reason: 'Inschrijving geannuleerd' },
      ]);
      const again = await send([open]);
      expect(again.body.data.sent).toEqual([]);
      expect(again.body.data.skipped[0]!.reason).toBe('Vorige herinnering op 01/06/2026: nog geen 7 dagen geleden');

      await advance(7 * DAY - 60_000);
      expect((await send([open])).body.data.sent).toEqual([]);
      await advance(60_000);
      expect((await send([open])).body.data.sent).toHaveLength(1);
      await advance(7 * DAY);
      expect((await send([open])).body.data.sent).toHaveLength(1);
      await advance(30 * DAY);
      const fourth = await send([open]);
      expect(fourth.body.data.sent).toEqual([]);
      expect(fourth.body.data.skipped[0]!.reason).toBe('Al 3 herinneringen verstuurd (maximum 3)');

      const [row] = (await t.api.getOpenPayments({ campYear: 2026 })).body.data as any[];
      expect(row).toMatchObject({ REMINDERS_SENT: 3, REMINDER_REFUSAL: 'Al 3 herinneringen verstuurd (maximum 3)' });
      expect(row.LAST_REMINDER_AT.slice(0, 10)).toBe('2026-06-15');

      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.templateId, 'herinnering'));
      expect(mails).toHaveLength(3);
      expect(mails[0]!.subject).toMatch(/^Herinnering: betaling voor Lotte Testkind - /);
      expect(mails[0]!.body).toContain('staat nog € 100,00 open');
      expect(mails[0]!.attachments).toEqual([expect.objectContaining({ cid: 'betaal-qr@kampbeheer', contentType: 'image/png' })]);
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'sendPaymentReminders'));
      expect(audits.map((a) => a.entityId)).toEqual([open, open, open]);
    });

    it('takes the limits from the settings', async () => {
      const other = (await createSubscription(t.db, { campId })).subscriptionId;
      const settings = await beheerderSettings(t);
      expect(settings).toMatchObject({ REMINDER_INTERVAL_DAYS: 7, REMINDER_MAX_COUNT: 3 });
      const saved = await t.api.updateSettings({ ...settings, REMINDER_INTERVAL_DAYS: 1, REMINDER_MAX_COUNT: 1 });
      expect(saved.status).toBe(200);
      expect((await t.api.sendPaymentReminders({ subscriptionIds: [other] })).body.data.sent).toHaveLength(1);
      await advance(2 * DAY);
      const second = await t.api.sendPaymentReminders({ subscriptionIds: [other] });
      expect(second.body.data.skipped[0]!.reason).toBe('Al 1 herinnering verstuurd (maximum 1)');
      await t.api.updateSettings({ ...settings });
    });

    it('refuses a bad payload and changes nothing', async () => {
      const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
      expect((await t.api.sendPaymentReminders({ subscriptionIds: [] })).status).toBe(400);
      expect((await t.api.sendPaymentReminders({ subscriptionIds: ['x'] })).status).toBe(400);
      expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)).toEqual(before);
    });
  });

  describe('refunds', () => {
    let overpaid: number;
    let cancelledPaid: number;
    let noAccount: number;
    let feeCamp: number;
    beforeAll(async () => {
      feeCamp = await createCamp(t.db, { periodId: await createPeriod(t.db, { startDate: '2026-07-13', name: 'Zomer week 2' }) });
      await t.db.update(camps).set({ cancellationFeeCents: 2500 }).where(eq(camps.id, feeCamp));
      overpaid = (await createSubscription(t.db, { campId: feeCamp, priceCents: 15000, paidAmountCents: 17000, paid: true }))
        .subscriptionId;
      cancelledPaid = (
        await createSubscription(t.db, { campId: feeCamp, priceCents: 15000, paidAmountCents: 15000, paid: true, cancelled: true })
      ).subscriptionId;
      noAccount = (await createSubscription(t.db, { campId: feeCamp, priceCents: 10000, paidAmountCents: 11000, paid: true }))
        .subscriptionId;
      // Paid less than the fee: nothing to pay back.
      await createSubscription(t.db, { campId: feeCamp, priceCents: 15000, paidAmountCents: 2000, paid: true, cancelled: true });
      for (const id of [overpaid, cancelledPaid])
        await t.db.update(subscriptions).set({ paidAccountNr: ACCOUNT }).where(eq(subscriptions.id, id));
    });

    it('lists overpayments and cancelled subscriptions with money paid, minus the camp’s cancellation fee', async () => {
      const rows = (await t.api.getRefunds({ campYear: 2026 })).body.data as any[];
      const byId = new Map(rows.map((r) => [r.SUBSCRIPTION_ID, r]));
      expect([...byId.keys()].sort()).toEqual([overpaid, cancelledPaid, noAccount].sort());
      expect(byId.get(overpaid)).toMatchObject({ REFUND_AMOUNT: 20, CANCELLATION_FEE: 0, REFUND_REFUSAL: null });
      expect(byId.get(cancelledPaid)).toMatchObject({ REFUND_AMOUNT: 125, CANCELLATION_FEE: 25, SUBSCRIPTION_CANCELLED: true });
      expect(byId.get(noAccount)).toMatchObject({ REFUND_AMOUNT: 10, REFUND_REFUSAL: 'Geen geldig rekeningnummer: vul er een in.' });
    });

    it('makes a pain.001.001.03 file valid against the ISO 20022 schema, with the control sum', async () => {
      const answer = await t.api.exportRefunds({
        subscriptionIds: [overpaid, cancelledPaid, noAccount],
        accounts: [{ SUBSCRIPTION_ID: noAccount, IBAN: 'NL91 ABNA 0417 1643 00' }],
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toContain('application/xml');
      expect(answer.headers['content-disposition']).toMatch(/attachment; filename="terugbetalingen-2026-\d\d-\d\d\.xml"/);
      const xml = answer.bytes.toString();
      expect(schemaErrors(xml)).toBeNull();
      const initiation = new XMLParser({ parseTagValue: false }).parse(xml).Document.CstmrCdtTrfInitn;
      expect(initiation.GrpHdr.NbOfTxs).toBe('3');
      expect(initiation.GrpHdr.CtrlSum).toBe('155.00');
      const creditors = initiation.PmtInf.CdtTrfTxInf.map((tx: any) => tx.CdtrAcct.Id.IBAN);
      expect(creditors).toContain('NL91ABNA0417164300');
      expect(initiation.PmtInf.DbtrAcct.Id.IBAN).toBe('BE71096123456769');
    });

    it('refuses a file with a row without a valid account, naming it', async () => {
      const answer = await t.api.exportRefunds({ subscriptionIds: [overpaid, noAccount] });
      expect(answer.status).toBe(409);
      expect(answer.body.error.message).toMatch(/Geen geldig rekeningnummer/);
      expect(
        (
          await t.api.exportRefunds({
            subscriptionIds: [noAccount],
            accounts: [{ SUBSCRIPTION_ID: noAccount, IBAN: 'BE00 1234' }],
          })
        ).status,
      ).toBe(400);
    });

    it('marks a refund paid: a negative payment, saldo 0, audited, and the parent is mailed', async () => {
      const tooMuch = await t.api.markRefundPaid({ SUBSCRIPTION_ID: overpaid, amount: 25, date: '2026-06-20' });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.error.fields.amount).toBe('Meer dan het terug te betalen bedrag (€ 20,00).');
      const answer = await t.api.markRefundPaid({ SUBSCRIPTION_ID: overpaid, amount: 20, date: '2026-06-20' });
      expect(answer.status).toBe(200);
      const detail = (await t.api.getSubscriptionFullDetail({ id: overpaid })).body.data[0];
      expect(detail).toMatchObject({ SUBSCRIPTION_SALDO: 0, SUBSCRIPTION_PAID_AMOUNT: 150, PAYMENT_STATUS: 'PAID' });
      const [payment] = await t.db.select().from(payments).where(eq(payments.id, answer.body.data.paymentId));
      expect(payment).toMatchObject({ source: 'refund', amountCents: -2000, valueDate: '2026-06-20', subscriptionId: overpaid });
      const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'markRefundPaid'));
      expect(audit).toMatchObject({ entity: 'payment', entityId: payment!.id });
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, answer.body.data.mailId!));
      expect(mail).toMatchObject({ templateId: 'terugbetaling' });
      expect(mail!.body).toContain('We hebben € 20,00 teruggestort');
      expect((await t.api.markRefundPaid({ SUBSCRIPTION_ID: overpaid, amount: 1, date: '2026-06-20' })).status).toBe(409);
      const cancelledAnswer = await t.api.markRefundPaid({
        SUBSCRIPTION_ID: cancelledPaid,
        amount: 125,
        date: '2026-06-20',
      });
      expect(cancelledAnswer.status).toBe(200);
      const ids = ((await t.api.getRefunds({ campYear: 2026 })).body.data as any[]).map((r) => r.SUBSCRIPTION_ID);
      expect(ids).toEqual([noAccount]);
      expect((await t.api.getPayments({ subscriptionId: overpaid })).body.data.map((p: any) => [p.source, p.amount])).toContainEqual([
        'refund',
        -20,
      ]);
    });
  });

  it('the Logboek reads what these tests did in words staff understand (issue 39)', async () => {
    expect(await auditLogNotInWords(t)).toEqual([]);
  });
});
