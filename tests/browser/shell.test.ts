import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../helpers/api.js';
import { createCamp } from '../helpers/factory.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';

describe('sign-in and app shell in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10 });
  });
  afterAll(async () => session?.close());

  it('a wrong password shows Login niet correct and stays on /login', async () => {
    const page = await session.newPage({ signedIn: false });
    await page.goto('/login');
    await expectNoSeriousAxeViolations(page, 'login');
    await page.getByRole('button', { name: 'Aanmelden' }).click();
    await expect.poll(() => page.getByText('Veld verplicht').count()).toBe(2);
    // After a submit the fields are checked as they change; a submit with an empty field puts the focus on it.
    await page.getByLabel('Gebruikersnaam (e-mailadres)').fill(TEST_ADMIN.email);
    await expect.poll(() => page.getByText('Veld verplicht').count()).toBe(1);
    await page.getByRole('button', { name: 'Aanmelden' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await page.getByLabel('Wachtwoord').fill('wrong password');
    await expect.poll(() => page.getByText('Veld verplicht').count()).toBe(0);
    await page.getByRole('button', { name: 'Aanmelden' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Login niet correct');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('an anonymous visitor of an admin page is sent to /login', async () => {
    const page = await session.newPage({ signedIn: false });
    await page.goto('/camps');
    await page.waitForURL('**/login');
  });

  it('signs in through the form, switches the camp year, keeps it on reload, and signs out', async () => {
    const page = await session.newPage({ signedIn: false });
    await page.goto('/login');
    await page.getByLabel('Gebruikersnaam (e-mailadres)').fill(TEST_ADMIN.email);
    await page.getByLabel('Wachtwoord').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Aanmelden' }).click();
    await page.waitForURL('**/subscription-overview');
    const nav = page.getByRole('navigation');
    await expect.poll(() => nav.getByRole('link', { name: 'Inschrijvingen' }).getAttribute('class')).toContain('active');
    await expectNoSeriousAxeViolations(page, 'shell');

    const thisYear = new Date().getFullYear();
    await page.getByRole('button', { name: `Kampjaar: ${thisYear}` }).click();
    const years = await page.locator('#camp-year + .dropdown-menu .dropdown-item').allTextContents();
    expect(years[0]).toBe('2021');
    expect(years.at(-1)).toBe(String(thisYear + 1));
    await page.getByRole('button', { name: '2022', exact: true }).click();
    await page.waitForURL('**/subscription-overview?subscriptionsYear=2022');
    await page.getByRole('button', { name: 'Kampjaar: 2022' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('kampbeheer.admin.subscriptionsYear'))).toBe('2022');

    await page.goto('/camps');
    await page.getByRole('button', { name: 'Kampjaar: 2022' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Kampen' }).getAttribute('class')).toContain('active');
    await page.goto(`/camp-detail/${await createCamp(session.t.db)}`);
    expect(await nav.getByRole('link', { name: 'Kampen' }).getAttribute('class')).toContain('active');

    await page.goto('/login');
    await page.waitForURL('**/subscription-overview');

    await page.getByRole('button', { name: 'Afmelden' }).click();
    await page.waitForURL('**/login');
    await page.goto('/subscription-overview');
    await page.waitForURL('**/login');
  });
});
