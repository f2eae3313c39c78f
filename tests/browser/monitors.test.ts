import { asc, count, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, monitors } from '../../server/src/db/schema.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { databaseDigest } from '../helpers/digest.js';
import { card, eventually, expectLasts, field, fieldError, pauseClock, serverError } from '../helpers/page.js';

const rowNames = (page: Page) => page.locator('tbody tr td:first-child').allTextContents();

describe('monitors overview and detail in Chromium', () => {
  let session: BrowserSession;
  let gent: { id: number; name: string };
  let brugge: { id: number; name: string };
  let segolene: number;
  let bram: number;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 5 });
    const db = session.t.db;
    [gent, brugge] = (await db.select({ id: locations.id, name: locations.name }).from(locations).orderBy(asc(locations.id))) as [
      { id: number; name: string },
      { id: number; name: string },
    ];
    // Two monitors of our own: one with Brugge only as a second location, one (older data) without remark, phone or e-mail.
    const ours = await db
      .insert(monitors)
      .values([
        {
          firstname: 'Ségolène',
          lastname: 'Achterberg',
          email: 'segolene@monitor.be',
          phone: '0470 11 22 33',
          remark: 'Kookt graag voor de groep',
          campLocation1: gent.id,
          campLocation2: brugge.id,
        },
        { firstname: 'Bram', lastname: 'Zwijsen', email: '', phone: '', remark: null, campLocation1: brugge.id },
      ])
      .returning({ id: monitors.id });
    [segolene, bram] = ours.map((m) => m.id) as [number, number];
  });
  afterAll(async () => session?.close());

  const monitorCount = async () => (await session.t.db.select({ n: count() }).from(monitors))[0]!.n;
  const storedMonitor = async (monitorId: number) => (await session.t.db.select().from(monitors).where(eq(monitors.id, monitorId)))[0];
  const openOverview = async (page: Page) => {
    await page.goto('/monitors-overview');
    await page.getByRole('heading', { name: 'Monitoren' }).waitFor();
    await eventually(() => page.locator('tbody tr').count()).toBe(await monitorCount());
  };
  const search = (page: Page) => page.getByLabel('Zoeken op voornaam, familienaam of opmerking');
  const locationFilter = (page: Page) => page.getByLabel('Eerste kamplocatie');
  const shownCount = (page: Page) => page.getByTestId('monitor-count').textContent();

  it('lists every monitor by last name, with the count, an add button, and / for empty values', async () => {
    const page = await session.newPage();
    await openOverview(page);
    const total = await monitorCount();
    expect(await shownCount(page)).toBe(`${total} monitoren`);
    expect(await page.getByRole('link', { name: 'Monitor toevoegen' }).getAttribute('href')).toBe('/monitor-detail');
    expect(await page.locator('thead th').allTextContents()).toEqual(['Naam', 'Opmerking', 'Telefoon', 'E-mail', 'Acties']);

    const names = await rowNames(page);
    expect(names[0]).toBe('Achterberg, Ségolène');
    expect(names.at(-1)).toBe('Zwijsen, Bram');
    const segoleneRow = page.locator('tbody tr', { hasText: 'Achterberg, Ségolène' });
    expect(await segoleneRow.locator('td').allTextContents()).toEqual([
      'Achterberg, Ségolène',
      'Kookt graag voor de groep',
      '0470 11 22 33',
      'segolene@monitor.be',
      'Wijzigen',
    ]);
    expect(await page.locator('tbody tr', { hasText: 'Zwijsen, Bram' }).locator('td').allTextContents()).toEqual([
      'Zwijsen, Bram',
      '/',
      '/',
      '/',
      'Wijzigen',
    ]);
    await expectNoSeriousAxeViolations(page, 'monitors overview');

    await segoleneRow.getByRole('link', { name: /^Wijzigen/ }).click();
    await page.waitForURL(`**/monitor-detail/${segolene}`);
    await page.getByRole('heading', { name: 'Monitor Ségolène Achterberg' }).waitFor();
  });

  it('searches first name, last name and remark exactly, accents ignored, from 2 characters', async () => {
    const page = await session.newPage();
    await openOverview(page);
    const total = await monitorCount();

    await search(page).fill('segolene');
    await eventually(() => rowNames(page)).toEqual(['Achterberg, Ségolène']);
    expect(await shownCount(page)).toBe('1 monitor');
    await expectNoSeriousAxeViolations(page, 'monitors search');

    await search(page).fill('zwijsen');
    await eventually(() => rowNames(page)).toEqual(['Zwijsen, Bram']);
    await search(page).fill('graag kookt');
    await eventually(() => rowNames(page)).toEqual(['Achterberg, Ségolène']);
    // Exact, not fuzzy: a typo finds nobody.
    await search(page).fill('zwysen');
    await eventually(() => page.locator('tbody tr').count()).toBe(0);
    expect(await shownCount(page)).toBe('0 monitoren');
    // One character is too short to search: the full list.
    await search(page).fill('z');
    await eventually(() => page.locator('tbody tr').count()).toBe(total);
  });

  it('filters on the first camp location; search and location exclude each other', async () => {
    const page = await session.newPage();
    await openOverview(page);
    const firstInBrugge = await session.t.db.select().from(monitors).where(eq(monitors.campLocation1, brugge.id));

    await locationFilter(page).selectOption({ label: brugge.name });
    await eventually(() => page.locator('tbody tr').count()).toBe(firstInBrugge.length);
    const names = await rowNames(page);
    expect(names).toContain('Zwijsen, Bram');
    // Brugge is only Ségolène's second location.
    expect(names).not.toContain('Achterberg, Ségolène');
    expect(await shownCount(page)).toBe(firstInBrugge.length === 1 ? '1 monitor' : `${firstInBrugge.length} monitoren`);
    await expectNoSeriousAxeViolations(page, 'monitors location filter');

    // The search ignores the location: it looks at every monitor and resets the dropdown.
    await search(page).fill('achterberg');
    await eventually(() => rowNames(page)).toEqual(['Achterberg, Ségolène']);
    expect(await locationFilter(page).inputValue()).toBe('');

    // Choosing a location clears the search.
    await locationFilter(page).selectOption({ label: gent.name });
    expect(await search(page).inputValue()).toBe('');
    const firstInGent = await session.t.db.select().from(monitors).where(eq(monitors.campLocation1, gent.id));
    await eventually(() => page.locator('tbody tr').count()).toBe(firstInGent.length);
    expect(await rowNames(page)).toContain('Achterberg, Ségolène');

    await locationFilter(page).selectOption({ label: 'Alle locaties' });
    await eventually(() => page.locator('tbody tr').count()).toBe(await monitorCount());
  });

  it('shows no message when the monitors cannot be loaded', async () => {
    const page = await session.newPage();
    let calls = 0;
    await page.route('**/api/getMonitors*', (route) => {
      calls += 1;
      return serverError(route);
    });
    await page.goto('/monitors-overview');
    await page.getByRole('heading', { name: 'Monitoren' }).waitFor();
    // The first call and its two retries, then the loading line goes.
    await eventually(() => calls).toBe(3);
    await eventually(() => page.getByText('Laden...').count()).toBe(0);
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'monitors overview load failure');
  });

  it('creates a monitor with every field, showing Opgeslagen and returning to the overview', async () => {
    const page = await session.newPage();
    await openOverview(page);
    await page.getByRole('link', { name: 'Monitor toevoegen' }).click();
    await page.waitForURL('**/monitor-detail');
    await page.getByRole('heading', { name: 'Monitor toevoegen' }).waitFor();
    for (const title of ['Gegevens', 'Adres', 'Andere gegevens']) await card(page, title).waitFor();
    // One button for the whole monitor; no id, no delete in create mode.
    expect(await page.getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Monitor verwijderen' }).count()).toBe(0);
    expect(await page.getByLabel('Monitor ID').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'monitor create');

    const gegevens = card(page, 'Gegevens');
    await field(gegevens, 'Voornaam').fill('Jonas');
    await field(gegevens, 'Familienaam').fill('  De Clercq ');
    await field(gegevens, 'E-mail').fill('jonas.declercq@monitor.be');
    await field(gegevens, 'Telefoon').fill('+32 476 55 44 33');
    await field(gegevens, 'Geboortedatum').fill('2003-09-21');
    await field(gegevens, 'Rijksregisternummer').fill('03.09.21-117.87');
    const adres = card(page, 'Adres');
    await field(adres, 'Straat').fill('Molenstraat');
    await field(adres, 'Huisnummer').fill('7b');
    await field(adres, 'Postcode').fill('8000');
    await field(adres, 'Gemeente').fill('Brugge');
    const andere = card(page, 'Andere gegevens');
    await field(andere, 'Rekeningnummer').fill('BE71096123456769');
    await field(andere, 'Opmerking').fill('Hoofdmonitor in de paasvakantie');
    await field(andere, 'Kamplocatie 1').selectOption({ label: brugge.name });
    await field(andere, 'Kamplocatie 3').selectOption({ label: gent.name });

    const before = await monitorCount();
    const add = page.getByRole('button', { name: 'Monitor toevoegen' });
    await add.click();
    await eventually(() => page.locator('form button[type=submit]').textContent()).toBe('Opgeslagen');
    await page.waitForURL('**/monitors-overview');
    expect(await monitorCount()).toBe(before + 1);
    const [created] = await session.t.db.select().from(monitors).where(eq(monitors.email, 'jonas.declercq@monitor.be'));
    expect(created).toEqual({
      id: created!.id,
      firstname: 'Jonas',
      lastname: 'De Clercq',
      email: 'jonas.declercq@monitor.be',
      phone: '+32 476 55 44 33',
      remark: 'Hoofdmonitor in de paasvakantie',
      birthdate: '2003-09-21',
      nationalnr: '03.09.21-117.87',
      accountNr: 'BE71096123456769',
      street: 'Molenstraat',
      housenr: '7b',
      postalcode: '8000',
      city: 'Brugge',
      campLocation1: brugge.id,
      campLocation2: null,
      campLocation3: gent.id,
      campLocation4: null,
      campLocation5: null,
      version: 1,
    });
    await page.locator('tbody tr', { hasText: 'De Clercq, Jonas' }).waitFor();
  });

  it('marks the required fields and shows every validation message without saving', async () => {
    const page = await session.newPage();
    await page.goto('/monitor-detail');
    await page.getByRole('heading', { name: 'Monitor toevoegen' }).waitFor();
    const gegevens = card(page, 'Gegevens');
    const andere = card(page, 'Andere gegevens');
    for (const label of ['Voornaam', 'Familienaam', 'E-mail', 'Telefoon']) {
      expect(await field(gegevens, label).getAttribute('aria-required'), label).toBe('true');
    }
    expect(await field(andere, 'Rekeningnummer').getAttribute('aria-required')).toBeNull();
    expect(await gegevens.locator('label', { hasText: 'Voornaam' }).textContent()).toBe('Voornaam*');

    const before = await databaseDigest(session.t.db);
    await page.getByRole('button', { name: 'Monitor toevoegen' }).click();
    for (const label of ['Voornaam', 'Familienaam', 'E-mail', 'Telefoon']) {
      await eventually(() => fieldError(gegevens, label)).toBe('Veld verplicht');
    }
    await expectNoSeriousAxeViolations(page, 'monitor create with errors');

    await field(gegevens, 'E-mail').fill('jonas.monitor.be');
    await field(gegevens, 'Telefoon').fill('bel me maar');
    await field(andere, 'Rekeningnummer').fill('BE7109612345676');
    await field(andere, 'Opmerking').click();
    await eventually(() => fieldError(gegevens, 'E-mail')).toBe('ongeldig mailadres');
    await eventually(() => fieldError(gegevens, 'Telefoon')).toBe('Foutief formaat');
    await eventually(() => fieldError(andere, 'Rekeningnummer')).toBe('Inhoud te kort');
    await field(andere, 'Rekeningnummer').fill('BE71 0961 2345 6769');
    await eventually(() => fieldError(andere, 'Rekeningnummer')).toBe('Inhoud te lang. Geen spaties gebruiken.');
    await field(gegevens, 'Voornaam').fill('x'.repeat(51));
    await eventually(() => fieldError(gegevens, 'Voornaam')).toBe('Inhoud te lang');
    // A valid value takes the message away; an empty account number is fine.
    await field(andere, 'Rekeningnummer').fill('');
    await eventually(() => fieldError(andere, 'Rekeningnummer')).toBe('');

    await page.getByRole('button', { name: 'Monitor toevoegen' }).click();
    await eventually(() => fieldError(gegevens, 'E-mail')).toBe('ongeldig mailadres');
    expect(await page.url()).toMatch(/\/monitor-detail$/);
    expect(await databaseDigest(session.t.db)).toEqual(before);
  });

  it('edits each card on its own: Opgeslagen for a second, only that card sent', async () => {
    const page = await session.newPage();
    await page.clock.install();
    await page.goto(`/monitor-detail/${segolene}`);
    await page.getByRole('heading', { name: 'Monitor Ségolène Achterberg' }).waitFor();
    const gegevens = card(page, 'Gegevens');
    const adres = card(page, 'Adres');
    const andere = card(page, 'Andere gegevens');
    expect(await field(gegevens, 'Monitor ID').inputValue()).toBe(String(segolene));
    expect(await field(gegevens, 'Geboortedatum').inputValue()).toBe('');
    expect(await field(andere, 'Kamplocatie 2').inputValue()).toBe(String(brugge.id));
    await expectNoSeriousAxeViolations(page, 'monitor edit');

    // Gegevens saves with an unsaved change in Adres: the street stays as stored.
    await field(adres, 'Straat').fill('Niet bewaard');
    await field(gegevens, 'Voornaam').fill('Ségo');
    await field(gegevens, 'Geboortedatum').fill('2002-02-14');
    const saveGegevens = gegevens.locator('button[type=submit]');
    await pauseClock(page);
    await saveGegevens.click();
    await eventually(() => saveGegevens.textContent()).toBe('Opgeslagen');
    expect(await saveGegevens.isDisabled()).toBe(true);
    await expectLasts(page, 1000, async () => (await saveGegevens.textContent()) === 'Opgeslagen');
    await page.clock.resume();
    expect(await saveGegevens.textContent()).toBe('Opslaan');
    expect(await storedMonitor(segolene)).toMatchObject({
      firstname: 'Ségo',
      birthdate: '2002-02-14',
      street: null,
      campLocation2: brugge.id,
    });
    await expectNoSeriousAxeViolations(page, 'monitor edit saved');

    await field(adres, 'Straat').fill('Veldstraat');
    await field(adres, 'Huisnummer').fill('101');
    await field(adres, 'Postcode').fill('9000');
    await field(adres, 'Gemeente').fill('Gent');
    await adres.getByRole('button', { name: 'Opslaan' }).click();
    await eventually(() => adres.locator('button[type=submit]').textContent()).toBe('Opgeslagen');
    expect(await storedMonitor(segolene)).toMatchObject({
      firstname: 'Ségo',
      street: 'Veldstraat',
      housenr: '101',
      postalcode: '9000',
      city: 'Gent',
    });

    await field(andere, 'Opmerking').fill('');
    await field(andere, 'Rekeningnummer').fill('NL91ABNA04171643');
    await field(andere, 'Kamplocatie 1').selectOption({ label: brugge.name });
    await field(andere, 'Kamplocatie 2').selectOption({ label: 'Geen locatie' });
    await field(andere, 'Kamplocatie 5').selectOption({ label: gent.name });
    await andere.getByRole('button', { name: 'Opslaan' }).click();
    await eventually(() => andere.locator('button[type=submit]').textContent()).toBe('Opgeslagen');
    expect(await storedMonitor(segolene)).toMatchObject({
      firstname: 'Ségo',
      birthdate: '2002-02-14',
      street: 'Veldstraat',
      remark: null,
      accountNr: 'NL91ABNA04171643',
      campLocation1: brugge.id,
      campLocation2: null,
      campLocation5: gent.id,
    });

    // The new name is in the overview too.
    await page.getByRole('link', { name: '<< Terug naar overzicht' }).click();
    await page.waitForURL('**/monitors-overview');
    await eventually(() => rowNames(page)).toContain('Achterberg, Ségo');
  });

  it('validates a card before saving it, changing nothing', async () => {
    const page = await session.newPage();
    await page.goto(`/monitor-detail/${bram}`);
    await page.getByRole('heading', { name: 'Monitor Bram Zwijsen' }).waitFor();
    const gegevens = card(page, 'Gegevens');
    const before = await databaseDigest(session.t.db);
    // Older data without e-mail and phone: saving asks for them.
    await gegevens.getByRole('button', { name: 'Opslaan' }).click();
    await eventually(() => fieldError(gegevens, 'E-mail')).toBe('Veld verplicht');
    expect(await fieldError(gegevens, 'Telefoon')).toBe('Veld verplicht');
    await field(gegevens, 'Familienaam').fill('');
    await field(gegevens, 'E-mail').click();
    await eventually(() => fieldError(gegevens, 'Familienaam')).toBe('Veld verplicht');
    await expectNoSeriousAxeViolations(page, 'monitor edit with errors');

    const andere = card(page, 'Andere gegevens');
    await field(andere, 'Rekeningnummer').fill('BE71 0961');
    await andere.getByRole('button', { name: 'Opslaan' }).click();
    await eventually(() => fieldError(andere, 'Rekeningnummer')).toBe('Inhoud te kort');
    expect(await databaseDigest(session.t.db)).toEqual(before);
  });

  it('shows Opslaan mislukt when a save fails, in create and in update mode, and the form stays usable', async () => {
    const page = await session.newPage();
    await page.route('**/api/updateMonitor', serverError);
    const before = await databaseDigest(session.t.db);

    await page.goto(`/monitor-detail/${bram}`);
    await page.getByRole('heading', { name: 'Monitor Bram Zwijsen' }).waitFor();
    const adres = card(page, 'Adres');
    await field(adres, 'Gemeente').fill('Kortrijk');
    await adres.getByRole('button', { name: 'Opslaan' }).click();
    await eventually(() => adres.getByRole('alert').textContent()).toBe('Opslaan mislukt, probeer opnieuw.');
    expect(await adres.locator('button[type=submit]').textContent()).toBe('Opslaan');
    expect(await adres.locator('button[type=submit]').isDisabled()).toBe(false);
    expect(await card(page, 'Gegevens').getByRole('alert').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'monitor save failed');

    await page.goto('/monitor-detail');
    await page.getByRole('heading', { name: 'Monitor toevoegen' }).waitFor();
    const gegevens = card(page, 'Gegevens');
    await field(gegevens, 'Voornaam').fill('Nora');
    await field(gegevens, 'Familienaam').fill('Claes');
    await field(gegevens, 'E-mail').fill('nora.claes@monitor.be');
    await field(gegevens, 'Telefoon').fill('0499 12 12 12');
    await page.getByRole('button', { name: 'Monitor toevoegen' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toBe('Opslaan mislukt, probeer opnieuw.');
    expect(await page.getByRole('button', { name: 'Monitor toevoegen' }).isDisabled()).toBe(false);
    expect(page.url()).toMatch(/\/monitor-detail$/);
    await expectNoSeriousAxeViolations(page, 'monitor create failed');
    expect(await databaseDigest(session.t.db)).toEqual(before);
  });

  it('deletes a monitor after confirming; a failed delete says so and keeps it', async () => {
    const [victim] = await session.t.db
      .insert(monitors)
      .values({ firstname: 'Wout', lastname: 'Verbeke', email: 'wout@monitor.be', phone: '0488 00 11 22' })
      .returning({ id: monitors.id });
    const page = await session.newPage();
    await page.goto(`/monitor-detail/${victim!.id}`);
    await page.getByRole('heading', { name: 'Monitor Wout Verbeke' }).waitFor();

    // Cancelling asks nothing of the server.
    await page.getByRole('button', { name: 'Monitor verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Monitor verwijderen' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Wil je monitor Wout Verbeke definitief verwijderen?');
    await expectNoSeriousAxeViolations(page, 'monitor delete confirmation');
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await storedMonitor(victim!.id)).toBeDefined();

    await page.route('**/api/deleteMonitor', serverError);
    await page.getByRole('button', { name: 'Monitor verwijderen' }).click();
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await eventually(() => dialog.getByRole('alert').textContent()).toBe('Verwijderen mislukt, probeer opnieuw.');
    expect(await dialog.getByRole('button', { name: 'Verwijderen' }).isDisabled()).toBe(false);
    await expectNoSeriousAxeViolations(page, 'monitor delete failed');
    expect(await storedMonitor(victim!.id)).toBeDefined();

    await page.unroute('**/api/deleteMonitor');
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('status').filter({ hasText: 'Monitor verwijderd.' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Verwijderd' }).isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'monitor deleted');
    await page.waitForURL('**/monitors-overview');
    expect(await storedMonitor(victim!.id)).toBeUndefined();
    await eventually(() => page.locator('tbody tr').count()).toBe(await monitorCount());
    expect(await rowNames(page)).not.toContain('Verbeke, Wout');
  });

  it('says so when the locations cannot be loaded, instead of forms whose locations would be lost', async () => {
    const page = await session.newPage();
    await page.route('**/api/getTaxonomy?type=location', serverError);
    await page.goto(`/monitor-detail/${bram}`);
    await eventually(() => page.getByRole('alert').textContent()).toBe('Niet gelukt om locaties op te halen. Probeer opnieuw.');
    expect(await page.locator('form').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'monitor detail without locations');
  });

  it('says Monitor niet gevonden for an unknown or malformed id', async () => {
    const page = await session.newPage();
    for (const id of ['99999', 'abc', '0']) {
      await page.goto(`/monitor-detail/${id}`);
      await page.getByRole('heading', { name: 'Monitor niet gevonden' }).waitFor();
      expect(await page.locator('form').count()).toBe(0);
    }
    await expectNoSeriousAxeViolations(page, 'monitor not found');
  });
});
