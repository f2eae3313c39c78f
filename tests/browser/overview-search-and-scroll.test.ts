import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parents } from '../../server/src/db/schema.js';
import { seedSubscriptions } from '../../server/src/seed/demo-data.js';
import { createSubscription } from '../helpers/factory.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { eventually } from '../helpers/page.js';

const ROW = 'tbody tr[data-subscription-id]';

describe('overview search and the end of a list of 10,000 in Chromium', () => {
  let session: BrowserSession;
  const year = new Date().getFullYear() + 1;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 5 });
    await seedSubscriptions(session.t.db, { year, count: 10_000 });
    const [camp] = (await session.t.api.getCamps({ campYear: year })).body.data as { CAMP_ID: number }[];
    for (const lastname of ["D'Hondt", 'Van den Broeck']) {
      await createSubscription(session.t.db, { campId: camp!.CAMP_ID, childFirstname: 'Xaveria', childLastname: lastname });
    }
  }, 240_000);
  afterAll(async () => session?.close());

  const openOverview = async (): Promise<Page> => {
    const page = await session.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`/subscription-overview?subscriptionsYear=${year}`);
    await page.locator(ROW).first().waitFor({ timeout: 30_000 });
    return page;
  };

  it('search ignores punctuation, spaces inside names and apostrophe kinds', async () => {
    const page = await openOverview();
    const names = () => page.locator(`${ROW} th`).allTextContents();
    for (const [query, name] of [
      ['xaveria dhondt', "Xaveria D'Hondt"],
      ['Xaveria D’Hondt', "Xaveria D'Hondt"],
      ['xaveria vandenbroeck', 'Xaveria Van den Broeck'],
    ] as const) {
      await page.getByLabel('Zoeken').fill(query);
      await eventually(names).toEqual([name]);
    }
  });

  it("finds a child by the parent's name, e-mail address or phone number in any notation, in a year of 10,000 (issue 39)", async () => {
    const [camp] = (await session.t.api.getCamps({ campYear: year })).body.data as { CAMP_ID: number }[];
    const child = await createSubscription(session.t.db, {
      campId: camp!.CAMP_ID,
      childFirstname: 'Oona',
      childLastname: 'Belmans',
      parentEmail: 'griet.telefoonmans@voorbeeld.be',
    });
    await session.t.db
      .update(parents)
      .set({ firstname: 'Griet', lastname: 'Telefoonmans', phone: '+32 478 55 66 77' })
      .where(eq(parents.id, child.parentId));
    const page = await openOverview();
    const names = () => page.locator(`${ROW} th`).allTextContents();
    for (const query of ['Griet Telefoonmans', 'griet.telefoonmans@voorbeeld.be', '0478 55 66 77', '+32478556677', 'oona telefoonmans']) {
      await page.getByLabel('Zoeken').fill(query);
      await eventually(names).toEqual(['Oona Belmans']);
    }
    await expectNoSeriousAxeViolations(page, 'a child found by its parent');
  });

  it('opens with the rows in view and no more, and fills the window as it scrolls', async () => {
    // On a laptop's window, one row beyond the window at most: each row more costs the first frame. On a phone the
    // filters above the table stand taller and a few rows more are drawn (FIRST_BODY_TOP is a lower bound); filled too.
    for (const [width, height, rowsBeyond] of [
      [1400, 900, 1],
      [390, 844, 10],
    ] as const) {
      const page = await session.newPage();
      await page.setViewportSize({ width, height });
      await page.goto(`/subscription-overview?subscriptionsYear=${year}`);
      await page.locator(ROW).first().waitFor({ timeout: 30_000 });
      const rows = () =>
        page.evaluate((selector) => {
          const boxes = [...document.querySelectorAll(selector)].map((row) => row.getBoundingClientRect());
          const inView = boxes.filter((box) => box.bottom > 0 && box.top < window.innerHeight).length;
          return { inDom: boxes.length, inView, bottom: Math.max(...boxes.map((box) => box.bottom)) };
        }, ROW);
      const opened = await rows();
      const size = `${width} × ${height}`;
      expect(opened.bottom, size).toBeGreaterThanOrEqual(height);
      expect(opened.inDom, size).toBeLessThanOrEqual(opened.inView + rowsBeyond);
      await page.evaluate(() => window.scrollBy(0, 400));
      await eventually(async () => (await rows()).bottom >= height).toBe(true);
      await page.close();
    }
  });

  it('End and the scroll bar both reach the last row of a year of 10,000', async () => {
    const page = await openOverview();
    await page.getByRole('button', { name: 'Toon alle inschrijvingen' }).click();
    const table = page.getByRole('table');
    // Cancelled subscriptions are hidden: some 9,500 of the 10,000 show.
    await eventually(async () => Number(await table.getAttribute('aria-rowcount'))).toBeGreaterThan(9000);
    const lastIndex = (await table.getAttribute('aria-rowcount'))!;
    const lastRowInView = async () => {
      const last = page.locator(ROW).last();
      const box = await last.boundingBox();
      return { index: await last.getAttribute('aria-rowindex'), inView: box !== null && box.y + box.height <= 900 + 1 };
    };

    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('End');
    await eventually(lastRowInView).toEqual({ index: lastIndex, inView: true });

    await page.keyboard.press('Home');
    await eventually(() => page.locator(ROW).first().getAttribute('aria-rowindex')).toBe('2');
    // Dragging the scroll bar to the bottom, once: the list must already end there.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await eventually(lastRowInView).toEqual({ index: lastIndex, inView: true });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(height);
  });
});
