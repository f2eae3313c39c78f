import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToEuro, formatEuro } from '@common/money.js';
import type { DashboardAnswer } from '@common/schemas/dashboard.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { eventually } from '../helpers/page.js';
import { literally } from '../helpers/text.js';

describe('the season dashboard in Chromium', () => {
  let session: BrowserSession;
  const year = new Date().getFullYear();
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 30 });
  });
  afterAll(async () => session?.close());

  it('shows its charts with their tables, and an occupancy cell opens the camps overview filtered on it', async () => {
    const page = await session.newPage();
    await page.goto(`/subscription-overview?subscriptionsYear=${year}`);
    await page.getByRole('link', { name: 'Overzicht' }).click();
    await page.getByRole('heading', { name: `Overzicht ${year}`, level: 1 }).waitFor();
    await eventually(() => page.locator('.recharts-wrapper > svg').count()).toBe(2);
    expect(await page.getByText('Inschrijvingen per week als tabel').count()).toBe(1);
    expect(await page.getByText('Geld per periode als tabel').count()).toBe(1);
    await page.getByText('Geld per periode als tabel').click();
    expect(await page.locator('details[open] table tbody tr').count()).toBeGreaterThan(0);
    await expectNoSeriousAxeViolations(page, 'dashboard');

    const dashboard = (await session.t.api.getDashboard({ campYear: year })).body.data;
    const cell = dashboard.occupancy[0]!;
    const location = dashboard.locations.find((l) => l.locationId === cell.locationId)!;
    const period = dashboard.periods.find((p) => p.periodId === cell.periodId)!;
    // Periods down, locations across (issue 39: the table fits a 1366 px screen).
    const row = page.getByTestId('occupancy').locator('tbody tr', {
      has: page.getByRole('rowheader', { name: new RegExp(`^${literally(period.name)} \\d`) }),
    });
    const column = dashboard.locations.indexOf(location) + 1;
    await row
      .locator('td')
      .nth(column - 1)
      .getByRole('link')
      .click();
    await page.waitForURL(/\/camps\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('locationId')).toBe(String(cell.locationId));
    expect(url.searchParams.get('periodId')).toBe(String(cell.periodId));
    // The selects show the filter once their choices have loaded.
    await eventually(() => page.getByLabel('Locatie').inputValue()).toBe(String(cell.locationId));
    await eventually(() => page.getByLabel('Periode').inputValue()).toBe(String(cell.periodId));
    await eventually(() => page.locator('tbody tr').count()).toBe(cell.camps.length);
  });

  it('its figures open the list they count, and the list shows the same number', async () => {
    const countText = (n: number) => (n === 1 ? '1 inschrijving' : `${n} inschrijvingen`);
    const subscriptions: { SUBSCRIPTION_ID: number; SUBSCRIPTION_CANCELLED: boolean; PERIOD_ID: number; PAYMENT_STATUS: string }[] = (
      await session.t.api.getSubscriptions({ campYear: year })
    ).body.data;
    if (!subscriptions.some((s) => s.SUBSCRIPTION_CANCELLED)) {
      const active = subscriptions.find((s) => !s.SUBSCRIPTION_CANCELLED)!;
      expect((await session.t.api.cancelSubscription({ SUBSCRIPTION_ID: active.SUBSCRIPTION_ID })).status).toBe(200);
    }
    const dashboard = (await session.t.api.getDashboard({ campYear: year })).body.data;
    const page = await session.newPage();
    const openDashboard = async () => {
      await page.goto(`/dashboard?subscriptionsYear=${year}`);
      await page.getByRole('heading', { name: `Overzicht ${year}`, level: 1 }).waitFor();
    };

    // A cancellation count opens the cancelled subscriptions of its period.
    await openDashboard();
    const cancelled = dashboard.cancellations[0]!;
    const cancelledRow = page.getByTestId('cancellations').locator('tbody tr').first();
    expect(await cancelledRow.getByRole('link').first().textContent()).toBe(String(cancelled.count));
    await cancelledRow.getByRole('link').first().click();
    await page.waitForURL(/\/subscription-overview\?/);
    expect(new URL(page.url()).searchParams.get('cancelledOnly')).toBe('true');
    await eventually(() => page.getByTestId('subscription-count').textContent()).toBe(countText(cancelled.count));

    // A period's paid figure opens that period's subscriptions.
    await openDashboard();
    await page.getByText('Geld per periode als tabel').click();
    const period = dashboard.money.byPeriod[0]!;
    await page.locator('details[open] table tbody tr').first().locator('td').first().getByRole('link').click();
    await page.waitForURL(/\/subscription-overview\?/);
    expect(new URL(page.url()).searchParams.get('periodId')).toBe(String(period.periodId));
    const inPeriod = subscriptions.filter((s) => s.PERIOD_ID === period.periodId && !s.SUBSCRIPTION_CANCELLED).length;
    await eventually(() => page.getByTestId('subscription-count').textContent()).toBe(countText(inPeriod));

    // 'Te veel betaald' in total opens the subscriptions with that payment status.
    await openDashboard();
    const overpaidRow = page.getByTestId('money').locator('tbody tr', { has: page.getByRole('rowheader', { name: 'Te veel betaald' }) });
    await overpaidRow.getByRole('link').last().click();
    await page.waitForURL(/\/subscription-overview\?/);
    expect(new URL(page.url()).searchParams.get('paymentStatus')).toBe('PAID-TO-MUCH');
    const overpaid = subscriptions.filter((s) => s.PAYMENT_STATUS === 'PAID-TO-MUCH' && !s.SUBSCRIPTION_CANCELLED).length;
    await eventually(() => page.getByTestId('subscription-count').textContent()).toBe(countText(overpaid));

    // The bookings at the desk (issue 40) open the list filtered on that origin, its dropdown showing it.
    await openDashboard();
    const desk = dashboard.bookingsBySource.find((s) => s.source === 'desk')!;
    expect(desk.thisYear).toBeGreaterThan(0);
    const deskRow = page.getByTestId('bookings-by-source').locator('tbody tr', { has: page.getByRole('rowheader', { name: 'Balie' }) });
    await deskRow.getByRole('link').first().click();
    await page.waitForURL(/\/subscription-overview\?/);
    await eventually(() => page.getByLabel('Ingeschreven via').inputValue()).toBe('desk');
    await eventually(() => page.getByTestId('subscription-count').textContent()).toBe(countText(desk.thisYear));
  });

  it('a week of bookings and a discount reason open the list filtered on them, showing the same count, the filter, and a way to remove it', async () => {
    const countText = (n: number) => (n === 1 ? '1 inschrijving' : `${n} inschrijvingen`);
    const rows: { SUBSCRIPTION_ID: number; SUBSCRIPTION_CANCELLED: boolean; LOCATION_ID: number }[] = (
      await session.t.api.getSubscriptions({ campYear: year })
    ).body.data;
    const live = rows.filter((r) => !r.SUBSCRIPTION_CANCELLED);
    // An 'Andere...' reason, stored as its typed text, on two subscriptions of one location.
    const [first, second] = live.filter((r) => r.LOCATION_ID === live[0]!.LOCATION_ID);
    for (const subscription of [first!, second!]) {
      const body = {
        subscriptionId: subscription.SUBSCRIPTION_ID,
        discountAmount: '3',
        discountRemark: 'Korting via de school',
        discountId: null,
      };
      expect((await session.t.api.addDiscount(body)).status).toBe(200);
    }
    const dashboard: DashboardAnswer = (await session.t.api.getDashboard({ campYear: year })).body.data;
    const page = await session.newPage();
    const openDashboard = async () => {
      await page.goto(`/dashboard?subscriptionsYear=${year}`);
      await page.getByRole('heading', { name: `Overzicht ${year}`, level: 1 }).waitFor();
    };

    // The busiest week of this year: its figure opens the bookings of that week.
    const busiest = dashboard.bookingsByWeek.reduce((a, b) => (b.thisYear > a.thisYear ? b : a));
    expect(busiest.thisYear).toBeGreaterThan(0);
    expect(busiest.thisYear).toBeLessThan(live.length);
    await openDashboard();
    await page.getByText('Inschrijvingen per week als tabel').click();
    const weekLabel = busiest.weeksBeforeSeason >= 0 ? `-${busiest.weeksBeforeSeason}` : `+${-busiest.weeksBeforeSeason}`;
    const weekRow = page
      .getByTestId('bookings')
      .locator('tbody tr', { has: page.getByRole('rowheader', { name: weekLabel, exact: true }) });
    const weekLink = weekRow.getByRole('link').first();
    expect(await weekLink.textContent()).toBe(String(busiest.thisYear));
    await weekLink.click();
    await page.waitForURL(/\/subscription-overview\?/);
    const weekUrl = new URL(page.url()).searchParams;
    expect([weekUrl.get('bookedFrom'), weekUrl.get('bookedTo')]).toEqual([busiest.thisYearBooked!.from, busiest.thisYearBooked!.to]);
    await eventually(() => page.getByTestId('subscription-count').textContent()).toBe(countText(busiest.thisYear));
    expect(await page.locator('table tbody tr').count()).toBe(busiest.thisYear);
    const day = (iso: string) => iso.split('-').reverse().join('/');
    const weekFilter = `Ingeschreven van ${day(busiest.thisYearBooked!.from)} tot en met ${day(busiest.thisYearBooked!.to)}`;
    await page.getByTestId('selection-filters').getByText(weekFilter).waitFor();
    await expectNoSeriousAxeViolations(page, 'overview filtered on a week of bookings');
    // The filter goes with its button: then the whole list is back.
    await page.getByRole('button', { name: `Filter verwijderen: ${weekFilter}` }).click();
    await eventually(() => page.getByTestId('subscription-count').textContent()).toBe(countText(live.length));
    expect(await page.getByTestId('selection-filters').count()).toBe(0);

    // The typed reason's count opens that location's subscriptions with it, and the filter shows its amount.
    const reason = dashboard.discountsByReason.find((d) => d.reason === 'Korting via de school')!;
    expect([reason.count, reason.amountCents]).toEqual([2, 600]);
    await openDashboard();
    const reasonRow = page.getByTestId('discounts').locator('tbody tr', { has: page.getByRole('rowheader', { name: reason.reason }) });
    await reasonRow.getByRole('link', { name: String(reason.count), exact: true }).click();
    await page.waitForURL(/\/subscription-overview\?/);
    const reasonUrl = new URL(page.url()).searchParams;
    expect([reasonUrl.get('discountReason'), reasonUrl.get('locationId')]).toEqual([reason.reason, String(reason.locationId)]);
    await eventually(() => page.getByTestId('subscription-count').textContent()).toBe(countText(reason.count));
    await eventually(() => page.getByLabel('Locatie').inputValue()).toBe(String(reason.locationId));
    const reasonFilter = `Kortingsreden '${reason.reason}': ${formatEuro(centsToEuro(reason.amountCents))} in deze lijst`;
    await page.getByTestId('selection-filters').getByText(reasonFilter).waitFor();
    await expectNoSeriousAxeViolations(page, 'overview filtered on a discount reason');

    // A discount reason of the demo data: its amount figure opens the same list, with the same count.
    const given = dashboard.discountsByReason.find((d) => d.reason !== reason.reason);
    if (given) {
      await openDashboard();
      const givenRow = page
        .getByTestId('discounts')
        .locator('tbody tr', { has: page.getByRole('rowheader', { name: given.reason, exact: true }) })
        .filter({
          has: page.getByRole('link', { name: dashboard.locations.find((l) => l.locationId === given.locationId)!.name, exact: true }),
        });
      await givenRow.getByRole('link', { name: formatEuro(centsToEuro(given.amountCents)), exact: true }).click();
      await page.waitForURL(/\/subscription-overview\?/);
      await eventually(() => page.getByTestId('subscription-count').textContent()).toBe(countText(given.count));
    }
  });

  it('fits a phone 390 px wide without the page scrolling sideways', async () => {
    const page = await session.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/dashboard?subscriptionsYear=${year}`);
    await eventually(() => page.locator('.recharts-wrapper > svg').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousAxeViolations(page, 'dashboard at 390 px');
  });
});
