import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';

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
});
