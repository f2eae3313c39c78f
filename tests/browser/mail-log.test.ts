import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../server/src/db/schema.js';
import { createSubscription } from '../helpers/factory.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { startSmtpServer } from '../helpers/smtp.js';
import { card, openDetail } from '../helpers/page.js';

/**
 * The mail log of a subscription and the list of failed mails, against a real SMTP server that first
 * turns every recipient away (one attempt allowed, so a mail fails at once) and then accepts them.
 */
describe('mail log and failed mails in Chromium', () => {
  const smtpOptions = { refuse: true };
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let session: BrowserSession;
  beforeAll(async () => {
    smtp = await startSmtpServer(smtpOptions);
    session = await startBrowserSession({ subscriptionsPerYear: 10, env: { SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '1' } });
  });
  afterAll(async () => {
    await session?.close();
    await smtp?.close();
  });

  const statusesOf = async (subscriptionId: number) =>
    (await session.t.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.subscriptionId, subscriptionId))).map(
      (row) => row.status,
    );

  it('shows each mail with what, to whom, when and status; a failed one warns on the subscription and is listed, and sends again from both', async () => {
    const s = await createSubscription(session.t.db);
    const page = await session.newPage();
    await openDetail(page, s);
    const mails = card(page, 'Mails');
    await expect.poll(() => mails.textContent()).toContain('Voor deze inschrijving werd nog geen mail verstuurd.');
    expect(await page.getByTestId('failed-mail-warning').count()).toBe(0);

    // Two mails to the parent, both refused: the log shows them failed and the subscription warns.
    await card(page, 'Financieel').getByRole('button', { name: 'Confirmatiemail opnieuw versturen' }).click();
    await page.getByText('Confirmatiemail opnieuw verzonden.').waitFor();
    await card(page, 'Financieel').getByRole('button', { name: 'Confirmatiemail opnieuw versturen' }).click();
    await expect.poll(() => statusesOf(s.subscriptionId), { timeout: 20_000 }).toEqual(['failed', 'failed']);
    const rows = mails.locator('tbody tr');
    await expect.poll(() => mails.locator('[data-mail-status="failed"]').count(), { timeout: 20_000 }).toBe(2);
    const first = (await rows.first().locator('td').allTextContents()).map((text) => text.trim());
    expect(first[0]).toMatch(/^Bevestiging inschrijving /);
    expect(first[1]).toBe(s.parentEmail);
    expect(first[2]).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
    expect(first[3]).toBe('/');
    expect(first[4]).toMatch(/^MisluktOpgegeven na 1 poging: .*550/);
    const warning = page.getByTestId('failed-mail-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain(`2 mails aan de ouder konden niet verstuurd worden: 'Bevestiging inschrijving`);
    expect(await warning.textContent()).toContain(`aan ${s.parentEmail}`);
    await expectNoSeriousAxeViolations(page, 'subscription detail with failed mails');

    // The list of failed mails, from Beheer: both, with the subscription they belong to.
    await page.getByRole('button', { name: 'Beheer' }).click();
    await page.getByRole('link', { name: 'Mislukte mails' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1, name: 'Mislukte mails' }).waitFor();
    const listed = page.locator('main tbody tr', { hasText: s.reference });
    await expect.poll(() => listed.count()).toBe(2);
    expect(await listed.first().getByRole('link').textContent()).toBe(`${s.reference} - ${s.childFirstname} ${s.childLastname}`);
    await expectNoSeriousAxeViolations(page, 'failed mails');

    // The SMTP server accepts again: one mail is sent again from the list, the other from the subscription.
    smtpOptions.refuse = false;
    await listed
      .first()
      .getByRole('button', { name: /^Opnieuw versturen/ })
      .click();
    await expect.poll(() => listed.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await statusesOf(s.subscriptionId)).sort(), { timeout: 20_000 }).toEqual(['failed', 'sent']);

    await listed.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: new RegExp(s.reference) }).waitFor();
    // The detail may first show its cached log (both failed) while it loads the fresh one.
    await expect
      .poll(() => page.getByTestId('failed-mail-warning').textContent())
      .toContain('Een mail aan de ouder kon niet verstuurd worden');
    await card(page, 'Mails')
      .getByRole('button', { name: /^Opnieuw versturen/ })
      .click();
    await expect.poll(() => statusesOf(s.subscriptionId), { timeout: 20_000 }).toEqual(['sent', 'sent']);
    await expect.poll(() => card(page, 'Mails').locator('[data-mail-status="sent"]').count(), { timeout: 20_000 }).toBe(2);
    expect(await page.getByTestId('failed-mail-warning').count()).toBe(0);
    expect(
      await card(page, 'Mails')
        .getByRole('button', { name: /^Opnieuw versturen/ })
        .count(),
    ).toBe(0);
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes(s.parentEmail))).toHaveLength(2);

    await page.goto('/failed-mails');
    await page.getByRole('heading', { level: 1, name: 'Mislukte mails' }).waitFor();
    await expect.poll(() => page.locator('main tbody tr', { hasText: s.reference }).count()).toBe(0);
  });

  it('shows only what happened: a delivered mail is sent, a mail being sent waits without a failure, a failed attempt names its error', async () => {
    const s = await createSubscription(session.t.db);
    const hourLater = new Date(Date.now() + 3_600_000).toISOString();
    const mail = (subject: string) => ({
      templateId: 'bevestiging',
      subscriptionId: s.subscriptionId,
      recipient: s.parentEmail,
      subject,
      body: 'Tekst',
    });
    await session.t.db.insert(mailOutbox).values([
      { ...mail('Afgeleverd'), status: 'sent', attempts: 1, sentAt: new Date().toISOString() },
      // Claimed by the relay and on its way: its attempt counts already, nothing failed.
      { ...mail('Wordt verzonden'), status: 'outbox', attempts: 1, claimedUntil: hourLater },
      { ...mail('Opnieuw te proberen'), status: 'outbox', attempts: 2, error: 'Mailbox onbekend', nextAttemptAt: hourLater },
    ]);
    const page = await session.newPage();
    await openDetail(page, s);
    const mails = card(page, 'Mails');
    await expect.poll(() => mails.locator('tbody tr').count()).toBe(3);
    const statusOf = async (subject: string) =>
      ((await mails.locator('tbody tr', { hasText: subject }).locator('td').nth(4).textContent()) ?? '').trim();
    expect(await statusOf('Afgeleverd')).toBe('Verzonden');
    expect(await statusOf('Wordt verzonden')).toBe('In wachtrij');
    expect(await statusOf('Opnieuw te proberen')).toBe('In wachtrijVorige poging mislukt: Mailbox onbekend. Er volgt een nieuwe poging.');
    expect(await mails.textContent()).not.toContain('()');
    await expectNoSeriousAxeViolations(page, 'mail log with mails waiting, being sent and sent');
  });
});
