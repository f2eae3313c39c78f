import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD } from '@common/constants.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { mailOutbox } from '../../server/src/db/schema.js';
import { startTestApp, type TestApp } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { createSubscription } from '../helpers/factory.js';
import { startSmtpServer } from '../helpers/smtp.js';

const MAIL_FROM = 'Kampen Test <kampen@example.be>';
const ORGANISER_ACCOUNT = 'BE68 5390 0754 7034';

describe.each(backends)('mail on %s', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let refusingSmtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let sending: TestApp;
  let failing: TestApp;
  let withoutSmtp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    refusingSmtp = await startSmtpServer({ refuse: true });
    const env = { MAIL_FROM, ORGANISER_ACCOUNT };
    sending = await startTestApp(backend, { subscriptionsPerYear: 5, env: { ...env, SMTP_URL: smtp.url } });
    failing = await startTestApp(backend, { subscriptionsPerYear: 5, env: { ...env, SMTP_URL: refusingSmtp.url, MAIL_MAX_ATTEMPTS: '1' } });
    withoutSmtp = await startTestApp(backend, { subscriptionsPerYear: 5, env });
  });
  afterAll(async () => {
    await Promise.all([sending?.close(), failing?.close(), withoutSmtp?.close()]);
    await Promise.all([smtp?.close(), refusingSmtp?.close()]);
  });

  const outboxOf = (t: TestApp, subscriptionId: number) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.subscriptionId, subscriptionId));
  async function detail(t: TestApp, id: number): Promise<SubscriptionDetail> {
    return ((await t.api.getSubscriptionFullDetail({ id })).body.data as SubscriptionDetail[])[0]!;
  }
  /** A subscription of € 150 with € 20 discount and € 50 paid: € 130 to pay, € 80 open. */
  const makeIn = (t: TestApp, parentEmail: string, paymentMethodId: number = PAYMENT_METHOD.bankTransfer) =>
    createSubscription(t.db, {
      priceCents: 15000,
      discounts: [{ kind: 'booking', amountCents: 2000 }],
      paidAmountCents: 5000,
      paid: true,
      paymentMethodId,
      parentEmail,
      childFirstname: 'Céline',
      childLastname: 'Peeters',
    });
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));

  it('convertToCash sends the camp’s convert-to-cash mail to the parent with the amounts, and records it as sent', async () => {
    const made = await makeIn(sending, `cash.${backend}@voorbeeld.be`);
    const answer = await sending.api.convertToCash({ SUBSCRIPTION_ID: made.subscriptionId });
    expect(answer.status).toBe(200);
    await sending.app.mailRelay.runOnce();
    const record = await detail(sending, made.subscriptionId);
    const camp = `${record.THEME_NAME} - ${record.LOCATION_NAME}`;
    const [mail, ...more] = mailsTo(`cash.${backend}@voorbeeld.be`);
    expect(more).toEqual([]);
    expect(mail!.envelopeFrom).toBe('kampen@example.be');
    expect(mail!.subject).toBe(`Betaling ter plaatse voor Céline Peeters - ${camp}`);
    expect(mail!.text).toContain('Beste Sofie Peeters,');
    expect(mail!.text).toContain('Te betalen: € 130,00. Nog open: € 80,00.');
    expect(mail!.text).toContain(`Referentie: ${made.reference}.`);
    const [recorded] = await outboxOf(sending, made.subscriptionId);
    expect(recorded).toMatchObject({ templateId: 'omzetten-cash', status: 'sent', error: null, subject: mail!.subject, body: mail!.text });
    expect(recorded!.sentAt).not.toBeNull();
  });

  it('cancelSubscription sends the cancellation mail with the camp and its dates', async () => {
    const made = await makeIn(sending, `annulatie.${backend}@voorbeeld.be`);
    expect((await sending.api.cancelSubscription({ SUBSCRIPTION_ID: made.subscriptionId })).status).toBe(200);
    await sending.app.mailRelay.runOnce();
    const record = await detail(sending, made.subscriptionId);
    const [mail] = mailsTo(`annulatie.${backend}@voorbeeld.be`);
    expect(mail!.subject).toBe(`Annulatie inschrijving Céline Peeters - ${record.THEME_NAME} - ${record.LOCATION_NAME}`);
    // The camp's days, Monday to Friday: one range, the year once.
    const days = record.CAMP_ACTIVE_DAYS.split(',').sort();
    const words = (day: string) =>
      new Intl.DateTimeFormat('nl-BE', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      );
    expect(days).toHaveLength(5);
    expect(mail!.text).toContain(`(${words(days[0]!)} tot en met ${words(days[4]!)} ${days[0]!.slice(0, 4)}) is geannuleerd.`);
    expect((await outboxOf(sending, made.subscriptionId)).map((r) => [r.templateId, r.status])).toEqual([['annulatie', 'sent']]);
  });

  it('resendConfirmationEmail sends the confirmation with amounts, OGM and the organiser’s account', async () => {
    const made = await makeIn(sending, `bevestiging.${backend}@voorbeeld.be`);
    const answer = await sending.api.resendConfirmationEmail({ SUBSCRIPTION_ID: made.subscriptionId });
    expect(answer.status).toBe(200);
    // The answer comes at the commit: the mail is recorded, the relay sends it.
    expect(answer.body.data).toMatchObject({ subscriptionId: made.subscriptionId, mailStatus: 'outbox' });
    await sending.app.mailRelay.runOnce();
    expect((await outboxOf(sending, made.subscriptionId)).map((r) => r.status)).toEqual(['sent']);
    const [mail] = mailsTo(`bevestiging.${backend}@voorbeeld.be`);
    expect(mail!.subject).toMatch(/^Bevestiging inschrijving Céline Peeters - /);
    expect(mail!.text).toContain('Te betalen: € 130,00. Nog open: € 80,00.');
    expect(mail!.text).toContain(
      `Gelieve € 80,00 over te schrijven op ${ORGANISER_ACCOUNT} met de gestructureerde mededeling ${made.ogm}. U kunt ook de QR-code in deze mail scannen met uw bankapp.`,
    );
  });

  it('convertToBankTransfer sends no mail', async () => {
    const made = await makeIn(sending, `overschrijving.${backend}@voorbeeld.be`, PAYMENT_METHOD.cash);
    expect((await sending.api.convertToBankTransfer({ SUBSCRIPTION_ID: made.subscriptionId })).status).toBe(200);
    expect(mailsTo(`overschrijving.${backend}@voorbeeld.be`)).toEqual([]);
    expect(await outboxOf(sending, made.subscriptionId)).toEqual([]);
  });

  it('when SMTP refuses: every call still answers at its commit, and the mails end as failed after the last attempt', async () => {
    const made = await makeIn(failing, `geweigerd.${backend}@voorbeeld.be`);
    const resend = await failing.api.resendConfirmationEmail({ SUBSCRIPTION_ID: made.subscriptionId });
    expect(resend.status).toBe(200);
    expect(resend.body.data).toMatchObject({ mailStatus: 'outbox' });

    const cancel = await failing.api.cancelSubscription({ SUBSCRIPTION_ID: made.subscriptionId });
    expect(cancel.status).toBe(200);
    expect((await detail(failing, made.subscriptionId)).SUBSCRIPTION_CANCELLED).toBe(true);
    await failing.app.mailRelay.runOnce();

    const recorded = await outboxOf(failing, made.subscriptionId);
    expect(recorded.map((r) => [r.templateId, r.status, r.sentAt, r.attempts])).toEqual([
      ['bevestiging', 'failed', null, 1],
      ['annulatie', 'failed', null, 1],
    ]);
    expect(recorded.every((r) => r.error?.includes('unavailable'))).toBe(true);
    expect(refusingSmtp.received).toEqual([]);
  });

  it('without SMTP_URL every mail stays in the outbox, rendered and addressed', async () => {
    const made = await makeIn(withoutSmtp, `outbox.${backend}@voorbeeld.be`);
    expect((await withoutSmtp.api.convertToCash({ SUBSCRIPTION_ID: made.subscriptionId })).status).toBe(200);
    const resend = await withoutSmtp.api.resendConfirmationEmail({ SUBSCRIPTION_ID: made.subscriptionId });
    expect(resend.body.data).toMatchObject({ mailStatus: 'outbox' });
    const recorded = await outboxOf(withoutSmtp, made.subscriptionId);
    expect(recorded.map((r) => [r.templateId, r.status, r.recipient, r.sentAt])).toEqual([
      ['omzetten-cash', 'outbox', `outbox.${backend}@voorbeeld.be`, null],
      ['bevestiging', 'outbox', `outbox.${backend}@voorbeeld.be`, null],
    ]);
    // Converted to cash first: the confirmation asks for cash, not for a transfer (issue 39).
    expect(recorded[1]!.body).toContain('Te betalen: € 130,00. Nog open: € 80,00.\nU betaalt € 80,00 contant ter plaatse.');
    expect(recorded[1]!.body).not.toContain(made.ogm);
    expect(mailsTo(`outbox.${backend}@voorbeeld.be`)).toEqual([]);
  });
});
