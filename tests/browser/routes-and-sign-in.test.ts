import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/client.js';
import { TEST_ADMIN } from '../helpers/api.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { eventually } from '../helpers/page.js';

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();

describe('routes, ids and sign-in in Chromium', () => {
  let session: BrowserSession;
  let ids: { camp: number; theme: number; monitor: number; subscription: number };
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10 });
    const one = async (table: string) =>
      (await queryRows<{ id: number }>(session.t.db, sql.raw(`select min(id) as id from ${table} where id > 2`)))[0]!.id;
    ids = {
      camp: await one('camps'),
      theme: await one('themes'),
      monitor: await one('monitors'),
      subscription: await one('subscriptions'),
    };
  });
  afterAll(async () => session?.close());

  const signIn = async (page: Page) => {
    await page.getByLabel('Gebruikersnaam (e-mailadres)').fill(TEST_ADMIN.email);
    await page.getByLabel('Wachtwoord').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Aanmelden' }).click();
  };

  it('the root opens /login when signed out and the overview when signed in', async () => {
    const anonymous = await session.newPage({ signedIn: false });
    await anonymous.goto('/');
    await anonymous.waitForURL('**/login');
    const signedIn = await session.newPage();
    await signedIn.goto('/');
    await signedIn.waitForURL('**/subscription-overview');
  });

  it('an unknown path shows Pagina niet gevonden with a way back', async () => {
    const page = await session.newPage();
    await page.goto('/no-such-page');
    await eventually(() => heading(page)).toBe('Pagina niet gevonden');
    await expectNoSeriousAxeViolations(page, 'not found');
    await page.getByRole('link', { name: '<< Naar de inschrijvingen' }).click();
    await page.waitForURL('**/subscription-overview');
  });

  it('detail routes are case-sensitive and take no trailing slash', async () => {
    const page = await session.newPage();
    for (const url of [
      `/SUBSCRIPTION-DETAIL/${ids.subscription}`,
      `/Camp-Detail/${ids.camp}`,
      `/Theme-Detail/${ids.theme}`,
      `/Monitor-Detail/${ids.monitor}`,
      `/camp-detail/${ids.camp}/`,
      `/theme-detail/${ids.theme}/`,
    ]) {
      await page.goto(url);
      await eventually(() => heading(page)).toBe('Pagina niet gevonden');
    }
    // The exact route still opens the record.
    await page.goto(`/theme-detail/${ids.theme}`);
    await eventually(() => heading(page)).toMatch(/^Thema "/);
  });

  it('an id that is not decimal digits from 1 to 2147483647 shows the not-found state', async () => {
    const page = await session.newPage();
    const cases: [string, string][] = [
      [`/camp-detail/0x${ids.camp.toString(16)}`, 'Kamp niet gevonden'],
      [`/camp-detail/${ids.camp}.0`, 'Kamp niet gevonden'],
      ['/camp-detail/1e1', 'Kamp niet gevonden'],
      [`/theme-detail/0x${ids.theme.toString(16)}`, 'Thema niet gevonden'],
      [`/monitor-detail/0${ids.monitor}`, 'Monitor niet gevonden'],
      ['/subscription-detail/2147483648', 'Inschrijving niet gevonden'],
    ];
    for (const [url, text] of cases) {
      await page.goto(url);
      await eventually(() => page.getByText(text, { exact: true }).count()).toBe(1);
    }
  });

  it('the hamburger button is named in Dutch, and the sign-in field has the focus on load', async () => {
    const page = await session.newPage({ signedIn: false });
    await page.goto('/login');
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    await signIn(page);
    await page.waitForURL('**/subscription-overview');
    await page.setViewportSize({ width: 500, height: 800 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Kampen' }).click();
    await page.waitForURL('**/camps');
    expect(await page.getByRole('button', { name: 'Toggle navigation' }).count()).toBe(0);
  });

  it('signing in from a deep link lands on that link', async () => {
    const page = await session.newPage({ signedIn: false });
    await page.goto(`/camp-detail/${ids.camp}?subscriptionsYear=2025`);
    await page.waitForURL('**/login');
    expect(await page.getByText('Je sessie is verlopen, meld opnieuw aan.').count()).toBe(0);
    await signIn(page);
    await page.waitForURL(`**/camp-detail/${ids.camp}?subscriptionsYear=2025`);
  });

  it('an expired session says so on /login and returns to the page after signing in', async () => {
    const page = await session.newPage();
    await page.goto(`/theme-detail/${ids.theme}`);
    await eventually(() => heading(page)).toMatch(/^Thema "/);
    // The server forgets the session (expired); the next call answers 401.
    await session.t.db.execute(sql`delete from sessions`);
    await page.goto('/themes');
    await page.waitForURL('**/login');
    await eventually(() => page.getByRole('status').textContent()).toBe('Je sessie is verlopen, meld opnieuw aan.');
    await expectNoSeriousAxeViolations(page, 'session expired');
    await signIn(page);
    await page.waitForURL('**/themes');
  });
});
