import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createAgegroup, createCamp, createLocation, createMonitor, createPeriod, createSubscription } from '../helpers/factory.js';
import { readXlsx } from '../helpers/files.js';
import { controlledClock } from '../helpers/clock.js';
import { eventually } from '../helpers/page.js';
import { addUser, signIn } from '../helpers/users.js';

/**
 * Monitor planning (issue 36) as staff and a monitor see it: a week planned with a head monitor, a short camp turning
 * complete, the allowance warning before a cap, the register exported and read back, and the monitor's own view on a
 * phone; axe on every state.
 */
describe('monitor planning in Chromium', () => {
  let session: BrowserSession;
  let campId: number;
  let anna: number;
  const year = new Date().getFullYear();
  const week = `${year}-07-06`;

  beforeAll(async () => {
    // The server's day stands before the camp, so it is a camp of the monitor's season that has not ended.
    session = await startBrowserSession({ seed: 'none', clock: controlledClock(new Date(`${year}-06-01T08:00:00Z`)) });
    const db = session.t.db;
    const periodId = await createPeriod(db, { startDate: week, name: 'Zomer week 1' });
    await createPeriod(db, { startDate: `${year}-07-13`, name: 'Zomer week 2' });
    const toddlers = await createAgegroup(db, { name: 'Kleuters' });
    const locationId = await createLocation(db, { name: 'Sporthal De Planning' });
    campId = await createCamp(db, { periodId, locationId, agegroupId: toddlers, activeDays: `${week},${year}-07-07` });
    for (let i = 0; i < 9; i++) await createSubscription(db, { campId, childFirstname: `Kind${i}` });
    anna = await createMonitor(db, { firstname: 'Anna', lastname: 'Hoofd' });
    const bert = await createMonitor(db, { firstname: 'Bert', lastname: 'Tweede' });
    await addUser(db, 'anna@kampbeheer.be', 'monitor', anna);
    for (const m of [anna, bert])
      await session.t.api.saveAvailability({ MONITOR_ID: m, PERIOD_IDS: [periodId], campYear: year }, { token: session.t.token });
    await session.t.api.saveAgegroupRatio({ AGEGROUP_ID: toddlers, CHILDREN_PER_MONITOR: 8 });
  });
  afterAll(async () => session?.close());

  it('plans a week with a head monitor until the camp is complete, warns before the cap, and exports the register', async () => {
    const page = await session.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/planning');
    const row = page.getByTestId(`planning-camp-${campId}`);
    await eventually(() => row.textContent()).toContain('9 kinderen, 0 van 2 monitoren');
    expect(await row.textContent()).toContain('2 monitoren te kort');
    await expectNoSeriousAxeViolations(page, 'planning grid');

    await row.getByRole('button', { name: /^Monitoren plannen/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Vrijwilligersvergoeding per kampdag/).fill('30');
    await dialog.getByRole('button', { name: 'Anna Hoofd inplannen als hoofdmonitor' }).click();
    await eventually(() => row.textContent()).toContain('Anna Hoofd (hoofdmonitor)');
    expect(await row.textContent()).toContain('1 monitor te kort');

    // Above the default daily cap (€ 41,48): the warning comes before the planning, and the buttons wait.
    await dialog.getByLabel(/Vrijwilligersvergoeding per kampdag/).fill('45');
    const bertRow = dialog.locator('tr', { hasText: 'Bert Tweede' });
    await eventually(() => bertRow.textContent()).toContain('meer dan het dagplafond van € 41,48');
    expect(await bertRow.getByRole('button', { name: 'Bert Tweede inplannen', exact: true }).isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'assign dialog with a cap warning');
    await dialog.getByLabel(/Vrijwilligersvergoeding per kampdag/).fill('25');
    await bertRow.getByRole('button', { name: 'Bert Tweede inplannen', exact: true }).click();
    await eventually(() => row.textContent()).toContain('Volledig');
    expect(await row.textContent()).toContain('2 van 2 monitoren');
    await dialog.getByRole('button', { name: 'Sluiten' }).first().click();

    // Published: both planned monitors are mailed their camps, asked first.
    const publication = page.getByTestId('planning-publication');
    expect(await publication.textContent()).toContain('Nog niet gepubliceerd');
    await publication.getByRole('button', { name: 'Planning publiceren' }).click();
    const ask = page.getByRole('dialog', { name: 'Planning publiceren?' });
    await eventually(() => ask.textContent()).toContain('2 monitoren krijgen de eigen kampen');
    await expectNoSeriousAxeViolations(page, 'publish planning dialog');
    await ask.getByRole('button', { name: '2 mails versturen' }).click();
    await eventually(() => publication.textContent()).toContain('Gepubliceerd op');
    expect(await publication.textContent()).toContain('2 monitoren krijgen de planning per mail.');

    await page.getByRole('link', { name: 'Tekorten' }).click();
    await eventually(() => page.locator('main').textContent()).toContain(`Elk kamp van ${year} heeft genoeg monitoren.`);

    await page.getByRole('link', { name: 'Vrijwilligersvergoedingen' }).click();
    const annaCard = page.getByRole('region', { name: 'Anna Hoofd' });
    await eventually(() => annaCard.textContent()).toContain('€ 60,00');
    await expectNoSeriousAxeViolations(page, 'volunteer register');
    await page.getByRole('button', { name: 'Register exporteren' }).click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel (.xlsx)' }).click()]);
    expect(file.suggestedFilename()).toBe(`vrijwilligersvergoedingen-${year}.xlsx`);
    const sheet = await readXlsx(await readFile((await file.path())!));
    expect(sheet.rows.filter((r) => r.value('Monitor') === 'Bert Tweede').map((r) => r.value('Vergoeding'))).toEqual([25, 25, 50]);
  });

  it("shows a monitor their own weeks and their camp's list on a phone", async () => {
    const context = await session.browser.newContext({
      baseURL: session.baseUrl,
      locale: 'nl-BE',
      timezoneId: 'Europe/Brussels',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const token = await signIn(session.t, 'anna@kampbeheer.be');
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('kampbeheer.token', value), token);
    await page.goto('/camps');
    await page.getByRole('link', { name: /Mijn planning/ }).click();
    const card = page.getByRole('region', { name: /Zomer week 1/ });
    await eventually(() => card.textContent()).toContain('Je bent hoofdmonitor.');
    expect(await card.textContent()).toContain('9 kinderen ingeschreven.');
    // Her availability: the planned week stays ticked, another she ticks herself.
    const planned = page.getByLabel(/^Zomer week 1 .*: ingepland$/);
    await eventually(() => planned.isChecked()).toBe(true);
    expect(await planned.isDisabled()).toBe(true);
    // Saved at once: ticked when the server has it.
    await page.getByLabel(/^Zomer week 2 /).click();
    await eventually(() => page.getByRole('status').last().textContent()).toContain('Je beschikbaarheid is bewaard.');
    await eventually(() => page.getByLabel(/^Zomer week 2 /).isChecked()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'my planning on a phone');
    await card.getByRole('link', { name: 'Deelnemers' }).click();
    await eventually(() => page.locator('main').textContent()).toContain('Kind0');
    await context.close();
  });
});
