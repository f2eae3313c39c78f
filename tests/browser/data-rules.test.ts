import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampRecord } from '@common/schemas/camps.js';
import type { MonitorRecord } from '@common/schemas/monitors.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { databaseDigest } from '../helpers/digest.js';
import { eventually, field, fieldError, saveButton } from '../helpers/page.js';

describe('data that must not be accepted, as the screens show it', () => {
  let session: BrowserSession;
  const year = new Date().getFullYear();
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10 });
  });
  afterAll(async () => session?.close());

  it('a new camp sent untouched reads Veld verplicht at the fields whose default is 0', async () => {
    const before = await databaseDigest(session.t.db);
    const page = await session.newPage();
    await page.goto(`/camp-detail?subscriptionsYear=${year}`);
    await page.getByRole('heading', { name: 'Kamp toevoegen' }).waitFor();
    await saveButton(page).click();
    for (const label of ['Minimum geboortejaar', 'Maximum geboortejaar', 'Prijs (€)', 'Aantal plaatsen', 'Locatie']) {
      await eventually(() => fieldError(page, label)).toBe('Veld verplicht');
    }
    // 'Kampdagen' is a day picker of the period (no input); its message stands under the picker.
    const daysGroup = page.locator('div.form-label', { hasText: /^Kampdagen/ }).locator('xpath=..');
    await eventually(() => daysGroup.locator('.invalid-feedback').textContent()).toBe('Veld verplicht');
    expect(await page.locator('.invalid-feedback', { hasText: 'Foutief formaat' }).count()).toBe(0);
    expect(await databaseDigest(session.t.db)).toEqual(before);
  });

  it('shows the server rule of a camp at its field: seats below those taken; the day picker offers only days of the period', async () => {
    const camps = (await session.t.api.getCamps({ campYear: year })).body.data as CampRecord[];
    const camp = camps.filter((c) => c.SEATS_TAKEN > 1).sort((a, b) => b.SEATS_TAKEN - a.SEATS_TAKEN)[0]!;
    const before = await databaseDigest(session.t.db);
    const page = await session.newPage();
    await page.goto(`/camp-detail/${camp.CAMP_ID}?subscriptionsYear=${year}`);
    const pressed = page.getByRole('group', { name: 'Kampdagen' }).locator('[aria-pressed=true]');
    await eventually(() => pressed.count()).toBe(camp.ACTIVE_DAYS.split(',').length);
    await field(page, 'Aantal plaatsen').fill(String(camp.SEATS_TAKEN - 1));
    await saveButton(page).click();
    await eventually(() => fieldError(page, 'Aantal plaatsen')).toBe(
      `Er zijn al ${camp.SEATS_TAKEN} plaatsen ingenomen: minder plaatsen kan niet.`,
    );
    await expectNoSeriousAxeViolations(page, 'camp with server field messages');
    expect(await databaseDigest(session.t.db)).toEqual(before);
  });

  it('shows a theme name in use at the name field', async () => {
    const page = await session.newPage();
    await page.goto('/theme-detail');
    await field(page, 'Naam thema').fill('VOETBAL');
    await saveButton(page).click();
    await eventually(() => fieldError(page, 'Naam thema')).toBe('Er bestaat al een thema met deze naam.');
  });

  it('shows a monitor e-mail address in use, a future birth date and wrong check digits at their fields', async () => {
    const [first, second] = (await session.t.api.getMonitors()).body.data as MonitorRecord[];
    const page = await session.newPage();
    await page.goto(`/monitor-detail/${first!.MONITOR_ID}`);
    const gegevens = page.getByRole('region', { name: 'Gegevens', exact: true });
    await field(page, 'E-mail').fill(second!.MONITOR_EMAIL);
    await field(page, 'Geboortedatum').fill(`${year + 1}-01-01`);
    await field(page, 'Rijksregisternummer').fill('01.04.17-123.45');
    await gegevens.getByRole('button', { name: 'Opslaan' }).click();
    await eventually(() => fieldError(page, 'Geboortedatum')).toBe('Geboortedatum mag niet in de toekomst liggen.');
    expect(await fieldError(page, 'Rijksregisternummer')).toBe('Rijksregisternummer klopt niet (controlecijfers).');
    await field(page, 'Geboortedatum').fill('2001-04-17');
    await field(page, 'Rijksregisternummer').fill('01.04.17-123.27');
    await gegevens.getByRole('button', { name: 'Opslaan' }).click();
    await eventually(() => fieldError(page, 'E-mail')).toBe('Dit e-mailadres wordt al door een andere monitor gebruikt.');
  });
});
