import { expect, it } from 'vitest';
import { PAYMENT_METHOD } from '@common/constants.js';
import { checkScreen, startBrowserSession } from '../helpers/browser.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { familyWithChild } from '../helpers/family.js';

/**
 * The opening-day rush as one family sees it (issue 37): the last seat goes to another family while its basket is
 * open; 'Boeken' is refused, the message names the camp and the waiting list, and the camp list, read again, offers
 * 'Op de wachtlijst' on that camp. Then a camp of a week the child is booked in already: refused, naming that booking;
 * and two camps of one week for the child in one basket: the basket says so before anything is sent.
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
    await checkScreen(page, 'public site, camp full meanwhile', { fitsScreen: true });

    // Booked in one camp of a week, the child cannot take another camp of that week (the check with the booking's
    // last writes, domain/booking.ts): the family is told which booking, and nothing is booked.
    const weekPeriod = await createPeriod(db, { startDate: `${YEAR}-08-02`, name: 'Zomerweek 5' });
    const [booked, other] = [
      await createCamp(db, { birthYears: [YEAR - 12, YEAR - 6], periodId: weekPeriod }),
      await createCamp(db, { birthYears: [YEAR - 12, YEAR - 6], periodId: weekPeriod }),
    ];
    const first = await session.t.api.book(
      { PAYMENTMETHOD_ID: PAYMENT_METHOD.cash, items: [{ CHILD_ID: childId, CAMP_ID: booked }] },
      { token, headers: { 'idempotency-key': 'eerste-boeking' } },
    );
    expect(first.status).toBe(200);
    await page.evaluate((campId) => {
      sessionStorage.setItem('inschrijven.mand', JSON.stringify([{ key: 'b', CAMP_ID: campId, CHILD_ID: null, days: [] }]));
    }, other);
    await page.goto('/inschrijven/#/mand');
    await page.reload();
    await page.getByLabel('Kind').selectOption({ value: String(childId) });
    await page.getByLabel('Lunchvoorkeur').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Boeken' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(`is al ingeschreven voor een kamp in dezelfde periode: `);
    expect(await page.getByRole('alert').textContent()).toContain(first.body.data.bookings[0]!.SUBSCRIPTION_REFERENCE);
    await checkScreen(page, 'public site, child booked that week already', { fitsScreen: true });
    const mine = await session.t.api.getMyBookings(undefined, { token });
    expect(mine.body.data.BOOKINGS.map((b) => b.CAMP_ID)).toEqual([booked]);

    // Two camps of one week for one child in the basket: the second says so before 'Boeken', and nothing is sent.
    const nextWeek = await createPeriod(db, { startDate: `${YEAR}-08-09`, name: 'Zomerweek 6' });
    const week = [
      await createCamp(db, { birthYears: [YEAR - 12, YEAR - 6], periodId: nextWeek }),
      await createCamp(db, { birthYears: [YEAR - 12, YEAR - 6], periodId: nextWeek }),
    ];
    await page.evaluate((campIds) => {
      const items = campIds.map((id, i) => ({ key: `week-${i}`, CAMP_ID: id, CHILD_ID: null, days: [] }));
      sessionStorage.setItem('inschrijven.mand', JSON.stringify(items));
    }, week);
    await page.goto('/inschrijven/#/mand');
    await page.reload();
    for (const campId of week)
      await page
        .locator(`[data-basket-camp="${campId}"]`)
        .getByLabel('Kind')
        .selectOption({ value: String(childId) });
    const second = page.locator(`[data-basket-camp="${week[1]}"] .field-error`);
    await expect.poll(() => second.textContent()).toMatch(/^Dit kind staat al in uw mand voor een kamp in dezelfde periode: .+ in .+\.$/);
    expect(await page.locator(`[data-basket-camp="${week[0]}"] .field-error`).count()).toBe(0);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/public/book')) sent.push(request.url());
    });
    await page.getByLabel('Lunchvoorkeur').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Boeken' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Niet alles in uw mand is in orde: bekijk de meldingen hieronder.');
    expect(sent).toEqual([]);
    await checkScreen(page, 'public site, one child in two camps of a week', { fitsScreen: true });
    // The same camp twice for the child: the second line says so.
    await page.locator(`[data-basket-camp="${week[1]}"]`).getByRole('button', { name: 'Verwijderen' }).click();
    await page.locator(`[data-basket-camp="${week[0]}"]`).getByRole('button', { name: 'Nog een kind voor dit kamp' }).click();
    const lines = page.locator(`[data-basket-camp="${week[0]}"]`);
    await lines
      .nth(1)
      .getByLabel('Kind')
      .selectOption({ value: String(childId) });
    await expect.poll(() => lines.nth(1).locator('.field-error').textContent()).toBe('Dit kind staat al voor dit kamp in uw mand.');
    expect(await lines.nth(0).locator('.field-error').count()).toBe(0);
  } finally {
    await session.close();
  }
}, 180_000);
