import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_TEMPLATES, PAYMENT_METHOD } from '@common/constants.js';
import { subscriptionMessages } from '../../server/src/domain/subscription-messages.js';
import { createSubscription, discountsOf, mailsOf, readSubscription } from '../helpers/factory.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { databaseDigest } from '../helpers/digest.js';
import { card, DELETE_SUBSCRIPTION_TRUTH, failCalls, field, fieldError, financialValue, openDetail } from '../helpers/page.js';

describe('subscription detail in Chromium: money, mails, cancel and delete', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 60 });
  });
  afterAll(async () => session?.close());

  const db = () => session.t.db;

  it('shows the payment-status badge of each status with its colour and amount', async () => {
    const page = await session.newPage();
    for (const [setup, text, variant] of [
      [{ priceCents: 12500, paidAmountCents: 12500, paid: true }, 'Betaald', 'bg-success'],
      [{ priceCents: 12500, paidAmountCents: 0, paid: false }, 'Niet betaald: € 125,00', 'bg-danger'],
      [{ priceCents: 12500, paidAmountCents: 5000, paid: true }, 'Openstaand saldo: € 75,00', 'bg-warning'],
      [{ priceCents: 12500, paidAmountCents: 15000, paid: true }, 'Te veel betaald, terug te storten: € 25,00', 'bg-warning'],
    ] as const) {
      const s = await createSubscription(db(), setup);
      await openDetail(page, s);
      const badge = card(page, 'Financieel').locator('.badge');
      expect(await badge.textContent()).toBe(text);
      expect(await badge.getAttribute('class')).toContain(variant);
      await expectNoSeriousAxeViolations(page, `badge ${text}`);
    }
  });

  it('converts a transfer to cash (the parent is mailed), then back to transfer (the modal asks to resend by hand)', async () => {
    const s = await createSubscription(db(), { paymentMethodId: PAYMENT_METHOD.bankTransfer });
    const page = await session.newPage();
    await openDetail(page, s);
    const financial = card(page, 'Financieel');
    expect(await financial.getByRole('button', { name: 'Omzetten naar overschrijving' }).count()).toBe(0);

    await financial.getByRole('button', { name: 'Omzetten naar cash' }).click();
    const toCash = page.getByRole('dialog', { name: 'Omzetten naar cash betaling' });
    expect(await toCash.textContent()).toContain(s.parentEmail);
    await expectNoSeriousAxeViolations(page, 'convert to cash modal');
    await toCash.getByRole('button', { name: 'Omzetten naar cash' }).click();
    await toCash.waitFor({ state: 'hidden' });
    await expect.poll(() => financialValue(page, 'Betaalwijze')).toBe('Contante betaling');
    expect((await readSubscription(db(), s.subscriptionId))?.paymentMethodId).toBe(PAYMENT_METHOD.cash);
    expect(await mailsOf(db(), s.subscriptionId)).toEqual([{ recipient: s.parentEmail, templateId: DEFAULT_MAIL_TEMPLATES.convertCash }]);

    expect(await financial.getByRole('button', { name: 'Omzetten naar cash' }).count()).toBe(0);
    await financial.getByRole('button', { name: 'Omzetten naar overschrijving' }).click();
    const toTransfer = page.getByRole('dialog', { name: 'Omzetten naar overschrijving' });
    expect(await toTransfer.textContent()).toContain('Verstuur daarna zelf de confirmatiemail opnieuw');
    await toTransfer.getByRole('button', { name: 'Omzetten naar overschrijving' }).click();
    await toTransfer.waitFor({ state: 'hidden' });
    await expect.poll(() => financialValue(page, 'Betaalwijze')).toBe('Overschrijving');
    expect((await readSubscription(db(), s.subscriptionId))?.paymentMethodId).toBe(PAYMENT_METHOD.bankTransfer);
    expect(await mailsOf(db(), s.subscriptionId)).toHaveLength(1);
  });

  it("'Bedragen gelijk zetten' makes the paid amount the amount to pay", async () => {
    const s = await createSubscription(db(), { priceCents: 11000, paidAmountCents: 3000, paid: false });
    const page = await session.newPage();
    await openDetail(page, s);
    await card(page, 'Financieel').getByRole('button', { name: 'Bedragen gelijk zetten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bedragen gelijk zetten' });
    await dialog.getByRole('button', { name: 'Bedragen gelijk zetten' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => financialValue(page, 'Betaald')).toBe('€ 110,00');
    expect(await financialValue(page, 'Saldo')).toBe('€ 0,00');
    expect(await card(page, 'Financieel').locator('.badge').textContent()).toBe('Betaald');
    expect(await readSubscription(db(), s.subscriptionId)).toMatchObject({ paidAmountCents: 11000, paid: true });
  });

  it('resends the confirmation mail to the parent', async () => {
    const s = await createSubscription(db());
    const page = await session.newPage();
    await openDetail(page, s);
    await card(page, 'Financieel').getByRole('button', { name: 'Confirmatiemail opnieuw versturen' }).click();
    await page.getByText('Confirmatiemail opnieuw verzonden.').waitFor();
    await expectNoSeriousAxeViolations(page, 'confirmation resent');
    expect(await mailsOf(db(), s.subscriptionId)).toEqual([{ recipient: s.parentEmail, templateId: DEFAULT_MAIL_TEMPLATES.confirm }]);
  });

  it('adds a discount for each reason; the amount to pay drops at once and the reason is the remark', async () => {
    const s = await createSubscription(db(), { priceCents: 15000 });
    const page = await session.newPage();
    await openDetail(page, s);
    const financial = card(page, 'Financieel');
    const reasons = ['Eigen lunchpakket', 'Axibonnen', 'Moni korting', 'Vrijetijdspas', 'Halve dag'];
    expect(await field(financial, 'Reden').locator('option').allTextContents()).toEqual(['Kies een reden', ...reasons, 'Andere...']);
    expect(await field(financial, 'Andere reden').count()).toBe(0);

    let toPay = 150;
    for (const [i, reason] of reasons.entries()) {
      await field(financial, 'Bedrag (€)').fill(i === 0 ? '2,5' : '5');
      await field(financial, 'Reden').selectOption(reason);
      await financial.getByRole('button', { name: 'Korting toevoegen' }).click();
      await financial.getByRole('button', { name: 'Opgeslagen' }).waitFor();
      toPay -= i === 0 ? 2.5 : 5;
      expect(await financialValue(page, 'Te betalen')).toBe(`€ ${toPay.toFixed(2).replace('.', ',')}`);
      await financial.getByRole('button', { name: 'Korting toevoegen' }).waitFor();
      expect(await field(financial, 'Bedrag (€)').inputValue()).toBe('');
    }

    await field(financial, 'Reden').selectOption('Andere...');
    const other = field(financial, 'Andere reden');
    await other.fill('x');
    await other.blur();
    await expect.poll(() => fieldError(financial, 'Andere reden')).toBe('Inhoud te kort');
    await expectNoSeriousAxeViolations(page, 'discount form with Andere...');
    await field(financial, 'Bedrag (€)').fill('10');
    await other.fill('Tweede kind, afspraak met de gemeente');
    await financial.getByRole('button', { name: 'Korting toevoegen' }).click();
    await financial.getByRole('button', { name: 'Opgeslagen' }).waitFor();
    expect(await financialValue(page, 'Te betalen')).toBe('€ 117,50');
    expect(await financialValue(page, 'Korting')).toBe('€ 32,50');

    expect(await discountsOf(db(), s.subscriptionId)).toEqual([
      { amountCents: 250, remark: 'Eigen lunchpakket' },
      ...reasons.slice(1).map((remark) => ({ amountCents: 500, remark })),
      { amountCents: 1000, remark: 'Tweede kind, afspraak met de gemeente' },
    ]);
    await expect.poll(() => financial.locator('caption + thead + tbody tr').count()).toBe(6);
  });

  it('the discount form shows its messages after touch, sends nothing while wrong, and shows why the server refuses', async () => {
    const s = await createSubscription(db());
    const page = await session.newPage();
    await openDetail(page, s);
    const financial = card(page, 'Financieel');
    const amount = field(financial, 'Bedrag (€)');
    await amount.focus();
    await amount.blur();
    await expect.poll(() => fieldError(financial, 'Bedrag (€)')).toBe('Veld verplicht');
    await amount.fill('12345');
    await expect.poll(() => fieldError(financial, 'Bedrag (€)')).toBe('Inhoud te lang');
    await amount.fill('abc');
    await expect.poll(() => fieldError(financial, 'Bedrag (€)')).toBe('Foutief formaat');
    expect(await fieldError(financial, 'Reden')).toBe('');
    const before = await databaseDigest(db());
    await financial.getByRole('button', { name: 'Korting toevoegen' }).click();
    await expect.poll(() => fieldError(financial, 'Reden')).toBe('Veld verplicht');
    expect(await databaseDigest(db())).toEqual(before);

    // Above the amount to pay: the server refuses, and says why at the amount.
    await amount.fill('9999');
    await field(financial, 'Reden').selectOption('Vrijetijdspas');
    await financial.getByRole('button', { name: 'Korting toevoegen' }).click();
    await expect.poll(() => financial.getByRole('alert').allTextContents()).toContain('Opslaan mislukt, probeer opnieuw.');
    expect(await fieldError(financial, 'Bedrag (€)')).toBe(subscriptionMessages.discountAboveAmountToPay);
    expect(await financial.getByRole('button', { name: 'Korting toevoegen' }).isEnabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'discount refused');
    expect(await databaseDigest(db())).toEqual(before);
  });

  it("a refused discount's alert goes when a later, unrelated action fails: the card speaks of the last thing done", async () => {
    const s = await createSubscription(db());
    const page = await session.newPage();
    await openDetail(page, s);
    const financial = card(page, 'Financieel');
    await field(financial, 'Bedrag (€)').fill('9999');
    await field(financial, 'Reden').selectOption('Vrijetijdspas');
    await financial.getByRole('button', { name: 'Korting toevoegen' }).click();
    await expect.poll(() => financial.getByRole('alert').allTextContents()).toEqual(['Opslaan mislukt, probeer opnieuw.']);

    await failCalls(page, 'resendConfirmationEmail');
    await financial.getByRole('button', { name: 'Confirmatiemail opnieuw versturen' }).click();
    await expect.poll(() => financial.getByRole('alert').allTextContents()).toEqual(['Mail opnieuw versturen mislukt, probeer opnieuw.']);
    // The amount's own message still says why that discount was refused.
    expect(await fieldError(financial, 'Bedrag (€)')).toBe(subscriptionMessages.discountAboveAmountToPay);
    await page.unroute('**/api/resendConfirmationEmail');
  });

  it('cancels after confirmation: warning, a disabled Geannuleerd button, and no cancel button on a later visit', async () => {
    const s = await createSubscription(db());
    const page = await session.newPage();
    await openDetail(page, s);
    await page.getByRole('button', { name: 'Inschrijving annuleren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inschrijving annuleren' });
    await dialog.waitFor();
    await expectNoSeriousAxeViolations(page, 'cancel modal');
    await dialog.getByRole('button', { name: 'Inschrijving annuleren' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Deze inschrijving is geannuleerd.').waitFor();
    const cancelled = page.getByRole('button', { name: 'Geannuleerd' });
    expect(await cancelled.isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'cancelled');
    expect(await readSubscription(db(), s.subscriptionId)).toMatchObject({ cancelled: true });
    expect(await mailsOf(db(), s.subscriptionId)).toEqual([{ recipient: s.parentEmail, templateId: DEFAULT_MAIL_TEMPLATES.cancel }]);

    await page.reload();
    await page.getByText('Deze inschrijving is geannuleerd.').waitFor();
    expect(await page.getByRole('button', { name: /Inschrijving annuleren|Geannuleerd/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Inschrijving verwijderen' }).isEnabled()).toBe(true);
  });

  it('the cancel modal can be closed without cancelling anything', async () => {
    const s = await createSubscription(db());
    const page = await session.newPage();
    await openDetail(page, s);
    const before = await databaseDigest(db());
    await page.getByRole('button', { name: 'Inschrijving annuleren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terug', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await databaseDigest(db())).toEqual(before);
  });

  it('deletes after confirmation: the overlay covers a disabled page; the id is not found afterwards', async () => {
    const s = await createSubscription(db());
    const page = await session.newPage();
    await openDetail(page, s);
    await page.getByRole('button', { name: 'Inschrijving verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inschrijving verwijderen' });
    // The same true thing as the overview's dialog (issue 39).
    expect(await dialog.locator('.modal-body').textContent()).toMatch(
      new RegExp(`^Wil je de inschrijving ${s.reference} van Lotte Testkind \\(.+\\) verwijderen\\? `),
    );
    expect(await dialog.locator('.modal-body').textContent()).toContain(DELETE_SUBSCRIPTION_TRUTH);
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByText('Inschrijving is verwijderd').waitFor();
    expect(await page.locator('fieldset').first().getAttribute('disabled')).not.toBeNull();
    expect(await page.locator('fieldset').first().getAttribute('inert')).not.toBeNull();
    expect(await field(card(page, 'Gegevens kind'), 'Voornaam').isDisabled()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(s.reference);
    await expectNoSeriousAxeViolations(page, 'deleted');
    expect(await readSubscription(db(), s.subscriptionId)).toBeUndefined();

    await page.reload();
    await page.getByRole('heading', { name: 'Inschrijving niet gevonden' }).waitFor();
  });

  it('every failing action shows its message of spec section 8 and its button returns to normal', async () => {
    const s = await createSubscription(db(), { paymentMethodId: PAYMENT_METHOD.bankTransfer });
    const cash = await createSubscription(db(), { paymentMethodId: PAYMENT_METHOD.cash });
    const page = await session.newPage();
    const before = await databaseDigest(db());

    const modalActions = [
      [s, 'convertToCash', 'Omzetten naar cash', 'Omzetten naar cash', 'Converteren naar cash mislukt, probeer opnieuw.'],
      [
        cash,
        'convertToBankTransfer',
        'Omzetten naar overschrijving',
        'Omzetten naar overschrijving',
        'Converteren naar overschrijving mislukt, probeer opnieuw.',
      ],
      [
        s,
        'paymentComplete',
        'Bedragen gelijk zetten',
        'Bedragen gelijk zetten',
        'Betaald bedrag gelijk zetten aan te betalen bedrag mislukt, probeer opnieuw.',
      ],
      [s, 'cancelSubscription', 'Inschrijving annuleren', 'Inschrijving annuleren', 'Inschrijving annuleren mislukt, probeer opnieuw.'],
      [s, 'deleteSubscription', 'Inschrijving verwijderen', 'Verwijderen', 'Inschrijving verwijderen mislukt, probeer opnieuw.'],
    ] as const;
    for (const [subscription, path, button, confirm, message] of modalActions) {
      await failCalls(page, path);
      await openDetail(page, subscription);
      await page.getByRole('button', { name: button, exact: true }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: confirm, exact: true }).click();
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(message);
      expect(await dialog.getByRole('button', { name: confirm, exact: true }).isEnabled()).toBe(true);
      await expectNoSeriousAxeViolations(page, `${path} failed`);
      await page.unroute(`**/api/${path}`);
    }

    await failCalls(page, 'resendConfirmationEmail');
    await openDetail(page, s);
    const financial = card(page, 'Financieel');
    await financial.getByRole('button', { name: 'Confirmatiemail opnieuw versturen' }).click();
    await expect.poll(() => financial.getByRole('alert').textContent()).toBe('Mail opnieuw versturen mislukt, probeer opnieuw.');
    expect(await financial.getByRole('button', { name: 'Confirmatiemail opnieuw versturen' }).isEnabled()).toBe(true);

    await failCalls(page, 'addDiscount');
    await field(financial, 'Bedrag (€)').fill('5');
    await field(financial, 'Reden').selectOption('Halve dag');
    await financial.getByRole('button', { name: 'Korting toevoegen' }).click();
    await expect.poll(() => financial.getByRole('alert').allTextContents()).toContain('Opslaan mislukt, probeer opnieuw.');
    expect(await financial.getByRole('button', { name: 'Korting toevoegen' }).isEnabled()).toBe(true);
    expect(await field(financial, 'Bedrag (€)').inputValue()).toBe('5');
    await expectNoSeriousAxeViolations(page, 'discount failed');

    expect(await databaseDigest(db())).toEqual(before);
  });
});
