import { sql } from 'drizzle-orm';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/client.js';
import { startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createSubscription } from '../helpers/factory.js';

/**
 * Issue 22: revisiting the overview when nothing changed is answered from the browser's validated cache. The
 * year's list comes with an ETag (the lists' version); the browser keeps it and asks again with If-None-Match,
 * and the server answers 304 without sending the year. After a change the browser gets the new list.
 */
describe('overview revisit in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 20 });
  });
  afterAll(async () => session?.close());

  it('answers a revisit with nothing changed 304 from the validated cache, and shows a change after it', async () => {
    // First in the overview's order (last name), so its row is among those in view when the page opens.
    const s = await createSubscription(session.t.db, { priceCents: 12000, childFirstname: 'Wannes', childLastname: 'Aarevisiet' });
    const [{ year } = { year: 0 }] = await queryRows<{ year: number }>(
      session.t.db,
      sql`select extract(year from p.start_date)::int as year from subscriptions s join camps c on c.id = s.camp_id
          join periods p on p.id = c.period_id where s.id = ${s.subscriptionId}`,
    );
    const page = await session.newPage();
    // The page sees a revalidated answer as the cached 200; what crossed the wire tells the 304 (no body) apart.
    const answers: { status: number; bodyBytes: number; ifNoneMatch: string | undefined; etag: string | undefined }[] = [];
    page.on('response', (response: Response) => {
      if (!response.url().includes('/api/getSubscriptionColumns?')) return;
      void (async () => {
        await response.finished();
        const request = await response.request().allHeaders();
        const { responseBodySize } = await response.request().sizes();
        const etag = (await response.allHeaders()).etag;
        answers.push({ status: response.status(), bodyBytes: responseBodySize, ifNoneMatch: request['if-none-match'], etag });
      })();
    });
    const row = page.locator(`tbody tr[data-subscription-id="${s.subscriptionId}"]`);
    const visit = async () => {
      await page.goto(`/subscription-overview?subscriptionsYear=${year}`);
      await row.waitFor();
      await expect.poll(() => answers.length).toBeGreaterThan(0);
      return answers.splice(0).at(-1)!;
    };

    const first = await visit();
    expect(first.status).toBe(200);
    expect(first.bodyBytes).toBeGreaterThan(0);
    expect(first.etag).toMatch(/^"\d+"$/);

    const revisit = await visit();
    expect(revisit.ifNoneMatch).toBe(first.etag);
    expect(revisit.bodyBytes).toBe(0);
    expect(await row.locator('.badge').first().textContent()).toBe('Niet betaald: € 120,00');

    // Another client settles the money: the next visit is told the list changed and shows it.
    expect((await session.t.api.paymentComplete({ SUBSCRIPTION_ID: s.subscriptionId })).status).toBe(200);
    const afterChange = await visit();
    expect(afterChange.ifNoneMatch).toBe(first.etag);
    expect(afterChange.status).toBe(200);
    expect(afterChange.bodyBytes).toBeGreaterThan(0);
    expect(afterChange.etag).not.toBe(first.etag);
    await expect.poll(() => row.locator('.badge').first().textContent()).toBe('Betaald');
  });
});
