import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDER_BOY, GENDER_GIRL } from '@common/constants.js';
import * as schema from '../../server/src/db/schema.js';
import { createCamp, createPeriod, createSubscription, readSubscription } from '../helpers/factory.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { databaseDigest } from '../helpers/digest.js';
import { card, failCalls, field, fieldError, financialValue, holdCalls, openDetail } from '../helpers/page.js';

describe('subscription detail in Chromium: the cards', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 40 });
  });
  afterAll(async () => session?.close());

  const db = () => session.t.db;

  it('shows title, child, parent, money and camp of the subscription, read-only where the spec says so', async () => {
    const s = await createSubscription(db(), {
      priceCents: 14500,
      paidAmountCents: 14500,
      paid: true,
      paymentDate: '2025-06-02',
      paidAccountNr: 'BE68539007547034',
    });
    await db().update(schema.children).set({ genderId: GENDER_GIRL, birthdate: '2016-03-09' }).where(eq(schema.children.id, s.childId));
    const page = await session.newPage();
    await openDetail(page, s);
    await expectNoSeriousAxeViolations(page, 'detail');

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `Inschrijving ${s.reference} - ${s.childFirstname} ${s.childLastname}`,
    );
    expect(await page.getByText('Deze inschrijving is geannuleerd.').count()).toBe(0);
    const child = card(page, 'Gegevens kind');
    expect(await field(child, 'Voornaam').inputValue()).toBe(s.childFirstname);
    expect(await field(child, 'Geslacht').inputValue()).toBe('Meisje');
    expect(await field(child, 'Geslacht').getAttribute('readonly')).not.toBeNull();
    expect(await field(child, 'Geboortedatum').inputValue()).toBe('09/03/2016');
    expect(await field(child, 'Rijksregisternummer').getAttribute('readonly')).not.toBeNull();
    const parent = card(page, 'Gegevens ouder');
    expect(await field(parent, 'E-mail').inputValue()).toBe(s.parentEmail);
    expect(await field(parent, 'Rijksregisternummer').getAttribute('readonly')).not.toBeNull();

    expect(await financialValue(page, 'Prijs bij inschrijving')).toBe('€ 145,00');
    expect(await financialValue(page, 'Te betalen')).toBe('€ 145,00');
    expect(await financialValue(page, 'Saldo')).toBe('€ 0,00');
    expect(await financialValue(page, 'Betaaldatum')).toBe('02/06/2025');
    expect(await financialValue(page, 'Rekeningnummer')).toBe('BE68 5390 0754 7034');
    expect(await financialValue(page, 'Betaalwijze')).toBe('Overschrijving');

    await db().update(schema.children).set({ genderId: GENDER_BOY }).where(eq(schema.children.id, s.childId));
    await page.reload();
    await expect.poll(() => field(card(page, 'Gegevens kind'), 'Geslacht').inputValue(), { timeout: 10_000 }).toBe('Jongen');
  });

  it('shows the selected days of a flexible-booking camp as dates', async () => {
    const periodId = await createPeriod(db(), { startDate: '2026-07-06' });
    const campId = await createCamp(db(), {
      periodId,
      flexibleBooking: true,
      activeDays: '2026-07-06,2026-07-07,2026-07-08,2026-07-09,2026-07-10',
    });
    const s = await createSubscription(db(), {
      campId,
      selectedDays: '2026-07-06,2026-07-08',
      discounts: [{ kind: 'selected-days', amountCents: 9000 }],
    });
    const page = await session.newPage();
    await openDetail(page, s);
    const expected = ['06/07/2026', '08/07/2026'];
    expect(await page.locator('dt:text-is("Gekozen dagen") + dd').textContent()).toBe(expected.join(', '));
  });

  it('child card: touched fields show the Dutch messages, a bad form sends nothing, a good one saves with the save cycle', async () => {
    const s = await createSubscription(db());
    const page = await session.newPage();
    await openDetail(page, s);
    const child = card(page, 'Gegevens kind');
    const firstName = field(child, 'Voornaam');

    await firstName.fill('');
    expect(await fieldError(child, 'Voornaam')).toBe('');
    await firstName.blur();
    await expect.poll(() => fieldError(child, 'Voornaam')).toBe('Veld verplicht');
    await expectNoSeriousAxeViolations(page, 'child card with errors');
    await firstName.fill('A');
    await expect.poll(() => fieldError(child, 'Voornaam')).toBe('Inhoud te kort');
    await firstName.fill('A'.repeat(51));
    await expect.poll(() => fieldError(child, 'Voornaam')).toBe('Inhoud te lang');
    const before = await databaseDigest(db());
    await child.getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => fieldError(child, 'Voornaam')).toBe('Inhoud te lang');
    expect(await databaseDigest(db())).toEqual(before);

    await firstName.fill('Lotte-Marie');
    await field(child, 'Achternaam').fill("D'Hondt");
    const release = await holdCalls(page, 'updateSubscriber');
    await child.getByRole('button', { name: 'Opslaan' }).click();
    const busy = child.getByRole('button', { name: 'Bezig…' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await release();
    const saved = child.getByRole('button', { name: 'Opgeslagen' });
    await saved.waitFor();
    expect(await saved.isDisabled()).toBe(true);
    expect(await saved.getAttribute('class')).toContain('btn-success');
    await child.getByRole('button', { name: 'Opslaan' }).waitFor();

    const [row] = await db().select().from(schema.children).where(eq(schema.children.id, s.childId));
    expect([row?.firstname, row?.lastname]).toEqual(['Lotte-Marie', "D'Hondt"]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Inschrijving ${s.reference} - Lotte-Marie D'Hondt`);
    await page.reload();
    expect(await field(card(page, 'Gegevens kind'), 'Voornaam').inputValue()).toBe('Lotte-Marie');
  });

  it('parent card: messages for e-mail, phone and required fields, then saves and reads back', async () => {
    const s = await createSubscription(db());
    const page = await session.newPage();
    await openDetail(page, s);
    const parent = card(page, 'Gegevens ouder');

    for (const [label, value, message] of [
      ['E-mail', 'geen-mailadres', 'ongeldig mailadres'],
      ['Telefoon', 'bel me', 'Foutief formaat'],
      ['Telefoon 2', 'abc', 'Foutief formaat'],
      ['Gemeente', '', 'Veld verplicht'],
      ['Straat', 'K', 'Inhoud te kort'],
      ['Land', 'B'.repeat(51), 'Inhoud te lang'],
    ] as const) {
      await field(parent, label).fill(value);
      await field(parent, label).blur();
      await expect.poll(() => fieldError(parent, label)).toBe(message);
    }
    await expectNoSeriousAxeViolations(page, 'parent card with errors');
    const before = await databaseDigest(db());
    await parent.getByRole('button', { name: 'Opslaan' }).click();
    expect(await databaseDigest(db())).toEqual(before);

    await field(parent, 'E-mail').fill('nieuw.adres@voorbeeld.be');
    await field(parent, 'Telefoon').fill('+32 475 12 34 56');
    await field(parent, 'Telefoon 2').fill('');
    await field(parent, 'Gemeente').fill('Sint-Niklaas');
    await field(parent, 'Straat').fill('Kerkstraat');
    await field(parent, 'Huisnummer').fill('7');
    await field(parent, 'Land').fill('België');
    await parent.getByRole('button', { name: 'Opslaan' }).click();
    await parent.getByRole('button', { name: 'Opgeslagen' }).waitFor();
    await parent.getByRole('button', { name: 'Opslaan' }).waitFor();
    const [row] = await db().select().from(schema.parents).where(eq(schema.parents.id, s.parentId));
    expect(row).toMatchObject({
      email: 'nieuw.adres@voorbeeld.be',
      phone: '+32 475 12 34 56',
      phone2: '',
      city: 'Sint-Niklaas',
      street: 'Kerkstraat',
      housenr: '7',
    });
  });

  it('other data card: lunch preference from the list and the remark save and read back', async () => {
    const lunch = await db().select().from(schema.lunchPreferences).orderBy(schema.lunchPreferences.id);
    const s = await createSubscription(db(), { lunchPreferenceId: lunch[0]!.id });
    const page = await session.newPage();
    await openDetail(page, s);
    const other = card(page, 'Andere gegevens');
    const select = field(other, 'Lunchvoorkeur');
    // The choices arrive with their own call, after the card.
    await expect
      .poll(() => select.locator('option').allTextContents())
      .toEqual(['Kies een lunchvoorkeur', ...lunch.map((l) => l.description)]);
    const { lunchPreferenceId } = (await readSubscription(db(), s.subscriptionId))!;
    expect(await select.inputValue()).toBe(String(lunchPreferenceId));

    const choice = lunch.find((l) => l.id !== lunchPreferenceId)!;
    await select.selectOption(String(choice.id));
    await field(other, 'Opmerking').fill('Wordt opgehaald door de buurvrouw');
    await other.getByRole('button', { name: 'Opslaan' }).click();
    await other.getByRole('button', { name: 'Opgeslagen' }).waitFor();
    expect(await readSubscription(db(), s.subscriptionId)).toMatchObject({
      lunchPreferenceId: choice.id,
      remark: 'Wordt opgehaald door de buurvrouw',
    });

    await select.focus();
    await select.selectOption('');
    await select.blur();
    await expect.poll(() => fieldError(other, 'Lunchvoorkeur')).toBe('Veld verplicht');
  });

  it('a failing save shows Opslaan mislukt on that card, the button returns and the form stays editable', async () => {
    const [lunch] = await db().select().from(schema.lunchPreferences).limit(1);
    // The card 'Andere gegevens' sends only with a lunch preference chosen, as every booking has one.
    const s = await createSubscription(db(), { lunchPreferenceId: lunch!.id });
    const page = await session.newPage();
    await openDetail(page, s);
    const before = await databaseDigest(db());
    for (const [title, path, label, value] of [
      ['Gegevens kind', 'updateSubscriber', 'Voornaam', 'Noor'],
      ['Gegevens ouder', 'updateSubscriberParent', 'Voornaam', 'Katrien'],
      ['Andere gegevens', 'updateSubscription', 'Opmerking', 'Mag niet zwemmen'],
    ] as const) {
      await failCalls(page, path);
      const scope = card(page, title);
      await field(scope, label).fill(value);
      await scope.getByRole('button', { name: 'Opslaan' }).click();
      await expect.poll(() => scope.getByRole('alert').textContent()).toBe('Opslaan mislukt, probeer opnieuw.');
      expect(await scope.getByRole('button', { name: 'Opslaan' }).isEnabled()).toBe(true);
      expect(await field(scope, label).isEditable()).toBe(true);
      await expectNoSeriousAxeViolations(page, `${title} save failed`);
      await page.unroute(`**/api/${path}`);
    }
    expect(await databaseDigest(db())).toEqual(before);
  });

  it('an unknown, deleted or malformed id shows that the subscription was not found', async () => {
    const page = await session.newPage();
    for (const id of ['999999', 'abc']) {
      await page.goto(`/subscription-detail/${id}`);
      await page.getByRole('heading', { name: 'Inschrijving niet gevonden' }).waitFor();
    }
    await expectNoSeriousAxeViolations(page, 'not found');
  });

  it('the back button closes a tab opened from the overview, and goes to the overview when opened directly', async () => {
    const s = await createSubscription(db());
    const page = await session.newPage();
    await page.goto('/subscription-overview');
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.evaluate((id) => window.open(`/subscription-detail/${id}`, '_blank'), s.subscriptionId),
    ]);
    await tab!.getByRole('heading', { level: 1, name: new RegExp(s.reference) }).waitFor();
    const closed = tab!.waitForEvent('close');
    // The click closes the tab, which may be gone before the driver's click returns (it failed so once under load);
    // whether it closed is what counts: a tab left open times the test out.
    await tab!
      .getByRole('button', { name: '<< Terug naar overzicht' })
      .click()
      .catch(() => undefined);
    await closed;

    await openDetail(page, s);
    await page.getByRole('button', { name: '<< Terug naar overzicht' }).click();
    await page.waitForURL('**/subscription-overview');
  });
});
