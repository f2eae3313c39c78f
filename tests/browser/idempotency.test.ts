import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscription, discountsOf } from '../helpers/factory.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { card, field, financialValue, openDetail } from '../helpers/page.js';

/** The web app sends one Idempotency-Key per user action and keeps it when it sends the action again. */
describe('Idempotency-Key from the web app in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 5 });
  });
  afterAll(async () => session?.close());

  it('a discount whose answer is lost on the way is sent again with the same key and stored once; the next action has a new key', async () => {
    const s = await createSubscription(session.t.db, { priceCents: 15000 });
    const page = await session.newPage();
    const keys: string[] = [];
    let lose = true;
    await page.route('**/api/addDiscount', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (lose) {
        // The server serves the request and commits; the browser never hears the answer.
        lose = false;
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await openDetail(page, s);
    const financial = card(page, 'Financieel');
    await field(financial, 'Bedrag (€)').fill('5');
    await field(financial, 'Reden').selectOption('Halve dag');
    await financial.getByRole('button', { name: 'Korting toevoegen' }).click();
    await financial.getByRole('button', { name: 'Opgeslagen' }).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await discountsOf(session.t.db, s.subscriptionId)).toEqual([{ amountCents: 500, remark: 'Halve dag' }]);
    expect(await financialValue(page, 'Te betalen')).toBe('€ 145,00');
    await expectNoSeriousAxeViolations(page, 'discount after a lost answer');

    await financial.getByRole('button', { name: 'Korting toevoegen' }).waitFor();
    await field(financial, 'Bedrag (€)').fill('5');
    await field(financial, 'Reden').selectOption('Axibonnen');
    await financial.getByRole('button', { name: 'Korting toevoegen' }).click();
    await financial.getByRole('button', { name: 'Opgeslagen' }).waitFor();
    expect(keys).toHaveLength(3);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
    expect(await discountsOf(session.t.db, s.subscriptionId)).toHaveLength(2);
  });
});
