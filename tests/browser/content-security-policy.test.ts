import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createSubscription } from '../helpers/factory.js';

/** style-src without 'unsafe-inline': every screen, with its popovers, dropdowns and modals, breaks no rule. */
describe('the Content-Security-Policy holds on every screen in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10 });
  });
  afterAll(async () => session?.close());

  async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
    const page = await session.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`,
        ),
      ),
    );
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    return { page, violations };
  }

  it('the overview with its totals popover and year dropdown, a detail with a modal, camps with a voucher, monitors, themes, the dashboard', async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/subscription-overview');
    await page.getByRole('button', { name: 'Toon totalen' }).click();
    await page
      .getByRole('group', { name: 'Totalen' })
      .getByRole('button', { name: /^Betaald:/ })
      .click();
    await page.locator('.popover').waitFor();
    await page.getByRole('button', { name: /^Kampjaar:/ }).click();
    await page.locator('.dropdown-menu.show').waitFor();

    const { subscriptionId, campId } = await createSubscription(session.t.db, { campId: await createCamp(session.t.db) });
    await page.goto(`/subscription-detail/${subscriptionId}`);
    await page.getByRole('button', { name: 'Inschrijving verwijderen' }).click();
    await page.getByRole('dialog').waitFor();

    await page.goto('/camps');
    await page.getByRole('button', { name: 'Voucher genereren' }).first().click();
    await page.getByRole('dialog').waitFor();

    for (const path of ['/monitors-overview', '/monitor-detail', '/themes', `/camp-detail/${campId}`]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    // The dashboard's charts (recharts) draw SVG with styles set through the DOM.
    await page.goto('/dashboard');
    await expect.poll(() => page.locator('.recharts-wrapper > svg').count(), { timeout: 15_000 }).toBe(2);
    expect(violations).toEqual([]);

    // The watch itself works: an inline style set through the attribute is refused and reported.
    await page.evaluate(() => document.body.setAttribute('style', 'color: red'));
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join()).toContain('style-src');
  });

  it("the public site's page: its own inline stylesheet applies, allowed by its hash, and no other inline style", async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/inschrijven/');
    await page.getByRole('heading', { level: 1, name: 'Kampen' }).waitFor();
    // The site's brand colour comes from the <style> element (web/inschrijven/styles.css).
    expect(await page.locator('header').evaluate((header) => getComputedStyle(header).backgroundColor)).toBe('rgb(11, 92, 173)');
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    expect(violations).toEqual([]);
    // Another <style> element is refused.
    await page.evaluate(() => document.head.append(Object.assign(document.createElement('style'), { textContent: 'body { color: red }' })));
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join()).toContain('style-src');
  });
});
