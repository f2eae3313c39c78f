import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createSubscription } from '../helpers/factory.js';
import { eventually, field, fieldError, openDetail } from '../helpers/page.js';

/**
 * Issue 39, messages that explain: a company number's check digits, a refusal that says why beside 'Opslaan mislukt',
 * and the star on every field a form cannot save without.
 */
describe('messages that explain, and required fields, in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 5 });
  });
  afterAll(async () => session?.close());

  /** The labels of the fields of a scope that show a message after a save of empty fields, and whether each has a star. */
  async function refusedLabels(scope: Locator): Promise<{ label: string; star: boolean }[]> {
    return scope.evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>('.is-invalid, [aria-invalid="true"]')].map((input) => {
        const label = input.id ? root.querySelector<HTMLElement>(`label[for="${CSS.escape(input.id)}"]`) : null;
        const text = (label?.textContent ?? input.getAttribute('aria-label') ?? input.id).trim();
        return { label: text.replace(/\*$/, ''), star: text.endsWith('*') };
      }),
    );
  }
  const withoutStar = (fields: { label: string; star: boolean }[]) => fields.filter((f) => !f.star).map((f) => f.label);

  it('a company number with a wrong check number says so, one that is too short that it needs 10 digits', async () => {
    const page = await session.newPage();
    await page.goto('/settings');
    const companyNumber = field(page, 'Ondernemingsnummer (KBO)');
    await companyNumber.fill('0123.456.789');
    await companyNumber.blur();
    await eventually(() => fieldError(page, 'Ondernemingsnummer (KBO)')).toBe(
      'Dit ondernemingsnummer bestaat niet: de laatste twee cijfers (het controlegetal) passen niet bij de eerste acht. Kijk het nummer na, bijvoorbeeld in de KBO.',
    );
    await expectNoSeriousAxeViolations(page, 'settings with a wrong check number');
    await companyNumber.fill('0123.456');
    await eventually(() => fieldError(page, 'Ondernemingsnummer (KBO)')).toBe(
      'Foutief formaat: een ondernemingsnummer heeft 10 cijfers, bijvoorbeeld 0123.456.749.',
    );
    await companyNumber.fill('0123.456.749');
    await eventually(() => fieldError(page, 'Ondernemingsnummer (KBO)')).toBe('');
  });

  it('a refusal says why beside the failure message: a cancellation someone else made meanwhile', async () => {
    const s = await createSubscription(session.t.db);
    const page = await session.newPage();
    await openDetail(page, s);
    // Another tab (here: the API) cancels first; this tab still offers it.
    expect((await session.t.api.cancelSubscription({ SUBSCRIPTION_ID: s.subscriptionId })).status).toBe(200);
    await page.getByRole('button', { name: 'Inschrijving annuleren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inschrijving annuleren' });
    await dialog.getByRole('button', { name: 'Inschrijving annuleren' }).click();
    await eventually(() => dialog.getByRole('alert').textContent()).toBe(
      'Inschrijving annuleren mislukt, probeer opnieuw. Deze inschrijving is al geannuleerd.',
    );
    await expectNoSeriousAxeViolations(page, 'a refusal that explains');
  });

  it('every field a form refuses to leave empty carries the star', async () => {
    const page: Page = await session.newPage();
    const missing: string[] = [];

    // Inschrijving toevoegen, sent without anything chosen or typed: the server names every field it needs.
    await page.goto('/subscription-new');
    await page.getByRole('heading', { name: /^Inschrijving toevoegen/ }).waitFor();
    const kamp = page.getByLabel(/^Kamp/);
    await eventually(() => kamp.locator('option').count()).toBeGreaterThan(1);
    if (!(await page.locator('label', { hasText: /^Kamp/ }).first().textContent())!.trim().endsWith('*')) missing.push('Kamp');
    await kamp.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Nieuwe ouder' }).click();
    await page.getByRole('button', { name: 'Inschrijving opslaan' }).click();
    await eventually(async () => (await refusedLabels(page.locator('main'))).length).toBeGreaterThan(5);
    const registration = await refusedLabels(page.locator('main'));
    expect(registration.map((f) => f.label)).toEqual(expect.arrayContaining(['Lunchvoorkeur', 'Voornaam']));
    missing.push(...withoutStar(registration).map((l) => `Inschrijving toevoegen › ${l}`));
    await expectNoSeriousAxeViolations(page, 'registration refused');

    // A camp's automatic mail added without template: the editor names what it needs.
    const campId = await createCamp(session.t.db);
    await page.goto(`/camp-detail/${campId}`);
    const schedules = page.locator('section', { hasText: 'Mail schedules' });
    await schedules.getByRole('button', { name: 'Automatische mail toevoegen' }).click();
    for (const label of ['Sjabloon', 'Aantal dagen']) {
      const text = (await schedules.locator('label', { hasText: label }).first().textContent())!.trim();
      if (!text.endsWith('*')) missing.push(`Automatische mail › ${label}`);
    }

    // The money and password forms whose fields the server requires.
    await page.goto('/account');
    for (const label of ['Huidig wachtwoord', 'Nieuw wachtwoord']) {
      const text = (await page.locator('label', { hasText: label }).first().textContent())!.trim();
      if (!text.endsWith('*')) missing.push(`Mijn account › ${label}`);
    }
    expect(missing).toEqual([]);
  });

  it('the camp form marks what it needs and leaves the optional cancellation fee unmarked', async () => {
    const campId = await createCamp(session.t.db);
    const page = await session.newPage();
    await page.goto(`/camp-detail/${campId}`);
    const form = page.locator('form').first();
    await field(form, 'Annulatiekost (€)').waitFor();
    const text = async (label: string) => (await form.locator('label', { hasText: label }).first().textContent())!.trim();
    expect(await text('Annulatiekost (€)')).toBe('Annulatiekost (€)');
    expect(await text('Aantal plaatsen')).toBe('Aantal plaatsen*');
    expect(await text('Fiscale maximumkorting (€)')).toBe('Fiscale maximumkorting (€)*');
  });
});
