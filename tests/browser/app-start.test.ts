import { sql } from 'drizzle-orm';
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/client.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createSubscription } from '../helpers/factory.js';

/** The app's start with a stored sign-in: it checks the token with /api/me before showing any admin page. */
describe('starting the app in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ seed: 'none' });
  });
  afterAll(async () => session?.close());

  it("shows 'Applicatie opstarten...' while the sign-in is checked, then 'Error: ' with the reason when the check fails", async () => {
    const page = await session.newPage();
    let answerCheck: (() => Promise<void>) | undefined;
    const checkAsked = new Promise<void>((resolve) => {
      void page.route('**/api/me', (route: Route) => {
        answerCheck = () =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'INTERNAL', message: 'De server kon de aanmelding niet nakijken' } }),
          });
        resolve();
      });
    });
    await page.goto('/subscription-overview');
    await checkAsked;
    await expect.poll(() => page.getByText('Applicatie opstarten...').isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'app start, loading');

    await answerCheck!();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Error: De server kon de aanmelding niet nakijken');
    expect(await page.getByText('Applicatie opstarten...').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'app start, error');
  });

  it("asks the sign-in check and the overview's first rows before React's code runs", async () => {
    const page = await session.newPage();
    // What the page asks through fetch, and the moment React DOM's code runs: as its module is evaluated it looks for
    // the developer tools' hook on the global object.
    await page.addInitScript(() => {
      const order: string[] = [];
      (globalThis as { startOrder?: string[] }).startOrder = order;
      const fetchOfPage = globalThis.fetch;
      globalThis.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        if (url.pathname.startsWith('/api/')) order.push(url.pathname);
        return fetchOfPage(input, init);
      };
      Object.defineProperty(globalThis, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
        configurable: true,
        get: () => void order.push('React'),
      });
    });
    await page.goto('/subscription-overview');
    await page.getByRole('heading', { name: /^Inschrijvingen/ }).waitFor();
    const order = await page.evaluate(() => (globalThis as { startOrder?: string[] }).startOrder ?? []);
    expect(order.slice(0, 3)).toEqual(['/api/me', '/api/getSubscriptionFirstRows', 'React']);
  });

  it("opens the overview with 'Applicatie opstarten...' on every visit while the first rows are asked beside the sign-in check, once", async () => {
    const { subscriptionId } = await createSubscription(session.t.db, { childFirstname: 'Stijn', childLastname: 'Vroegstart' });
    const [{ year } = { year: 0 }] = await queryRows<{ year: number }>(
      session.t.db,
      sql`select extract(year from p.start_date)::int as year from subscriptions s join camps c on c.id = s.camp_id
          join periods p on p.id = c.period_id where s.id = ${subscriptionId}`,
    );
    const page = await session.newPage();
    const firstRowsAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/getSubscriptionFirstRows?')) firstRowsAsked.push(request.url());
    });
    let releaseCheck = () => {};
    await page.route('**/api/me', async (route) => {
      await new Promise<void>((resolve) => (releaseCheck = resolve));
      await route.continue();
    });
    const row = page.locator(`tbody tr[data-subscription-id="${subscriptionId}"]`);
    for (const visit of ['first visit', 'revisit']) {
      firstRowsAsked.length = 0;
      await page.goto(`/subscription-overview?subscriptionsYear=${year}`);
      // The sign-in is not checked yet: the line the spec asks for, no rows, and the first rows already on their way.
      await expect.poll(() => page.getByText('Applicatie opstarten...').isVisible(), { message: visit }).toBe(true);
      await expect.poll(() => firstRowsAsked.length, { message: visit }).toBe(1);
      expect(await row.count(), visit).toBe(0);
      releaseCheck();
      await row.waitFor();
      expect(await page.getByText('Applicatie opstarten...').count(), visit).toBe(0);
      // The screen took the answer that was started for it instead of asking again.
      expect(firstRowsAsked, visit).toHaveLength(1);
    }
  });
});
