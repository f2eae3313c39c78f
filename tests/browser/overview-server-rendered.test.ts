import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_COOKIE_PATH } from '@common/server-rendered-page.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';

const ROW = 'tbody tr[data-subscription-id]';

declare global {
  interface Window {
    /** Per change of the page, recorded from before its own scripts run: its rows, and how many are inert. */
    rowStates: { rows: number; inert: number }[];
  }
}

/**
 * Issue 22: the overview arrives with its rows. The app keeps its sign-in in a cookie for the overview's path; with
 * it the server sends the page with the screen's first frame and the answers it was made from, so the rows show
 * before any script has run, and the app then renders the same screen over it, asking neither answer again.
 */
describe('the overview rendered on the server, in Chromium', () => {
  let session: BrowserSession;
  const year = new Date().getFullYear();
  const overview = `/subscription-overview?subscriptionsYear=${year}`;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 30 });
  });
  afterAll(async () => session?.close());

  it('shows the rows the server rendered, then the app takes over without asking their answers again', async () => {
    const page = await session.newPage();
    await page.addInitScript(
      ({ row }) => {
        window.rowStates = [];
        new MutationObserver(() => {
          const rows = [...document.querySelectorAll(row)];
          window.rowStates.push({ rows: rows.length, inert: rows.filter((r) => r.closest('[inert]')).length });
        }).observe(document, { childList: true, subtree: true });
      },
      { row: ROW },
    );
    // The app writes the cookie from the stored sign-in as it starts.
    await page.goto(overview);
    await page.locator(ROW).first().waitFor();
    const cookies = await page.context().cookies();
    const token = await page.evaluate(() => localStorage.getItem('kampbeheer.token'));
    expect(cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ value: token, path: SESSION_COOKIE_PATH, sameSite: 'Strict' });

    const asked: string[] = [];
    page.on('request', (request: Request) => asked.push(new URL(request.url()).pathname));
    await page.goto(overview);
    await page.locator(`${ROW}:not([inert] *)`).first().waitFor();
    const states = await page.evaluate(() => window.rowStates.filter((state) => state.rows > 0));
    // First the server's rows, inert; then the app's, live.
    expect(states[0]!.inert).toBe(states[0]!.rows);
    expect(states.at(-1)!.inert).toBe(0);
    expect(asked).not.toContain('/api/me');
    expect(asked).not.toContain('/api/getSubscriptionFirstRows');

    // The screen works as always: a search narrows the list.
    const name = (await page.locator(`${ROW} th`).first().textContent())!;
    await page.getByLabel('Zoeken').fill(name);
    await expect.poll(async () => (await page.locator(`${ROW} th`).allTextContents()).every((text) => text === name)).toBe(true);
    await expectNoSeriousAxeViolations(page);
  });

  it('shows the rows with no script running at all', async () => {
    const signedIn = await session.newPage();
    await signedIn.goto(overview);
    await signedIn.locator(ROW).first().waitFor();
    const context = await session.browser.newContext({ baseURL: session.baseUrl, javaScriptEnabled: false });
    try {
      await context.addCookies((await signedIn.context().cookies()).filter((c) => c.name === SESSION_COOKIE));
      const page = await context.newPage();
      await page.goto(overview);
      expect(await page.locator(ROW).count()).toBeGreaterThan(10);
      expect(await page.locator('h1').textContent()).toBe(`Inschrijvingen ${year}`);
    } finally {
      await context.close();
    }
  });

  it('forgets the cookie when signing out, and the page then holds no rows', async () => {
    const page = await session.newPage();
    await page.goto(overview);
    await page.locator(ROW).first().waitFor();
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await page.waitForURL('**/login');
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain(SESSION_COOKIE);
    const answer = await page.request.get(overview);
    expect(await answer.text()).not.toContain('data-subscription-id');
  });
});
