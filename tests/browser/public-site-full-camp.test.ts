import { expect, it } from 'vitest';
import { startBrowserSession } from '../helpers/browser.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { familyWithChild } from '../helpers/family.js';

/**
 * The opening-day rush as one family sees it (issue 37): the last seat goes to another family while its basket is
 * open; 'Boeken' is refused, the message names the camp and the waiting list, and the camp list, read again, offers
 * 'Op de wachtlijst' on that camp.
 */
it('a basket refused because its camp filled meanwhile says so and the list offers the waiting list', async () => {
  const YEAR = new Date().getFullYear() + 1;
  const session = await startBrowserSession({ subscriptionsPerYear: 2 });
  try {
    const db = session.t.db;
    const periodId = await createPeriod(db, { startDate: `${YEAR}-07-26`, name: 'Zomerweek 4' });
    const camp = await createCamp(db, { seatsAvailable: 1, birthYears: [YEAR - 12, YEAR - 6], periodId });
    const { token, childId } = await familyWithChild(session.t, { birthdate: `${YEAR - 9}-05-05` });
    const context = await session.browser.newContext({ baseURL: session.baseUrl, viewport: { width: 360, height: 740 }, locale: 'nl-BE' });
    const page = await context.newPage();
    await page.goto('/inschrijven/');
    // Signed in, with the camp in the basket (as web/inschrijven/api.ts and state.ts keep them).
    await page.evaluate(
      ([familyToken, campId]) => {
        localStorage.setItem('inschrijven.token', familyToken as string);
        sessionStorage.setItem('inschrijven.mand', JSON.stringify([{ key: 'a', CAMP_ID: campId, CHILD_ID: null, days: [] }]));
      },
      [token, camp],
    );
    await page.goto('/inschrijven/#/mand');
    await page.reload();
    await page.getByLabel('Kind').selectOption({ value: String(childId) });
    await page.getByLabel('Lunchvoorkeur').selectOption({ index: 1 });
    // Another family takes the last seat meanwhile.
    await createSubscription(db, { campId: camp });
    await page.getByRole('button', { name: 'Boeken' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/^Dit kamp is volzet: .+ Zomerweek 4\. Er werd niets ingeschreven\. Zet uw kind op de wachtlijst/);
    await page.getByRole('link', { name: 'Kampen' }).click();
    await expect
      .poll(() => page.locator(`li[data-camp-id="${camp}"]`).getByRole('button').allTextContents())
      .toEqual([expect.stringMatching(/^Op de wachtlijst/)]);
  } finally {
    await session.close();
  }
}, 180_000);
