import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createMonitor, createPeriod, createSubscription } from '../helpers/factory.js';
import { eventually } from '../helpers/page.js';

describe('Geschiedenis and Logboek in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ seed: 'none' });
  });
  afterAll(async () => session?.close());

  const history = (page: Page) => page.getByRole('region', { name: 'Geschiedenis' });

  it("shows a subscription's history after a save, each change as field: old → new", async () => {
    const s = await createSubscription(session.t.db, { childFirstname: 'Lotte' });
    const page = await session.newPage();
    await page.goto(`/subscription-detail/${s.subscriptionId}`);
    await history(page).getByRole('button', { name: 'Geschiedenis tonen' }).click();
    await history(page).getByText('Geen wijzigingen gevonden.').waitFor();

    await page
      .locator('section', { hasText: 'Gegevens kind' })
      .getByLabel(/^Voornaam\*?$/)
      .fill('Lotta');
    await page.locator('section', { hasText: 'Gegevens kind' }).getByRole('button', { name: 'Opslaan' }).click();
    const row = history(page).locator('tbody tr').first();
    await eventually(() => row.textContent()).toContain('Voornaam: Lotte → Lotta');
    expect(await row.textContent()).toContain('test@kampbeheer.be');
    expect(await row.textContent()).toContain('Gegevens kind gewijzigd');
    await expectNoSeriousAxeViolations(page, 'subscription history');
  });

  it('shows the history on a camp and a monitor detail', async () => {
    const campId = await createCamp(session.t.db);
    const monitorId = await createMonitor(session.t.db, { firstname: 'Annelies' });
    const page = await session.newPage();
    await page.goto(`/monitor-detail/${monitorId}`);
    await page.getByLabel(/^Voornaam\*?$/).fill('Anneleen');
    await page.locator('section', { hasText: 'Gegevens' }).first().getByRole('button', { name: 'Opslaan' }).click();
    await history(page).getByRole('button', { name: 'Geschiedenis tonen' }).click();
    await eventually(() => history(page).locator('tbody').textContent()).toContain('Voornaam: Annelies → Anneleen');
    await expectNoSeriousAxeViolations(page, 'monitor history');

    await page.goto(`/camp-detail/${campId}`);
    await history(page).getByRole('button', { name: 'Geschiedenis tonen' }).click();
    await history(page).getByText('Geen wijzigingen gevonden.').waitFor();
  });

  it("'Logboek' filters the whole log by action and record", async () => {
    const monitorId = await createMonitor(session.t.db, { firstname: 'Bram' });
    expect((await session.t.api.deleteMonitor({ monitorId })).status).toBe(200);
    const page = await session.newPage();
    await page.goto('/subscription-overview');
    await page.getByRole('button', { name: 'Beheer' }).click();
    await page.getByRole('link', { name: 'Logboek' }).click();
    await page.waitForURL('**/logboek');
    await page.getByRole('heading', { name: 'Logboek' }).waitFor();
    await eventually(() => page.locator('tbody tr').count()).toBeGreaterThan(0);

    await page.getByLabel('Actie').selectOption('deleteMonitor');
    await eventually(() => page.locator('tbody tr').count()).toBe(1);
    const row = page.locator('tbody tr').first();
    expect(await row.textContent()).toContain(`Monitor ${monitorId}`);
    expect(await row.textContent()).toContain('Voornaam: Bram → –');
    await page.getByLabel('Onderdeel').selectOption('subscriber');
    await page.getByText('Geen wijzigingen gevonden.').waitFor();
    await page.getByLabel('Actie').selectOption('');
    await eventually(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr').first().textContent()).toContain('Kind');
    await expectNoSeriousAxeViolations(page, 'logboek');
  });

  it('the Logboek names actions and records in words, an attendance entry its day, and shows no JSON (issue 39)', async () => {
    const campId = await createCamp(session.t.db, {
      periodId: await createPeriod(session.t.db, { startDate: '2025-07-07', name: 'Aanwezigheidsweek' }),
      activeDays: '2025-07-07,2025-07-08,2025-07-09,2025-07-10,2025-07-11',
    });
    const s = await createSubscription(session.t.db, { campId, childFirstname: 'Noor' });
    const set = await session.t.api.setAttendance({
      SUBSCRIPTION_ID: s.subscriptionId,
      date: '2025-07-08',
      present: true,
    });
    expect(set.status).toBe(200);
    const page = await session.newPage();
    await page.goto('/logboek');
    await page.getByRole('heading', { name: 'Logboek' }).waitFor();
    const action = page.getByLabel('Actie');
    await eventually(() => action.locator('option', { hasText: 'Aanwezigheid ingevuld' }).count()).toBe(1);
    await action.selectOption({ label: 'Aanwezigheid ingevuld' });
    await eventually(() => page.locator('tbody tr').count()).toBe(1);
    const cells = (await page.locator('tbody tr').first().locator('td').allTextContents()).map((c) => c.trim());
    expect(cells.slice(2)).toEqual([
      'Aanwezigheid ingevuld',
      `Inschrijving ${s.subscriptionId}`,
      'Aanwezigheid op dinsdag 8 juli 2025: niet ingevuld → aanwezig',
    ]);
    // Every action offered reads as words, not as the name of a call.
    const offered = await action.locator('option').allTextContents();
    expect(offered.filter((label) => /[a-z][A-Z]|:/.test(label))).toEqual([]);
    expect(await page.locator('main').textContent()).not.toMatch(/[{[]"/);
    await expectNoSeriousAxeViolations(page, 'logboek with an attendance entry');
  });
});
