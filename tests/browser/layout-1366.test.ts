import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periods } from '../../server/src/db/schema.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createLocation, createPeriod, createSubscription, createTheme } from '../helpers/factory.js';
import { eventually } from '../helpers/page.js';

/**
 * Issue 39 at the width of an office laptop (1366 px): nothing staff need is cut off or wrapped apart. Measured in
 * Chromium: an element's content against its box (scrollWidth/scrollHeight against clientWidth/clientHeight), an
 * amount's line boxes (one), a table against its card.
 */
describe('layout at 1366 px in Chromium', () => {
  const year = new Date().getFullYear();
  let session: BrowserSession;
  let reference: string;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 200 });
    // The longest camp of the demo's names (its longest theme, location and week), cancelled with a large amount to
    // pay back, so its status holds the longest badge, 'Geannuleerd' and the cancellation date.
    const periodId = await createPeriod(session.t.db, { name: 'Zomervakantie week 8' });
    await session.t.db.update(periods).set({ nameShort: 'Zomer 8' }).where(eq(periods.id, periodId));
    const campId = await createCamp(session.t.db, {
      periodId,
      themeId: await createTheme(session.t.db, { name: 'Dans & beweging' }),
      locationId: await createLocation(session.t.db, { name: 'Sportpark Wilrijkse Plein, Antwerpen', nameShort: 'Antwerpen' }),
    });
    reference = (
      await createSubscription(session.t.db, {
        campId,
        priceCents: 117500,
        paidAmountCents: 117500,
        paid: true,
        cancelled: true,
        childFirstname: 'Anna-Sophie',
        childLastname: 'Vandenberghe',
      })
    ).reference;
  });
  afterAll(async () => session?.close());

  async function laptop(): Promise<Page> {
    const page = await session.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    return page;
  }
  /** What a page shows cut off: elements whose content is wider or higher than their box. */
  const cutOff = (page: Page, selector: string) =>
    page.evaluate(
      (s) =>
        [...document.querySelectorAll<HTMLElement>(s)]
          .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
          .map((e) => e.textContent?.trim() ?? ''),
      selector,
    );
  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  it("the overview's camp column shows the whole period and the status the cancellation date", async () => {
    const page = await laptop();
    await page.goto(`/subscription-overview?subscriptionsYear=${year}`);
    await page.locator('tbody tr[data-index]').first().waitFor();
    await page.getByLabel('Toon enkel geannuleerde inschrijvingen').check();
    const row = page.locator('tbody tr[data-index]', { hasText: 'Anna-Sophie Vandenberghe' });
    await row.waitFor();
    const cells = (await row.locator('th, td').allTextContents()).map((c) => c.trim());
    expect(cells[1]).toMatch(/^Dans & beweging - Antwerpen \| Zomer 8 \(\d\d\/07 - \d\d\/07\)$/);
    expect(cells[7]).toMatch(/Geannuleerd\s?\d\d\/\d\d\/\d{4}, \d\d:\d\d$/);
    // Every row in view: no camp, name, method or status cut off, and the period and the date inside their cell.
    expect(await cutOff(page, 'tbody tr[data-index] > *, tbody tr[data-index] .two-lines, tbody tr[data-index] .status-lines')).toEqual([]);
    const inside = await row.evaluate((tr) => {
      const within = (part: Element | null, cell: Element) => {
        if (!part) return false;
        const [p, c] = [part.getBoundingClientRect(), cell.getBoundingClientRect()];
        return p.left >= c.left - 0.5 && p.right <= c.right + 0.5 && p.top >= c.top - 0.5 && p.bottom <= c.bottom + 0.5;
      };
      const [camp, status] = [tr.children[1]!, tr.children[7]!];
      return { period: within(camp.querySelector('.text-nowrap'), camp), date: within(status.querySelector('small'), status) };
    });
    expect(inside).toEqual({ period: true, date: true });
    // All rows stay equally high, so the list of 10,000 still scrolls to its end.
    const heights = await page
      .locator('tbody tr[data-index]')
      .evaluateAll((rows) => [...new Set(rows.map((r) => Math.round(r.getBoundingClientRect().height)))]);
    expect(heights).toHaveLength(1);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/overview-1366.png` });
    expect(await pageWidth(page)).toBeLessThanOrEqual(1366);
    await expectNoSeriousAxeViolations(page, 'overview at 1366 px');
    expect(reference).toBeTruthy();
  });

  it("amounts on Terugbetalingen and Openstaande betalingen never wrap between '€' and the number", async () => {
    const page = await laptop();
    for (const [path, testId] of [
      ['/refunds', 'refunds'],
      ['/open-payments', 'open-payments'],
    ] as const) {
      await page.goto(`${path}?subscriptionsYear=${year}`);
      const table = page.getByTestId(testId);
      await eventually(() => table.locator('tbody tr').count()).toBeGreaterThan(3);
      // Every amount in a cell, whatever element holds it: the text from '€' to its last digit lies on one line.
      const amounts = await table.evaluate((t) => {
        const walker = document.createTreeWalker(t.querySelector('tbody')!, NodeFilter.SHOW_TEXT);
        const found: { text: string; lines: number }[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? '').matchAll(/€\s[\d.]+,\d\d/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            found.push({ text: match[0], lines: tops.size });
          }
        }
        return found;
      });
      expect(amounts.length, path).toBeGreaterThan(3);
      expect(
        amounts.filter((a) => a.lines !== 1),
        path,
      ).toEqual([]);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${testId}-1366.png`, fullPage: true });
      expect(await pageWidth(page), path).toBeLessThanOrEqual(1366);
      await expectNoSeriousAxeViolations(page, `${path} at 1366 px`);
    }
  });

  it("the dashboard's Bezetting table stays on the page", async () => {
    const page = await laptop();
    await page.goto(`/dashboard?subscriptionsYear=${year}`);
    const table = page.getByTestId('occupancy');
    await eventually(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
    const fit = await table.evaluate((t) => {
      const card = t.closest('section, .card')!.getBoundingClientRect();
      const wrapper = t.parentElement!;
      return { right: t.getBoundingClientRect().right <= card.right + 0.5, scrolls: wrapper.scrollWidth > wrapper.clientWidth + 1 };
    });
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/dashboard-1366.png`, fullPage: true });
    expect(fit).toEqual({ right: true, scrolls: false });
    expect(await pageWidth(page)).toBeLessThanOrEqual(1366);
    await expectNoSeriousAxeViolations(page, 'dashboard at 1366 px');
  });
});
