import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInBelgium } from '@common/calendar.js';
import { addDays } from '@common/mail-schedules.js';
import { monitorAssignments } from '../../server/src/db/schema.js';
import { checkScreen, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { controlledClock } from '../helpers/clock.js';
import { bookInCash, familyWithChild } from '../helpers/family.js';
import { createCamp, createMonitor, createPeriod, createSubscription } from '../helpers/factory.js';
import { pdfText } from '../helpers/files.js';
import { TEST_ADMIN } from '../helpers/api.js';
import { addUser, signIn } from '../helpers/users.js';

/**
 * The child's safety sheet in Chromium (issue 35): a parent fills it in on a phone (360 × 740) with an urgent nut
 * allergy and a medication at noon that monitors may give; on a camp day (a controlled clock) a monitor of that camp
 * sees the urgent warning on the day's list, opens the whole sheet, finds the noon dose in the day's medication round
 * and who may collect the child, and prints the day list (read back with pdfText); a monitor of another camp is refused.
 * SCREENSHOTS=<folder> keeps a screenshot of every screen.
 */

describe('the safety sheet from the family to the monitor in Chromium', () => {
  let session: BrowserSession;
  const clock = controlledClock();
  /** A camp week from the first Monday two weeks or more ahead. */
  const start = (() => {
    let day = addDays(todayInBelgium(), 14);
    while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 1) day = addDays(day, 1);
    return day;
  })();
  const week = Array.from({ length: 5 }, (_, i) => addDays(start, i));
  const campDay = week[1]!;
  let campId: number;
  let otherCampId: number;
  let token: string;
  let childId: number;
  let subscriptionId: number;
  const contexts: BrowserContext[] = [];

  const context = async (width: number, height: number) => {
    const made = await session.browser.newContext({
      baseURL: session.baseUrl,
      viewport: { width, height },
      locale: 'nl-BE',
      timezoneId: 'Europe/Brussels',
    });
    contexts.push(made);
    return made;
  };

  beforeAll(async () => {
    session = await startBrowserSession({
      subscriptionsPerYear: 10,
      clock,
      env: { SESSION_TTL_HOURS: '720', SESSION_MAX_HOURS: '720' },
    });
    const { t } = session;
    const periodId = await createPeriod(t.db, { startDate: start, name: 'Zomerweek met fiches' });
    const birthYears: [number, number] = [Number(start.slice(0, 4)) - 12, Number(start.slice(0, 4)) - 6];
    campId = await createCamp(t.db, { periodId, activeDays: week.join(','), birthYears });
    otherCampId = await createCamp(t.db, { periodId, activeDays: week.join(','), birthYears });

    const family = await familyWithChild(t, { birthdate: `${Number(start.slice(0, 4)) - 8}-05-01` });
    ({ token, childId } = family);
    [subscriptionId] = (await bookInCash(t, family, [campId])) as [number];
    // A child booked at the desk whose family has not filled in a sheet.
    await createSubscription(t.db, { campId, childFirstname: 'Bram', childLastname: 'Zonderfiche' });

    for (const [email, camp] of [
      ['monitor.kamp@voorbeeld.be', campId],
      ['monitor.ander@voorbeeld.be', otherCampId],
    ] as const) {
      const monitorId = await createMonitor(t.db);
      await t.db.insert(monitorAssignments).values({ monitorId, campId: camp, head: false });
      await addUser(t.db, email, 'monitor', monitorId);
    }
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await session?.close();
  });

  /** A signed-in staff page on the camp day, the browser's clock on that day too. */
  async function staffPage(email: string, width: number, height: number): Promise<Page> {
    const made = await context(width, height);
    await made.clock.setFixedTime(clock.now());
    const token = email === TEST_ADMIN.email ? await signIn(session.t, email, TEST_ADMIN.password) : await signIn(session.t, email);
    await made.addInitScript((value) => localStorage.setItem('kampbeheer.token', value), token);
    return made.newPage();
  }

  it('a parent fills in an urgent nut allergy and a noon medication on a phone; the monitor of the camp sees it on the day', async () => {
    const parent = await context(360, 740);
    await parent.addInitScript((value) => localStorage.setItem('inschrijven.token', value), token);
    const page = await parent.newPage();
    await page.goto('/inschrijven/#/gezin');
    await page.getByRole('button', { name: 'Veiligheidsfiche (Lotte)' }).click();
    const form = page.getByRole('form', { name: 'Veiligheidsfiche van Lotte' });
    await form.waitFor();
    await checkScreen(page, 'safety sheet empty', { fitsScreen: true });

    await form.getByRole('button', { name: 'Allergie toevoegen' }).click();
    const allergies = form.getByRole('group', { name: 'Allergieën' });
    await allergies.getByLabel('Soort allergie').selectOption('food');
    await allergies.getByLabel('Allergisch voor').fill('Noten');
    await allergies.getByLabel('Wat moeten de monitoren doen?').fill('EpiPen in de rugzak, 112 bellen');
    await form.getByRole('button', { name: 'Medicatie toevoegen' }).click();
    const medication = form.getByRole('group', { name: 'Medicatie op kamp' });
    await medication.getByLabel('Geneesmiddel').fill('Ventolin');
    await medication.getByLabel('Dosis').fill('2 pufjes');
    await medication.getByLabel(/^Uren/).fill('12:00');
    await medication.getByLabel('Mag een monitor het geven?').selectOption('yes');
    const contacts = form.getByRole('group', { name: /^Noodcontacten/ });
    await contacts.getByLabel('Naam').fill('Marc Claes');
    await contacts.getByLabel('Relatie tot het kind').fill('Grootvader');
    await contacts.getByLabel('Telefoon').fill('0499 11 22 33');
    await form.getByRole('button', { name: 'Ophaler toevoegen' }).click();
    const pickup = form.getByRole('group', { name: 'Wie mag uw kind ophalen?' });
    await pickup.getByLabel('Naam').fill('Rita Peeters');
    await pickup.getByLabel('Relatie tot het kind').fill('Grootmoeder');
    await pickup.getByLabel('Telefoon').fill('0498 55 66 77');
    await form.getByLabel('Kan uw kind zwemmen?').selectOption({ label: 'Ja' });
    await form.getByLabel("Foto's van uw kind").selectOption({ label: "Alleen groepsfoto's" });
    await form.getByRole('button', { name: 'Fiche opslaan' }).click();
    await page.getByText('De veiligheidsfiche van Lotte is opgeslagen.').waitFor();
    await checkScreen(page, 'safety sheet saved', { fitsScreen: true });

    // The camp day, 09:00 in Belgium.
    clock.advance(Date.parse(`${campDay}T07:00:00Z`) - clock.now().getTime());
    const monitor = await staffPage('monitor.kamp@voorbeeld.be', 390, 844);
    await monitor.goto(`/camp-participants/${campId}`);
    const list = monitor.getByRole('list', { name: 'Kinderen' });
    await list.waitFor();
    const urgent = list.getByRole('button', { name: /^Dringend: Allergie \(voeding\): Noten\b/ });
    await urgent.waitFor();
    expect(await urgent.locator('[data-level]').getAttribute('data-level')).toBe('urgent');
    const round = monitor.getByRole('region', { name: 'Medicatieronde' });
    expect(await round.textContent()).toContain('12:00 Lotte Claes: Ventolin, 2 pufjes');
    expect(await list.textContent()).toContain('Mag ophalen: Rita Peeters (Grootmoeder, 0498 55 66 77)');
    await checkScreen(monitor, 'monitor day list', { fitsScreen: true });

    await urgent.click();
    const dialog = monitor.getByRole('dialog', { name: /^Veiligheidsfiche Lotte Claes/ });
    await dialog.getByText('EpiPen in de rugzak, 112 bellen').waitFor();
    expect(await dialog.textContent()).toContain('Marc Claes (Grootvader)');
    await checkScreen(monitor, 'monitor sheet detail', { fitsScreen: true });
    await dialog.getByRole('button', { name: 'Sluiten' }).click();

    await monitor.getByRole('button', { name: 'Afdrukken (PDF)' }).click();
    const [download] = await Promise.all([monitor.waitForEvent('download'), monitor.getByRole('button', { name: /^Daglijst / }).click()]);
    const text = await pdfText(await readFile((await download.path())!));
    // The warning by the child (its column wraps 'Noten' under the parent's name), the round, who may collect her.
    expect(text).toMatch(/Claes, Lotte 8 DRINGEND: Allergie \(voeding\):.*\n\s*Noten/);
    expect(text).toContain('12:00 Lotte Claes Ventolin 2 pufjes ja');
    expect(text).toContain('Claes, Lotte Rita Peeters, Grootmoeder, 0498 55 66 77');

    // A monitor of another camp of the same week: not that camp's list, and its child's sheet refused.
    const other = await staffPage('monitor.ander@voorbeeld.be', 390, 844);
    await other.goto(`/camp-participants/${campId}`);
    await other.getByText('Kamp niet gevonden').waitFor();
    expect(await other.getByText('Noten').count()).toBe(0);
    const refused = await session.t.api.getSafetySheet({ childId }, { token: await signIn(session.t, 'monitor.ander@voorbeeld.be') });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SAFETY_SHEET_FORBIDDEN');
    await checkScreen(other, 'monitor of another camp', { fitsScreen: true });
  });

  it('staff fill in the sheet at the desk, tune a warning level, see the missing sheets per camp and mail those families a reminder (1366 × 768)', async () => {
    const page = await staffPage(TEST_ADMIN.email, 1366, 768);
    await page.goto(`/subscription-detail/${subscriptionId}`);
    await page.getByRole('button', { name: 'Veiligheidsfiche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Veiligheidsfiche Lotte Claes' });
    const allergy = dialog.getByRole('group', { name: 'Allergieën' });
    await expect.poll(() => allergy.getByLabel('Allergisch voor').inputValue()).toBe('Noten');
    expect(await dialog.textContent()).toContain('Laatst ingevuld door het gezin op');
    await dialog.getByRole('button', { name: 'Persoon toevoegen die niet mag ophalen' }).click();
    const refused = dialog.getByRole('group', { name: 'Wie mag het kind niet ophalen?' });
    await refused.getByLabel('Naam').fill('Tom Verbeke');
    await dialog.getByRole('button', { name: 'Fiche opslaan' }).click();
    // Each field is checked before the save: the relation is missing.
    await expect.poll(() => refused.getByLabel('Relatie tot het kind').getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, 'desk sheet with a missing field');
    await refused.getByLabel('Relatie tot het kind').fill('Vader');
    await dialog.getByRole('button', { name: 'Fiche opslaan' }).click();
    await dialog.getByText('De veiligheidsfiche is opgeslagen.').waitFor();
    const stored = await session.t.api.getSafetySheet(
      { childId },
      { token: await signIn(session.t, TEST_ADMIN.email, TEST_ADMIN.password) },
    );
    expect(stored.body.data.SHEET?.PICKUP_REFUSED).toEqual([{ NAME: 'Tom Verbeke', RELATION: 'Vader' }]);
    // The family's answers stay as they were.
    expect(stored.body.data.SHEET?.MEDICATIONS).toEqual([
      { NAME: 'Ventolin', DOSE: '2 pufjes', TIMES: ['12:00'], MONITORS_MAY_GIVE: true },
    ]);
    await checkScreen(page, 'desk sheet saved');
    await dialog.getByRole('button', { name: 'Sluiten' }).first().click();

    // The organiser makes a medication urgent ('Veiligheidsfiches' on Instellingen): the list shows it so at once.
    await page.goto('/settings');
    const rules = page.getByRole('region', { name: 'Veiligheidsfiches' });
    await rules.getByLabel('Medicatie op kamp').selectOption({ label: 'Dringend' });
    await rules.getByRole('button', { name: 'Regels opslaan' }).click();
    await rules.getByText('Opgeslagen').waitFor();
    await checkScreen(page, 'safety sheet rules');

    await page.goto(`/camp-participants/${campId}`);
    const medication = page.getByRole('button', { name: /^Dringend: Medicatie: Ventolin om 12:00/ });
    expect(await medication.locator('[data-level]').getAttribute('data-level')).toBe('urgent');
    const counts = page.getByTestId('sheet-counts');
    await expect.poll(() => counts.textContent()).toContain('Veiligheidsfiches: 1 ontbreken, 0 van vorig seizoen');
    expect(await page.getByRole('list', { name: 'Kinderen' }).textContent()).toContain('Niet meegeven aan: Tom Verbeke (Vader)');
    await checkScreen(page, 'staff day list with the sheet counts');
    await counts.getByRole('button', { name: 'Herinnering mailen' }).click();
    await page.getByRole('dialog', { name: 'Herinnering mailen' }).getByRole('button', { name: 'Versturen' }).click();
    await counts.getByText('1 mail verstuurd.').waitFor();
  });

  it("shows a medewerker 'Veiligheidsfiche' at the desk only while the organiser gives medewerkers that right", async () => {
    await addUser(session.t.db, 'medewerker.balie@voorbeeld.be', 'medewerker');
    const page = await staffPage('medewerker.balie@voorbeeld.be', 1366, 768);
    const button = page.getByRole('button', { name: 'Veiligheidsfiche' });
    const detailWithRules = async () => {
      const rules = page.waitForResponse((response) => response.url().includes('/api/getSafetySheetSettings'));
      await page.goto(`/subscription-detail/${subscriptionId}`);
      await rules;
      await page.getByText('Gegevens kind').waitFor();
    };
    await detailWithRules();
    expect(await button.count()).toBe(0);
    await checkScreen(page, 'desk without the right to the sheets');

    const admin = { token: await signIn(session.t, TEST_ADMIN.email, TEST_ADMIN.password) };
    expect((await session.t.api.saveSafetySheetSettings({ MEDEWERKER_READS: true }, admin)).status).toBe(200);
    await detailWithRules();
    await button.click();
    await page.getByRole('dialog', { name: 'Veiligheidsfiche Lotte Claes' }).waitFor();
    expect((await session.t.api.saveSafetySheetSettings({ MEDEWERKER_READS: false }, admin)).status).toBe(200);
  });
});
