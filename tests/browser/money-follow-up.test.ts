import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD } from '@common/constants.js';
import { camps, subscriptions } from '../../server/src/db/schema.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { card, eventually, financialValue, openDetail, refuseCalls } from '../helpers/page.js';
import { decodeQrPng } from '../helpers/qr.js';
import { schemaErrors } from '../helpers/sepa.js';
import { startSmtpServer } from '../helpers/smtp.js';
import { addUser, signIn } from '../helpers/users.js';

/** The screens of the money follow-up (issue 19): payment QR code, open payments and reminders, refunds, mail schedules. */
describe('money follow-up in Chromium', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let session: BrowserSession;
  let campId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    session = await startBrowserSession({ subscriptionsPerYear: 5, env: { SMTP_URL: smtp.url } });
    campId = await createCamp(session.t.db, { periodId: await createPeriod(session.t.db, { name: 'Geldweek' }) });
  });
  afterAll(async () => {
    await session?.close();
    await smtp?.close();
  });

  const DAY = 24 * 60 * 60 * 1000;
  const bookedDaysAgo = (id: number, days: number) =>
    session.t.db
      .update(subscriptions)
      .set({ createdAt: new Date(Date.now() - days * DAY).toISOString() })
      .where(eq(subscriptions.id, id));

  const dataUrlBytes = (src: string | null) => Buffer.from(src!.replace(/^data:image\/png;base64,/, ''), 'base64');

  it("shows the payment QR code of the amount open on a transfer subscription's financial card, and none for cash", async () => {
    const transfer = await createSubscription(session.t.db, { campId, priceCents: 15000, paidAmountCents: 5000 });
    const cash = await createSubscription(session.t.db, { campId, paymentMethodId: PAYMENT_METHOD.cash });
    const page = await session.newPage();
    await page.goto(`/subscription-detail/${transfer.subscriptionId}`);
    const financial = card(page, 'Financieel');
    const image = financial.getByRole('img', { name: /^Betaal-QR-code/ });
    await image.waitFor();
    expect(await image.getAttribute('alt')).toBe(`Betaal-QR-code: € 100,00 met mededeling ${transfer.ogm}`);
    // Decoded as a banking app reads it: an EPC 'SEPA credit transfer' payload for € 100 and the OGM.
    const decoded = decodeQrPng(dataUrlBytes(await image.getAttribute('src'))).data.split('\n');
    expect(decoded.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
    expect(decoded).toContain('EUR100.00');
    expect(decoded).toContain(transfer.ogm.replace(/\D/g, ''));
    await expectNoSeriousAxeViolations(page, 'subscription detail with payment QR code');

    // The cash subscription asks for no transfer: once the card has its answer, it shows no code.
    const answered = page.waitForResponse((r) => r.url().includes(`/api/getPaymentQrCode?subscriptionId=${cash.subscriptionId}`));
    await page.goto(`/subscription-detail/${cash.subscriptionId}`);
    expect((await (await answered).json()).data).toEqual([]);
    await card(page, 'Financieel').getByText('Gestructureerde mededeling').waitFor();
    expect(
      await card(page, 'Financieel')
        .getByRole('img', { name: /^Betaal-QR-code/ })
        .count(),
    ).toBe(0);
  });

  it('lists open payments with filters, sends reminders to the chosen ones with progress, says which were skipped and why, and the parent receives the QR code', async () => {
    const year = new Date().getFullYear();
    const reminderCamp = await createCamp(session.t.db, { periodId: await createPeriod(session.t.db, { name: 'Herinneringsweek' }) });
    const parentEmail = 'laatbetaler@voorbeeld.be';
    const longAgo = await createSubscription(session.t.db, {
      campId: reminderCamp,
      priceCents: 12000,
      paidAmountCents: 2000,
      childLastname: 'Laatbetaler',
      parentEmail,
    });
    const recent = await createSubscription(session.t.db, { campId: reminderCamp, childLastname: 'Nieuwkomer' });
    const reminded = await createSubscription(session.t.db, { campId: reminderCamp, childLastname: 'Herinnerd' });
    await bookedDaysAgo(longAgo.subscriptionId, 20);
    await bookedDaysAgo(recent.subscriptionId, 2);
    await bookedDaysAgo(reminded.subscriptionId, 15);
    expect((await session.t.api.sendPaymentReminders({ subscriptionIds: [reminded.subscriptionId] })).status).toBe(200);

    const page = await session.newPage();
    await page.goto('/payments');
    await page.getByRole('navigation', { name: 'Betalingen' }).getByRole('link', { name: 'Openstaande betalingen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Openstaande betalingen' }).waitFor();
    expect(await page.getByRole('link', { name: 'Betalingen', exact: true }).getAttribute('aria-current')).toBe('page');
    const table = page.getByTestId('open-payments');
    await table.waitFor();
    await eventually(() => page.locator('#open-payments-camp option').count()).toBeGreaterThan(1);
    await page.getByLabel('Kamp', { exact: true }).selectOption(String(reminderCamp));
    const rows = table.locator('tbody tr');
    await eventually(() => rows.count()).toBe(3);
    const rowOf = (reference: string) => table.locator('tbody tr', { hasText: reference });
    const cells = async (reference: string) => (await rowOf(reference).locator('td').allTextContents()).map((c) => c.trim());
    const long = await cells(longAgo.reference);
    expect(long[3]).toMatch(/20 dagen geleden$/);
    expect(long.slice(4, 7)).toEqual(['€ 100,00', '0', '/']);
    expect(long[7]).toBe('Kan nu');
    const remindedCells = await cells(reminded.reference);
    expect(remindedCells[5]).toBe('1');
    expect(remindedCells[6]).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
    expect(remindedCells[7]).toMatch(/nog geen 7 dagen geleden$/);
    await expectNoSeriousAxeViolations(page, 'open payments');

    // Days overdue: booked at least 10 days ago leaves the recent booking out; then every shown row is chosen.
    await page.getByLabel('Minstens dagen sinds inschrijving').fill('10');
    await eventually(() => rows.count()).toBe(2);
    expect(await rowOf(recent.reference).count()).toBe(0);
    await page.getByLabel('Alle getoonde inschrijvingen kiezen').check();
    await page.getByText('2 inschrijvingen met een openstaand bedrag, 2 gekozen').waitFor();

    // 'Herinnering versturen' asks first, with the number of mails (issue 39 item 23); cancelled, nothing goes out.
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: 'Herinnering versturen' }).click();
    await dialog.getByRole('heading', { name: '2 mails versturen?' }).waitFor();
    expect(await dialog.textContent()).toContain('De ouders van 2 gekozen inschrijvingen krijgen een herinnering');
    await expectNoSeriousAxeViolations(page, 'reminders ask first');
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/reminders-ask.png` });
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await cells(longAgo.reference))[5]).toBe('0');
    // A failing server stops the run with a Dutch result; the ones not sent stay chosen.
    await refuseCalls(page, 'sendPaymentReminders', 503, 'De server is even niet bereikbaar.');
    await page.getByRole('button', { name: 'Herinnering versturen' }).click();
    await dialog.getByRole('button', { name: 'Mails versturen' }).click();
    const stopped = page.getByTestId('reminder-result');
    await stopped.waitFor();
    expect((await stopped.textContent())!.replace(/\s+/g, ' ')).toBe(
      'Versturen gestopt: De server is even niet bereikbaar. 2 herinneringen zijn niet verstuurd; ze blijven gekozen, probeer het zo nog eens.0 herinneringen verstuurd.',
    );
    await page.getByText('2 inschrijvingen met een openstaand bedrag, 2 gekozen').waitFor();
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/reminders-stopped.png` });
    await page.unroute('**/api/sendPaymentReminders');

    // The progress bar shows while the reminders go out (the answer is held until it was seen).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sendPaymentReminders', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Herinnering versturen' }).click();
    await dialog.getByRole('button', { name: 'Mails versturen' }).click();
    await page.getByRole('progressbar', { name: 'Herinneringen versturen' }).waitFor();
    release();
    const result = page.getByTestId('reminder-result');
    await result.waitFor();
    expect((await result.textContent())!.replace(/\s+/g, ' ')).toMatch(
      new RegExp(
        `^1 herinnering verstuurd\\. 1 overgeslagen:${reminded.reference}: Vorige herinnering op \\d{2}/\\d{2}/${year}: nog geen 7 dagen geleden$`,
      ),
    );
    await eventually(async () => (await cells(longAgo.reference))[5]).toBe('1');
    await expectNoSeriousAxeViolations(page, 'open payments after sending');

    // The parent's mail, read as a mail client reads it: the QR code is an inline image that decodes to the payment.
    await eventually(() => smtp.received.filter((m) => m.envelopeTo.includes(parentEmail)).length, 30_000).toBe(1);
    // skipImageLinks keeps the html as sent (cid: links), instead of inlining the images as data URLs.
    const mail = await simpleParser(smtp.received.find((m) => m.envelopeTo.includes(parentEmail))!.raw, { skipImageLinks: true });
    const qr = mail.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.cid).toBe('betaal-qr@kampbeheer');
    expect(String(mail.html)).toContain(`cid:${qr!.cid}`);
    const payload = decodeQrPng(qr!.content).data.split('\n');
    expect(payload).toContain('EUR100.00');
    expect(payload).toContain(longAgo.ogm.replace(/\D/g, ''));
  });

  it('makes a SEPA file of the chosen refunds that the pain.001 schema accepts, asks an account where none is valid, and marks a refund paid', async () => {
    const refundCamp = await createCamp(session.t.db, { periodId: await createPeriod(session.t.db, { name: 'Terugweek' }) });
    await session.t.db.update(camps).set({ cancellationFeeCents: 1500 }).where(eq(camps.id, refundCamp));
    const overpaid = await createSubscription(session.t.db, {
      campId: refundCamp,
      priceCents: 15000,
      paidAmountCents: 17000,
      paid: true,
      childLastname: 'Teveel',
    });
    await session.t.db
      .update(subscriptions)
      .set({ paidAccountNr: 'BE68539007547034' })
      .where(eq(subscriptions.id, overpaid.subscriptionId));
    const cancelled = await createSubscription(session.t.db, {
      campId: refundCamp,
      priceCents: 15000,
      paidAmountCents: 5000,
      cancelled: true,
      childLastname: 'Afgezegd',
    });

    const page = await session.newPage();
    await page.goto('/refunds');
    await page.getByRole('heading', { level: 1, name: 'Terugbetalingen' }).waitFor();
    const table = page.getByTestId('refunds');
    const rowOf = (reference: string) => table.locator('tbody tr', { hasText: reference });
    await rowOf(cancelled.reference).waitFor();
    const cancelledCells = (await rowOf(cancelled.reference).locator('td').allTextContents()).map((c) => c.trim());
    expect(cancelledCells[4]).toBe('GeannuleerdAnnulatiekost € 15,00');
    expect(cancelledCells.slice(5, 7)).toEqual(['€ 50,00', '€ 35,00']);
    expect(cancelledCells[7]).toContain('Geen geldig rekeningnummer: vul er een in.');
    const cancelledBox = page.getByLabel(`${cancelled.reference} kiezen`);
    expect(await cancelledBox.isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'refunds');

    const account = page.getByLabel(`IBAN voor ${cancelled.reference}`);
    await account.fill('BE12 3456');
    await rowOf(cancelled.reference).getByText('Foutief formaat: geen geldig IBAN-rekeningnummer.').waitFor();
    expect(await cancelledBox.isDisabled()).toBe(true);
    await account.fill('BE43 0689 9999 9501');
    await eventually(() => cancelledBox.isDisabled()).toBe(false);
    await cancelledBox.check();
    await page.getByLabel(`${overpaid.reference} kiezen`).check();
    await page.getByText('2 terugbetalingen gekozen, samen € 55,00').waitFor();

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'SEPA-bestand maken' }).click()]);
    const xml = await readFile((await file.path())!, 'utf8');
    expect(file.suggestedFilename()).toMatch(/\.xml$/);
    expect(schemaErrors(xml)).toBeNull();
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>55.00</CtrlSum>');
    expect(xml).toContain('<IBAN>BE43068999999501</IBAN>');
    expect(xml).toContain('<IBAN>BE68539007547034</IBAN>');
    await page.getByText(`${file.suggestedFilename()} gedownload`).waitFor();

    // Paid by the bank: the overpayment is booked back and leaves the list.
    await rowOf(overpaid.reference).getByRole('button', { name: 'Als betaald markeren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Terugbetaling als betaald markeren' });
    expect(await dialog.getByLabel('Bedrag (€)').inputValue()).toBe('20');
    await expectNoSeriousAxeViolations(page, 'mark refund paid');
    await dialog.getByRole('button', { name: 'Als betaald markeren' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => rowOf(overpaid.reference).count()).toBe(0);
    // What staff typed for another row stays until they save or leave (issue 39), and so does its choice.
    expect(await account.inputValue()).toBe('BE43 0689 9999 9501');
    expect(await cancelledBox.isChecked()).toBe(true);
    await page.getByText('1 terugbetaling gekozen, samen € 35,00').waitFor();
    const detail = await session.t.api.getSubscriptionFullDetail({ id: overpaid.subscriptionId });
    expect(detail.body.data[0]!.SUBSCRIPTION_SALDO).toBe(0);

    // The cancelled one refunded: its detail reads what happened, nothing owed and what was paid back (issue 39).
    await rowOf(cancelled.reference).getByRole('button', { name: 'Als betaald markeren' }).click();
    await dialog.getByRole('button', { name: 'Als betaald markeren' }).click();
    await eventually(() => rowOf(cancelled.reference).count()).toBe(0);
    await openDetail(page, cancelled);
    const financial = card(page, 'Financieel');
    await financial.getByText('Niets verschuldigd').waitFor();
    expect(await financial.getByTestId('refunded').textContent()).toBe('Terugbetaald: € 35,00');
    expect(await financialValue(page, 'Te betalen')).toBe('€ 15,00');
    expect(await financialValue(page, 'Saldo')).toBe('€ 0,00');
    await expectNoSeriousAxeViolations(page, 'a refunded cancellation');
  });

  it('shows a medewerker the refunds without the actions only a beheerder may take', async () => {
    // A refund of its own to list, whatever the test before left.
    await createSubscription(session.t.db, {
      campId: await createCamp(session.t.db),
      priceCents: 15000,
      paidAmountCents: 16000,
      paid: true,
      childLastname: 'Medewerkerzicht',
    });
    const email = 'medewerker-geld@kampbeheer.be';
    await addUser(session.t.db, email, 'medewerker');
    const token = await signIn(session.t, email);
    const page = await session.newPage({ signedIn: false });
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('kampbeheer.token', value), token);
    await page.goto('/refunds');
    await page.getByTestId('refunds').waitFor();
    expect(await page.getByRole('button', { name: 'SEPA-bestand maken' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Als betaald markeren' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
  });

  it("adds, changes and removes a camp's automatic mails in the camp form's 'Mail schedules', with what is planned", async () => {
    const nextYear = new Date().getFullYear() + 1;
    const scheduleCamp = await createCamp(session.t.db, {
      periodId: await createPeriod(session.t.db, { name: 'Planweek', startDate: `${nextYear}-07-06` }),
    });
    await createSubscription(session.t.db, { campId: scheduleCamp, childLastname: 'Gepland' });
    const stored = async () =>
      ((await session.t.api.getMailSchedules({ campId: scheduleCamp })).body.data as any[]).map((r) => ({
        MAILTEMPLATE_ID: r.MAILTEMPLATE_ID,
        TRIGGER: r.TRIGGER,
        DAYS: r.DAYS,
        TARGET: r.TARGET,
      }));

    const page = await session.newPage();
    await page.goto(`/camp-detail/${scheduleCamp}?subscriptionsYear=${nextYear}`);
    await page.getByRole('heading', { name: 'Mail schedules' }).waitFor();
    const section = page.getByTestId('mail-schedules');
    await section.getByText('Dit kamp heeft nog geen automatische mails.').waitFor();
    expect(await page.getByText('Deze functie komt asap online.').count()).toBe(0);

    await section.getByRole('button', { name: 'Automatische mail toevoegen' }).click();
    await eventually(() => section.getByLabel('Sjabloon').locator('option').count()).toBeGreaterThan(1);
    await section.getByLabel('Sjabloon').selectOption('herinnering');
    await section.getByLabel('Aantal dagen').fill('400');
    await section.getByLabel('Wanneer').selectOption({ label: 'dagen na de inschrijving, zolang niet betaald' });
    await section.getByLabel('Voor wie').selectOption({ label: 'Niet (volledig) betaald' });
    // Enter in a field saves the schedule, not the camp; too many days is refused and nothing is stored.
    await section.getByLabel('Aantal dagen').press('Enter');
    await section.getByText('Hoogstens 365 dagen.').waitFor();
    expect(await stored()).toEqual([]);
    await expectNoSeriousAxeViolations(page, 'camp mail schedules, adding');

    await section.getByLabel('Aantal dagen').fill('3');
    await section.getByRole('button', { name: 'Automatische mail opslaan' }).click();
    const row = section.locator('tbody tr');
    await eventually(() => row.count()).toBe(1);
    const cells = async () => (await row.locator('td').allTextContents()).map((c) => c.trim());
    expect((await cells()).slice(0, 4)).toEqual([
      'herinnering',
      '3 dagen na de inschrijving, zolang niet betaald',
      'Niet (volledig) betaald',
      '0',
    ]);
    expect((await cells())[4]).toMatch(/^1eerste op \d{2}\/\d{2}\/\d{4}$/);
    expect(await stored()).toEqual([{ MAILTEMPLATE_ID: 'herinnering', TRIGGER: 'afterBooking', DAYS: 3, TARGET: 'unpaid' }]);
    await expectNoSeriousAxeViolations(page, 'camp mail schedules, listed');

    await row.getByRole('button', { name: 'Wijzigen' }).click();
    expect(await section.getByLabel('Aantal dagen').inputValue()).toBe('3');
    await section.getByLabel('Aantal dagen').fill('5');
    await section.getByLabel('Wanneer').selectOption({ label: 'dagen voor het kamp begint' });
    await section.getByLabel('Voor wie').selectOption({ label: 'Iedereen' });
    await section.getByRole('button', { name: 'Automatische mail opslaan' }).click();
    await eventually(async () => (await cells())[1]).toBe('5 dagen voor het kamp begint');
    expect(await stored()).toEqual([{ MAILTEMPLATE_ID: 'herinnering', TRIGGER: 'beforeStart', DAYS: 5, TARGET: 'all' }]);

    await row.getByRole('button', { name: 'Verwijderen' }).click();
    await section.getByText('Dit kamp heeft nog geen automatische mails.').waitFor();
    expect(await stored()).toEqual([]);
  });
});
