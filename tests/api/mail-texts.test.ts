import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDER_GIRL, PAYMENT_METHOD } from '@common/constants.js';
import { epcPayload } from '@common/epc-qr.js';
import { formatNationalNumber } from '@common/identity-numbers.js';
import type { MailPreview, MailTemplateRecord } from '@common/schemas/mail-templates.js';
import { locations, lunchPreferences, mailOutbox, periods, subscriptions } from '../../server/src/db/schema.js';
import { defaultMailTemplates } from '../../server/src/mail/default-templates.js';
import { startTestApp, type TestApp, beheerderSettings } from '../helpers/api.js';
import { backends } from '../helpers/database.js';
import { createCamp, createLocation, createPeriod, createSubscription } from '../helpers/factory.js';
import { decodeQrPng } from '../helpers/qr.js';
import { startSmtpServer } from '../helpers/smtp.js';

const YEAR = new Date().getFullYear();
const ACCOUNT = 'BE68 5390 0754 7034';

/** Issue 39, mails to parents: the text and the QR code follow the payment method, mails name the booked days, a test mail is made up. */
describe.each(backends)('what the mails to parents say on %s', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let campId: number;
  let flexibleCampId: number;
  let weekDays: string[];
  let lunchId: number;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(backend, { seed: 'none', env: { SMTP_URL: smtp.url, ORGANISER_ACCOUNT: ACCOUNT } });
    [{ id: lunchId }] = (await t.db
      .insert(lunchPreferences)
      .values({ description: 'Warme maaltijd' })
      .returning({ id: lunchPreferences.id })) as [{ id: number }];
    const periodId = await createPeriod(t.db);
    const locationId = await createLocation(t.db, { name: 'Sporthal De Brug, Gent' });
    await t.db.update(locations).set({ address: 'Brugstraat 4, 9000 Gent' }).where(eq(locations.id, locationId));
    const [period] = await t.db.select({ start: periods.startDate }).from(periods).where(eq(periods.id, periodId));
    weekDays = Array.from({ length: 5 }, (_, i) =>
      new Date(Date.parse(`${period!.start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    );
    campId = await createCamp(t.db, { periodId, locationId, priceCents: 15000, activeDays: weekDays.join(',') });
    flexibleCampId = await createCamp(t.db, {
      periodId,
      locationId,
      priceCents: 15000,
      flexibleBooking: true,
      activeDays: weekDays.join(','),
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  let serial = 0;
  /** Books a new family by phone ('Inschrijving toevoegen') and answers the parent's address and the subscription. */
  async function book(campToBook: number, paymentMethodId: number, rest: Record<string, unknown> = {}) {
    const tag = `mailtekst${++serial}${backend}`;
    const email = `${tag}@voorbeeld.be`;
    const answer = await t.api.createSubscription({
      CAMP_ID: campToBook,
      PAYMENTMETHOD_ID: paymentMethodId,
      SUBSCRIPTION_LUNCH_PREFERENCE_ID: lunchId,
      SUBSCRIPTION_REMARK: '',
      SUBSCRIBER_PARENT_FIRSTNAME: 'Hilde',
      SUBSCRIBER_PARENT_LASTNAME: 'Vermeulen',
      SUBSCRIBER_PARENT_STREET: 'Dorpsstraat',
      SUBSCRIBER_PARENT_HOUSENR: '3',
      SUBSCRIBER_PARENT_POSTALCODE: '8500',
      SUBSCRIBER_PARENT_CITY: 'Kortrijk',
      SUBSCRIBER_PARENT_COUNTRY: 'België',
      SUBSCRIBER_PARENT_PHONE: '0476 11 22 33',
      SUBSCRIBER_PARENT_PHONE2: '',
      SUBSCRIBER_PARENT_EMAIL: email,
      SUBSCRIBER_PARENT_NATIONALNR: formatNationalNumber('1985-06-14', 100 + serial),
      SUBSCRIBER_FIRSTNAME: 'Noor',
      SUBSCRIBER_LASTNAME: `Vermeulen${serial}`,
      SUBSCRIBER_GENDER_ID: GENDER_GIRL,
      SUBSCRIBER_BIRTHDATE: `${YEAR - 8}-03-0${1 + (serial % 8)}`,
      SUBSCRIBER_NATIONALNR: formatNationalNumber(`${YEAR - 8}-03-0${1 + (serial % 8)}`, 2 * serial),
      ...rest,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const id = (answer.body.data as { SUBSCRIPTION_ID: number }).SUBSCRIPTION_ID;
    const [row] = await t.db.select({ ogm: subscriptions.ogm }).from(subscriptions).where(eq(subscriptions.id, id));
    return { email, id, ogm: row!.ogm };
  }
  /** The one mail a parent got, as a mail client reads it (text, HTML, inline images). */
  async function receivedBy(email: string) {
    await t.app.mailRelay.runOnce();
    const mails = smtp.received.filter((m) => m.envelopeTo.includes(email));
    expect(mails).toHaveLength(1);
    return simpleParser(mails[0]!.raw, { keepCidLinks: true });
  }
  const qrImages = (mail: Awaited<ReturnType<typeof simpleParser>>) => mail.attachments.filter((a) => a.contentType === 'image/png');

  it("a cash booking's confirmation asks for no transfer and no OGM, and carries no QR code; it names the location's address", async () => {
    const cash = await book(campId, PAYMENT_METHOD.cash);
    const mail = await receivedBy(cash.email);
    expect(mail.text).toContain('U betaalt € 150,00 contant ter plaatse.');
    expect(mail.text).toContain('Adres: Brugstraat 4, 9000 Gent.');
    expect(mail.text).not.toContain('over te schrijven');
    expect(mail.text).not.toContain(cash.ogm);
    expect(mail.text).not.toContain(ACCOUNT);
    expect(mail.text).not.toContain('QR-code');
    expect(qrImages(mail)).toEqual([]);
  });

  it("a transfer booking's confirmation asks for the transfer with the OGM and carries the QR code it mentions, which decodes to the amount and OGM", async () => {
    const transfer = await book(campId, PAYMENT_METHOD.bankTransfer);
    const mail = await receivedBy(transfer.email);
    expect(mail.text).toContain(
      `Gelieve € 150,00 over te schrijven op ${ACCOUNT} met de gestructureerde mededeling ${transfer.ogm}. U kunt ook de QR-code in deze mail scannen met uw bankapp.`,
    );
    const [image] = qrImages(mail);
    const settings = await beheerderSettings(t);
    expect(decodeQrPng(image!.content).data).toBe(
      epcPayload({ bic: settings.ORGANISER_BIC, name: settings.ORGANISER_NAME, iban: ACCOUNT, amountCents: 15000, ogm: transfer.ogm }),
    );
  });

  it('a reminder to a cash payer says to pay cash and mentions no QR code; to a transfer payer it carries the QR code', async () => {
    const cash = await createSubscription(t.db, {
      campId,
      paymentMethodId: PAYMENT_METHOD.cash,
      parentEmail: `herinnering.cash.${backend}@voorbeeld.be`,
    });
    const transfer = await createSubscription(t.db, { campId, parentEmail: `herinnering.overschrijving.${backend}@voorbeeld.be` });
    const sent = await t.api.sendPaymentReminders({ subscriptionIds: [cash.subscriptionId, transfer.subscriptionId] });
    expect(sent.body.data.sent).toHaveLength(2);

    const toCash = await receivedBy(`herinnering.cash.${backend}@voorbeeld.be`);
    expect(toCash.text).toContain('staat nog € 150,00 open.\nU betaalt € 150,00 contant ter plaatse.');
    expect(toCash.text).not.toContain('QR-code');
    expect(toCash.text).not.toContain(cash.ogm);
    expect(qrImages(toCash)).toEqual([]);

    const toTransfer = await receivedBy(`herinnering.overschrijving.${backend}@voorbeeld.be`);
    expect(toTransfer.text).toContain(
      `met de gestructureerde mededeling ${transfer.ogm}. U kunt ook de QR-code in deze mail scannen met uw bankapp.`,
    );
    expect(decodeQrPng(qrImages(toTransfer)[0]!.content).data).toContain(transfer.ogm.replace(/\D/g, ''));
  });

  it('a booking of 4 of the 5 days names those 4 days, not the whole period', async () => {
    const booked = [weekDays[0]!, weekDays[1]!, weekDays[3]!, weekDays[4]!];
    const flexible = await book(flexibleCampId, PAYMENT_METHOD.bankTransfer, { SUBSCRIPTION_SELECTED_DAYS: booked.join(',') });
    const mail = await receivedBy(flexible.email);
    const words = (day: string) =>
      new Intl.DateTimeFormat('nl-BE', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      );
    expect(mail.text).toContain(`(${words(booked[0]!)}, ${words(booked[1]!)}, ${words(booked[2]!)} en ${words(booked[3]!)} ${YEAR}).`);
    expect(mail.text).not.toContain(words(weekDays[2]!));
    // The whole week of a camp that is not flexible is one range.
    const whole = await book(campId, PAYMENT_METHOD.bankTransfer);
    expect((await receivedBy(whole.email)).text).toContain(`(${words(weekDays[0]!)} tot en met ${words(weekDays[4]!)} ${YEAR}).`);
  });

  it('the stored shipped templates are the shipped texts (the migration brought older databases up to date)', async () => {
    const stored = (await t.api.getMailTemplates()).body.data as MailTemplateRecord[];
    for (const shipped of defaultMailTemplates)
      expect(
        stored.find((s) => s.MAILTEMPLATE_ID === shipped.id),
        shipped.id,
      ).toMatchObject({
        MAILTEMPLATE_SUBJECT: shipped.subject,
        MAILTEMPLATE_BODY: shipped.body,
      });
  });

  it('the preview fills the new placeholders with made-up data: booked days, payment method and instructions, location address', async () => {
    const answer = await t.api.previewMailTemplate({
      MAILTEMPLATE_SUBJECT: 'Voor {{childName}}',
      MAILTEMPLATE_BODY: '{{bookedDays}} | {{paymentMethod}} | {{locationAddress}} | {{paymentInstructions}}',
    });
    expect(answer.status).toBe(200);
    const [preview] = answer.body.data as MailPreview[];
    expect(preview).toMatchObject({ SUBSCRIPTION_ID: null, SUBSCRIPTION_REFERENCE: null, subject: 'Voor Lien Voorbeeld' });
    expect(preview!.text).toMatch(
      new RegExp(
        `^maandag \\d+ juli, dinsdag \\d+ juli, donderdag \\d+ juli en vrijdag \\d+ juli ${YEAR} \\| overschrijving \\| Voorbeeldstraat 1, 9000 Gent \\| Gelieve € 70,00 over te schrijven op ${ACCOUNT} met de gestructureerde mededeling \\+\\+\\+\\d{3}/\\d{4}/\\d{5}\\+\\+\\+\\.$`,
      ),
    );
  });

  it("a test mail carries made-up data, never a real family's, says it is a test, and is no subscription's mail", async () => {
    const real = await createSubscription(t.db, { childFirstname: 'Echtekind', parentEmail: `echt.${backend}@voorbeeld.be` });
    const to = `testmail.${backend}@kampbeheer.be`;
    // A real subscription's id on purpose, past the contract: a test mail never takes its data.
    const answer = await t.unchecked.sendTestMail({
      MAILTEMPLATE_ID: 'bevestiging',
      MAILTEMPLATE_SUBJECT: 'Bevestiging inschrijving {{childName}}',
      MAILTEMPLATE_BODY: 'Beste {{parentName}}, referentie {{reference}}, {{ogm}}.',
      SUBSCRIPTION_ID: real.subscriptionId,
      TO: to,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.mailStatus).toBe('sent');
    const [mail] = smtp.received.filter((m) => m.envelopeTo.includes(to));
    expect(mail!.subject).toBe('TEST: Bevestiging inschrijving Lien Voorbeeld');
    expect(mail!.text).toMatch(
      /^Dit is een testmail met verzonnen voorbeeldgegevens, geen echte inschrijving\.\n\nBeste Jan Voorbeeld, referentie VOORBEELD, \+\+\+/,
    );
    expect(mail!.text).not.toContain('Echtekind');
    expect(mail!.text).not.toContain(real.reference);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, answer.body.data.mailId));
    expect(row).toMatchObject({ subscriptionId: null, recipient: to, status: 'sent' });
    expect((await t.api.getMails({ subscriptionId: real.subscriptionId })).body.data).toEqual([]);
  });
});
