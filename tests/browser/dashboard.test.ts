import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';

const UI_TIMEOUT_MS = 15_000;
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: UI_TIMEOUT_MS });

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

    const { dashboard } = { dashboard: (await session.t.call('GET', `/api/getDashboard?campYear=${year}`)).body.data };
    const cell = dashboard.occupancy[0];
    const location = dashboard.locations.find((l: { locationId: number }) => l.locationId === cell.locationId);
    const period = dashboard.periods.find((p: { periodId: number }) => p.periodId === cell.periodId);
    const row = page
      .getByTestId('occupancy')
      .locator('tbody tr', { has: page.getByRole('rowheader', { name: location.name, exact: true }) });
    const column = dashboard.periods.indexOf(period) + 1;
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
      await session.t.call('GET', `/api/getSubscriptions?campYear=${year}`)
    ).body.data;
    if (!subscriptions.some((s) => s.SUBSCRIPTION_CANCELLED)) {
      const active = subscriptions.find((s) => !s.SUBSCRIPTION_CANCELLED)!;
      expect((await session.t.call('POST', '/api/cancelSubscription', { SUBSCRIPTION_ID: active.SUBSCRIPTION_ID })).status).toBe(200);
    }
    const dashboard = (await session.t.call('GET', `/api/getDashboard?campYear=${year}`)).body.data;
    const page = await session.newPage();
    const openDashboard = async () => {
      await page.goto(`/dashboard?subscriptionsYear=${year}`);
      await page.getByRole('heading', { name: `Overzicht ${year}`, level: 1 }).waitFor();
    };

    // A cancellation count opens the cancelled subscriptions of its period.
    await openDashboard();
    const cancelled = dashboard.cancellations[0];
    const cancelledRow = page.getByTestId('cancellations').locator('tbody tr').first();
    expect(await cancelledRow.getByRole('link').first().textContent()).toBe(String(cancelled.count));
    await cancelledRow.getByRole('link').first().click();
    await page.waitForURL(/\/subscription-overview\?/);
    expect(new URL(page.url()).searchParams.get('cancelledOnly')).toBe('true');
    await eventually(() => page.getByTestId('subscription-count').textContent()).toBe(countText(cancelled.count));

    // A period's paid figure opens that period's subscriptions.
    await openDashboard();
    await page.getByText('Geld per periode als tabel').click();
    const period = dashboard.money.byPeriod[0];
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
