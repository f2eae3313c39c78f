import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { queryRows } from '../../server/src/db/client.js';
import { children, subscriptions } from '../../server/src/db/schema.js';
import { startBrowserSession, type BrowserSession } from '../helpers/browser.js';

const SQL_TEXT = "Robert'); DROP TABLE children;--";
const IMG_TEXT = '<img src=x onerror="window.__injected = 1">';
const SCRIPT_TEXT = '<script>window.__injected = 2</script>';

/** SQL and markup in text fields are data: stored and returned verbatim, shown as text, never run. */
describe('injection', () => {
  let session: BrowserSession;
  let subscriptionId = 0;
  let childId = 0;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 5 });
    const [row] = await queryRows<{ id: number; child_id: number }>(
      session.t.db,
      sql`select s.id, s.child_id from subscriptions s join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where extract(year from p.start_date) = ${new Date().getFullYear()} and not s.cancelled order by s.id limit 1`,
    );
    subscriptionId = row!.id;
    childId = row!.child_id;
  });
  afterAll(async () => session?.close());

  it('stores SQL and markup verbatim through the API and answers them unchanged', async () => {
    const { t } = session;
    const tried = [SQL_TEXT, IMG_TEXT, SCRIPT_TEXT];
    for (const text of tried) {
      const saved = await t.api.updateSubscriber({
        SUBSCRIBER_ID: childId,
        SUBSCRIBER_FIRSTNAME: text.slice(0, 50),
        SUBSCRIBER_LASTNAME: 'Peeters',
      });
      expect(saved.status).toBe(200);
      const remark = await t.api.updateSubscription({
        SUBSCRIPTION_ID: subscriptionId,
        SUBSCRIPTION_LUNCH_PREFERENCE_ID: 1,
        SUBSCRIPTION_REMARK: text,
      });
      expect(remark.status).toBe(200);
      const [detail] = (await t.api.getSubscriptionFullDetail({ id: subscriptionId })).body.data as SubscriptionDetail[];
      expect(detail!.SUBSCRIBER_FIRSTNAME).toBe(text.slice(0, 50));
      expect(detail!.SUBSCRIPTION_REMARK).toBe(text);
    }
    const [count] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from children`);
    expect(count!.n).toBeGreaterThan(0);
    console.log(`${tried.length} injection texts stored and answered verbatim; the children table is still there`);
  });

  it('shows stored markup as text in the overview and the detail, and runs none of it', async () => {
    const { t } = session;
    await t.db
      .update(children)
      .set({ firstname: IMG_TEXT.slice(0, 50), lastname: 'Aaa-injectie' })
      .where(eq(children.id, childId));
    await t.db.update(subscriptions).set({ remark: SCRIPT_TEXT }).where(eq(subscriptions.id, subscriptionId));
    const page = await session.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto(`/subscription-detail/${subscriptionId}`);
    // The child's name is in the title as text; the remark is the value of its textarea.
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: IMG_TEXT.slice(0, 50) })
      .waitFor();
    await expect
      .poll(() => page.locator('textarea').evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value)))
      .toContain(SCRIPT_TEXT);
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    await page.goto('/subscription-overview');
    await page.getByText('Aaa-injectie').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    console.log('stored <img onerror> and <script> shown as text on 2 screens; nothing ran');
  });
});
