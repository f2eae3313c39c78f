import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRows } from '../../server/src/db/client.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { controlledClock, type ControlledClock } from '../helpers/clock.js';
import { createMonitor } from '../helpers/factory.js';
import { field, fieldError, eventually, UI_TIMEOUT_MS } from '../helpers/page.js';
import { addUser, USER_PASSWORD } from '../helpers/users.js';

const NEW_PASSWORD = 'zomerkamp aan de kust';

async function signInByForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Gebruikersnaam (e-mailadres)').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Aanmelden' }).click();
}

const navLinks = (page: Page) => page.locator('#main-navigation a.nav-link:not(.dropdown-toggle)').allTextContents();

describe('users and roles in Chromium', () => {
  let session: BrowserSession;
  // The server's clock stands in the summer of the demo's first camp year, so a monitor has camps that have not ended.
  const clock: ControlledClock = controlledClock(new Date('2021-07-01T08:00:00Z'));
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10, clock });
  });
  afterAll(async () => session?.close());

  it('a beheerder invites a medewerker, who sets a password through the link, signs in, and is offered no Gebruikers', async () => {
    const page = await session.newPage();
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Gebruikers' }).waitFor();
    await eventually(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectNoSeriousAxeViolations(page, 'users page');
    await field(page, 'E-mailadres').fill('an@kampbeheer.be');
    await field(page, 'Rol').selectOption('medewerker');
    await page.getByRole('button', { name: 'Uitnodigen' }).click();
    const link = await page.getByTestId('invite-link').textContent({ timeout: UI_TIMEOUT_MS });
    await eventually(() => page.locator('tbody tr', { hasText: 'an@kampbeheer.be' }).locator('td').nth(3).textContent()).toBe(
      'Uitgenodigd',
    );

    const invitee = await session.newPage({ signedIn: false });
    await invitee.goto(new URL(link!).pathname + new URL(link!).search);
    await invitee.getByRole('heading', { name: 'Wachtwoord kiezen' }).waitFor();
    await expectNoSeriousAxeViolations(invitee, 'accept invite');
    await invitee.getByLabel('Nieuw wachtwoord').fill(NEW_PASSWORD);
    await invitee.getByLabel('Herhaal het wachtwoord').fill(NEW_PASSWORD);
    await invitee.getByRole('button', { name: 'Wachtwoord instellen' }).click();
    await invitee.getByRole('link', { name: 'Meld je nu aan' }).click();
    await signInByForm(invitee, 'an@kampbeheer.be', NEW_PASSWORD);
    await invitee.waitForURL(/\/subscription-overview/, { timeout: UI_TIMEOUT_MS });
    // The full navigation bar loads after the first screen.
    await eventually(() => navLinks(invitee)).toEqual([
      'Inschrijvingen',
      'Monitoren',
      'Kampen',
      "Thema's",
      'Betalingen',
      'Overzicht',
      'Planning',
      'Mijn account',
    ]);
    await invitee.getByRole('button', { name: 'Beheer' }).click();
    const menu = await invitee.locator('[aria-labelledby="admin-menu"] a').allTextContents();
    expect(menu).not.toContain('Gebruikers');
    expect(menu).not.toContain('Instellingen');
    expect(menu).toContain('Locaties');
    await invitee.goto('/users');
    await invitee.getByRole('heading', { name: 'Geen toegang' }).waitFor();

    await page.reload();
    await eventually(() => page.locator('tbody tr', { hasText: 'an@kampbeheer.be' }).locator('td').nth(3).textContent()).toBe('Actief');
  });

  it("a monitor sees only their camps and opens a camp's participant list", async () => {
    const [camp] = await readRows(
      session.t.db,
      sql`select c.id, c.location_id as "locationId", extract(year from p.start_date)::int as "year" from camps c join periods p on p.id = c.period_id order by c.id limit 1`,
      z.object({ id: z.number(), locationId: z.number(), year: z.number() }),
    );
    const monitorId = await createMonitor(session.t.db, { locationIds: [camp!.locationId] });
    await addUser(session.t.db, 'monitor@kampbeheer.be', 'monitor', monitorId);
    // The first camp's first day: the camps of its location that have not ended are the monitor's.
    const [{ start } = { start: '' }] = await readRows(
      session.t.db,
      sql`select p.start_date::text as start from camps c join periods p on p.id = c.period_id where c.id = ${camp!.id}`,
      z.object({ start: z.string() }),
    );
    clock.advance(new Date(`${start}T08:00:00Z`).getTime() - clock.now().getTime());
    const expected = await readRows(
      session.t.db,
      sql`select c.id from camps c join periods p on p.id = c.period_id
          where c.location_id = ${camp!.locationId} and extract(year from p.start_date) = ${camp!.year} and p.end_date >= ${start}::date`,
      z.object({ id: z.number() }),
    );
    expect(expected.length).toBeGreaterThan(0);

    const page = await session.newPage({ signedIn: false });
    await signInByForm(page, 'monitor@kampbeheer.be', USER_PASSWORD);
    await page.waitForURL(/\/camps/, { timeout: UI_TIMEOUT_MS });
    await page.goto(`/camps?subscriptionsYear=${camp!.year}`);
    await page.getByRole('heading', { name: `Mijn kampen ${camp!.year}` }).waitFor();
    await eventually(() => page.getByRole('link', { name: 'Deelnemers' }).count()).toBe(expected.length);
    await eventually(() => navLinks(page)).toEqual(['Kampen', 'Mijn account']);
    expect(await page.getByRole('button', { name: 'Beheer' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'monitor camps');

    await page.getByRole('link', { name: 'Deelnemers' }).first().click();
    await page.waitForURL(/\/camp-participants\/\d+/);
    await eventually(() => page.getByRole('alert').count()).toBe(0);
    // What the camp day needs, nothing about money, and the printed list but no spreadsheet of contact data.
    await page.getByRole('button', { name: 'Afdrukken (PDF)' }).waitFor();
    expect(await page.getByRole('button', { name: 'Exporteren (Excel)' }).count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toMatch(/betaald|saldo|€/i);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: '/tmp/monitor-participants.png', fullPage: true });
    await expectNoSeriousAxeViolations(page, 'monitor participants');
    await page.goto('/subscription-overview');
    await page.getByRole('heading', { name: 'Geen toegang' }).waitFor();
  });

  it('a role change asks first; to Monitor it asks which monitor; Monitor → Medewerker → Monitor works; refusals are sentences', async () => {
    const monitorId = await createMonitor(session.t.db, { firstname: 'Mila', lastname: 'Rolwissel' });
    const userId = await addUser(session.t.db, 'rolwissel@kampbeheer.be', 'monitor', monitorId);
    const stored = async () =>
      (
        await readRows(
          session.t.db,
          sql`select role, monitor_id as "monitorId" from admins where id = ${userId}`,
          z.object({ role: z.string(), monitorId: z.number().nullable() }),
        )
      )[0];
    const page = await session.newPage();
    await page.goto('/users');
    const row = page.locator('tbody tr', { hasText: 'rolwissel@kampbeheer.be' });
    const roleSelect = row.getByLabel('Rol van rolwissel@kampbeheer.be');
    await roleSelect.waitFor();
    const dialog = page.getByRole('dialog');

    // Choosing another role saves nothing yet: the dialog asks, and 'Annuleren' keeps the role.
    await roleSelect.selectOption('medewerker');
    await dialog.getByRole('heading', { name: 'Rol wijzigen' }).waitFor();
    expect(await dialog.textContent()).toContain('rolwissel@kampbeheer.be wordt Medewerker in plaats van Monitor.');
    expect(await dialog.textContent()).toContain('Open sessies van deze gebruiker eindigen meteen.');
    await expectNoSeriousAxeViolations(page, 'role change dialog');
    expect(await stored()).toEqual({ role: 'monitor', monitorId });
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await eventually(() => dialog.count()).toBe(0);
    expect(await roleSelect.inputValue()).toBe('monitor');
    expect(await stored()).toEqual({ role: 'monitor', monitorId });

    await roleSelect.selectOption('medewerker');
    await dialog.getByRole('button', { name: 'Rol wijzigen' }).click();
    await eventually(stored).toEqual({ role: 'medewerker', monitorId: null });
    await eventually(() => roleSelect.inputValue()).toBe('medewerker');

    // And back: the dialog asks which monitor the user is, and will not go on without one.
    await roleSelect.selectOption('monitor');
    await field(dialog, 'Welke monitor is deze gebruiker?').waitFor();
    await dialog.getByRole('button', { name: 'Rol wijzigen' }).click();
    await eventually(() => dialog.getByRole('alert').textContent()).toBe('Kies de monitor van deze gebruiker.');
    await expectNoSeriousAxeViolations(page, 'role change to monitor without a monitor');
    expect(await stored()).toEqual({ role: 'medewerker', monitorId: null });
    await field(dialog, 'Welke monitor is deze gebruiker?').selectOption({ label: 'Mila Rolwissel' });
    await dialog.getByRole('button', { name: 'Rol wijzigen' }).click();
    await eventually(stored).toEqual({ role: 'monitor', monitorId });
    await eventually(() => row.getByLabel('Monitor van rolwissel@kampbeheer.be').inputValue()).toBe(String(monitorId));

    // A refusal of the server reads as its own sentence, not 'Ongeldige invoer Kies de monitor…'.
    await field(page, 'E-mailadres').fill('zondermonitor@kampbeheer.be');
    await field(page, 'Rol').selectOption('monitor');
    await page.getByRole('button', { name: 'Uitnodigen' }).click();
    await eventually(() => fieldError(page, 'Monitor')).toBe('Kies de monitor van deze gebruiker.');
    expect(await page.locator('section[aria-labelledby="invite-title"] .alert-danger').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'invite refused without a monitor');
  });
});
