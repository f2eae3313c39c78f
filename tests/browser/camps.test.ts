import { and, eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camps, locations, periods, vouchers } from '../../server/src/db/schema.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { databaseDigest } from '../helpers/digest.js';
import { createCamp, createPeriod } from '../helpers/factory.js';
import { UI_TIMEOUT_MS, eventually, expectLasts, field, fieldError, pauseClock, saveButton, serverError } from '../helpers/page.js';

const PUBLIC_SITE_URL = 'https://inschrijven.kampen.test/boeken?bron=admin';
const year = new Date().getFullYear();

const isApi = (name: string, param?: string) => (url: URL) => url.pathname === `/api/${name}` && (!param || url.searchParams.has(param));
const isThemeLookup = (url: URL) => url.pathname === '/api/getTaxonomy' && url.searchParams.get('type') === 'theme';

/** '2026-07-13' → '13/07/2026', written out here rather than borrowed from the code under test. */
const belgian = (isoDate: string) => isoDate.split('-').reverse().join('/');

describe('camps overview, voucher links and camp detail in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 40, env: { PUBLIC_SITE_URL } });
  });
  afterAll(async () => session?.close());

  const campsOfYear = async () => (await session.t.api.getCamps({ campYear: year })).body.data;
  const campRow = async (id: number) => (await session.t.db.select().from(camps).where(eq(camps.id, id)))[0]!;
  const overviewRow = (page: Page, campId: number) => page.locator(`tbody tr[data-camp-id="${campId}"]`);
  const alerts = (page: Page) => page.getByRole('alert').allTextContents();
  const touch = async (page: Page, label: string, value?: string) => {
    if (value === undefined) await field(page, label).focus();
    else await field(page, label).fill(value);
    await field(page, label).blur();
  };

  it('shows every camp of a year with more camps than its first pass of rows, in order', async () => {
    // A year of some 300 camps renders its first 25 rows first (CampsTable's FIRST_PASS_ROWS), the rest a frame later.
    const busyYear = year - 2;
    const period = await createPeriod(session.t.db, { startDate: `${busyYear}-08-03` });
    for (let i = 0; i < 45; i++) await createCamp(session.t.db, { periodId: period });
    const expected = await (await session.t.api.getCamps({ campYear: busyYear })).body.data;
    expect(expected.length).toBeGreaterThan(45);
    const page = await session.newPage();
    await page.goto(`/camps?subscriptionsYear=${busyYear}`);
    await page.getByText(`${expected.length} kampen`).waitFor();
    await eventually(() => page.locator('tbody tr').count()).toBe(expected.length);
    const shown = await page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-camp-id'))));
    // getCamps answers them in the overview's order: by period, theme and location.
    expect(shown).toEqual(expected.map((c) => c.CAMP_ID));
  });

  it('lists the camps of the year with period, age group and seats, and filters them', async () => {
    const page = await session.newPage();
    await page.goto(`/camps?subscriptionsYear=${year}`);
    const expected = await campsOfYear();
    await eventually(() => page.locator('tbody tr').count()).toBe(expected.length);
    await page.getByText(`${expected.length} kampen`).waitFor();
    expect(await page.locator('thead th').allTextContents()).toEqual(['Kamp', 'Periode', 'Leeftijdsgroep', 'Bezet/beschikbaar', 'Acties']);

    const camp = expected[0]!;
    const cells = await overviewRow(page, camp.CAMP_ID).locator('td').allTextContents();
    const [, sm, sd] = camp.PERIOD_STARTDATE.split('-');
    const [, em, ed] = camp.PERIOD_ENDDATE.split('-');
    expect(cells[0]).toBe(`${camp.THEME_NAME} - ${camp.LOCATION_NAME}${camp.CAMP_CLOSED ? 'Kamp afgesloten' : ''}`);
    expect(cells[1]).toBe(`${camp.PERIOD_NAME} (${sd}/${sm} - ${ed}/${em})`);
    expect(cells[2]).toBe(camp.AGEGROUP_NAME);
    expect(cells[3]).toBe(`${camp.SEATS_TAKEN}/${camp.SEATS_AVAILABLE}`);
    expect(await overviewRow(page, camp.CAMP_ID).getByRole('link', { name: 'Wijzigen' }).getAttribute('target')).toBe('_blank');
    await expectNoSeriousAxeViolations(page, 'camps overview');

    await field(page, 'Thema').selectOption({ label: camp.THEME_NAME });
    const sameTheme = expected.filter((c) => c.THEME_ID === camp.THEME_ID);
    await eventually(() => page.locator('tbody tr').count()).toBe(sameTheme.length);
    await field(page, 'Periode').selectOption({ label: camp.PERIOD_NAME });
    const samePeriod = sameTheme.filter((c) => c.PERIOD_ID === camp.PERIOD_ID);
    await eventually(() => page.locator('tbody tr').count()).toBe(samePeriod.length);
    const otherLocation = (await session.t.db.select().from(locations)).find((l) => l.id !== camp.LOCATION_ID)!;
    await field(page, 'Locatie').selectOption({ label: otherLocation.name });
    const shown = samePeriod.filter((c) => c.LOCATION_ID === otherLocation.id);
    await eventually(() => page.locator('tbody tr').count()).toBe(shown.length);
    await field(page, 'Locatie').selectOption({ label: 'Alle locaties' });
    await field(page, 'Periode').selectOption({ label: 'Alle periodes' });
    await field(page, 'Thema').selectOption({ label: "Alle thema's" });
    await eventually(() => page.locator('tbody tr').count()).toBe(expected.length);
  });

  it('creates a camp through the form with the new-camp defaults, opens it after a second, and lists it', async () => {
    const page = await session.newPage();
    await page.clock.install();
    await page.goto(`/camps?subscriptionsYear=${year}`);
    await page.getByRole('link', { name: 'Kamp toevoegen' }).click();
    await page.waitForURL(`**/camp-detail?subscriptionsYear=${year}`);
    await page.getByRole('heading', { name: 'Kamp toevoegen', level: 1 }).waitFor();
    expect(await page.getByText('Algemene info').count()).toBe(0);

    // The four choices start on their placeholders; the rest on the defaults of spec section 9.
    const selected = (label: string) => field(page, label).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent);
    expect(await selected('Locatie')).toBe('Kies een locatie');
    expect(await selected('Periode')).toBe('Kies een periode');
    expect(await selected('Thema')).toBe('Kies een thema');
    expect(await selected('Leeftijdsgroep')).toBe('Kies een leeftijdsgroep');
    expect(await selected('Status')).toBe('Open');
    expect(await selected('Korting toegestaan')).toBe('Nee');
    expect(await selected('Korting volgens gekozen dagen')).toBe('Nee');
    expect(await selected('Flexibel boeken toegestaan')).toBe('Ja');
    expect(await field(page, 'Korting toegestaan').locator('option').allTextContents()).toEqual(['Ja', 'Nee']);
    expect(await field(page, 'Status').locator('option').allTextContents()).toEqual(['Open', 'Gesloten']);
    for (const label of ['Minimum geboortejaar', 'Prijs (€)', 'Aantal plaatsen', 'Minimum aantal dagen', 'Te verdienen korting (€)']) {
      expect(await field(page, label).inputValue(), label).toBe('0');
    }
    expect(await field(page, 'Bevestiging').inputValue()).toBe('bevestiging');
    expect(await field(page, 'Annulatie').inputValue()).toBe('annulatie');
    expect(await field(page, 'Omzetten naar cash betaling').inputValue()).toBe('omzetten-cash');
    expect(await field(page, 'Omzetten naar overschrijving betaling').inputValue()).toBe('omzetten-overschrijving');
    // Camp days are picked from the period, so there is nothing to pick before one is chosen.
    await page.getByText('Kies eerst een periode.').waitFor();
    // Every template of Beheer › Mailsjablonen is a choice.
    const templates = (await session.t.api.getMailTemplates()).body.data.length;
    expect(await field(page, 'Bevestiging').locator('option').count()).toBe(templates);
    await page.getByText('Sla het kamp eerst op; daarna kan je hier automatische mails plannen.').waitFor();

    const [summer3] = await session.t.db
      .select()
      .from(periods)
      .where(and(eq(periods.name, 'Zomer week 3'), sql`extract(year from ${periods.startDate}) = ${year}`));
    const periodLabel = `Zomer week 3 | ${belgian(summer3!.startDate)} tot ${belgian(summer3!.endDate)}`;
    expect(await field(page, 'Periode').locator('option').allTextContents()).toContain(periodLabel);
    await expectNoSeriousAxeViolations(page, 'camp create');

    await field(page, 'Locatie').selectOption({ label: 'Sportcentrum Olympia, Brugge' });
    await field(page, 'Periode').selectOption({ label: periodLabel });
    await field(page, 'Thema').selectOption({ label: 'Tennis' });
    await field(page, 'Leeftijdsgroep').selectOption({ label: 'Kinderen (9-12 jaar)' });
    await field(page, 'Minimum geboortejaar').fill(String(year - 12));
    await field(page, 'Maximum geboortejaar').fill(String(year - 9));
    await field(page, 'Prijs (€)').fill('129,50');
    await field(page, 'Aantal plaatsen').fill('24');
    await field(page, 'Inschrijven mogelijk vanaf').fill(`${year}-03-01T09:30`);
    await field(page, 'Info zolang inschrijven nog niet kan').fill('Inschrijven kan vanaf 1 maart.');
    // The period's weekdays are preselected: Monday to Friday of Zomer week 3.
    const dayButtons = page.getByRole('group', { name: 'Kampdagen' }).getByRole('button');
    await eventually(() => dayButtons.count()).toBe(5);
    expect(await page.getByRole('group', { name: 'Kampdagen' }).locator('[aria-pressed=true]').count()).toBe(5);
    const days = [0, 1, 2, 3, 4].map((d) => new Date(Date.parse(summer3!.startDate) + d * 86_400_000).toISOString().slice(0, 10));
    await field(page, 'Korting toegestaan').selectOption({ label: 'Ja' });
    await field(page, 'Te verdienen korting (€)').fill('5');
    await field(page, 'Fiscale maximumkorting (€)').fill('15,25');
    await field(page, 'Maximum aantal dagen').fill('5');
    await field(page, 'Opmerking').fill('Racket meebrengen.');
    await pauseClock(page);
    await saveButton(page).click();
    await eventually(() => saveButton(page).textContent()).toBe('Opgeslagen');
    expect(await saveButton(page).isDisabled()).toBe(true);
    expect(await saveButton(page).getAttribute('class')).toContain('btn-success');

    await expectLasts(page, 1000, async () => new URL(page.url()).pathname === '/camp-detail');
    await page.waitForURL(/\/camp-detail\/\d+\?subscriptionsYear=\d+$/);
    await page.clock.resume();
    const campId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(new URL(page.url()).searchParams.get('subscriptionsYear')).toBe(String(year));
    await page
      .getByRole('heading', { name: `Kamp Tennis - Sportcentrum Olympia, Brugge | Zomer week 3 | Kinderen (9-12 jaar)`, level: 1 })
      .waitFor();
    const stored = await campRow(campId);
    expect(stored).toMatchObject({
      priceCents: 12950,
      seatsAvailable: 24,
      minBirthyear: year - 12,
      maxBirthyear: year - 9,
      closed: false,
      discountAllowed: true,
      discountSelectedDaysAllowed: false,
      flexibleBookingAllowed: true,
      maximumAllowedDays: 5,
      reductionToEarnCents: 500,
      fiscalMaxReductionCents: 1525,
      activeDays: days.join(','),
      allowBookingInfo: 'Inschrijven kan vanaf 1 maart.',
      remark: 'Racket meebrengen.',
      emailTemplateConfirm: 'bevestiging',
    });
    // 09:30 in Brussels on 1 March is 08:30 UTC.
    expect(new Date(stored.allowBookingFrom!).toISOString()).toBe(`${year}-03-01T08:30:00.000Z`);
    expect(await field(page, 'Inschrijven mogelijk vanaf').inputValue()).toBe(`${year}-03-01T09:30`);
    expect(await field(page, 'Prijs (€)').inputValue()).toBe('129,50');
    expect(await field(page, 'Locatie').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'camp edit');

    await page.getByRole('link', { name: '<< Terug naar overzicht' }).click();
    await page.waitForURL(`**/camps?subscriptionsYear=${year}`);
    const row = overviewRow(page, campId);
    await row.waitFor();
    expect(await row.locator('td').nth(0).textContent()).toBe('Tennis - Sportcentrum Olympia, Brugge');
    expect(await row.locator('td').nth(3).textContent()).toBe('0/24');
  });

  it('edits a camp: the general info and summary, Opgeslagen for a second, closing and reopening with the badge', async () => {
    const camp = (await campsOfYear()).find((c) => c.SEATS_TAKEN > 0 && !c.CAMP_CLOSED)!;
    const page = await session.newPage();
    await page.clock.install();
    await page.goto(`/camp-detail/${camp.CAMP_ID}?subscriptionsYear=${year}`);
    await page
      .getByRole('heading', { name: `Kamp ${camp.THEME_NAME} - ${camp.LOCATION_NAME} | ${camp.PERIOD_NAME} | ${camp.AGEGROUP_NAME}` })
      .waitFor();
    const info = page.locator('.card', { has: page.getByRole('heading', { name: 'Algemene info' }) });
    expect(await info.locator('dt').allTextContents()).toEqual(['Locatie', 'Periode', 'Thema', 'Leeftijdsgroep', 'Kamp ID']);
    expect(await info.locator('dd').allTextContents()).toEqual([
      camp.LOCATION_NAME,
      `${camp.PERIOD_NAME} (${belgian(camp.PERIOD_STARTDATE)} - ${belgian(camp.PERIOD_ENDDATE)})`,
      camp.THEME_NAME,
      camp.AGEGROUP_NAME,
      String(camp.CAMP_ID),
    ]);
    const summary = (await session.t.api.getCampSummary({ campId: camp.CAMP_ID })).body.data[0]!;
    const summaryCard = page.locator('.card', { has: page.getByRole('heading', { name: 'Inschrijvingen' }) });
    await summaryCard.getByText(`${summary.SEATS_TAKEN}/${summary.SEATS_AVAILABLE} (${summary.SEATS_OPEN} vrij)`).waitFor();
    expect(await summaryCard.locator('tr', { hasText: 'Niet betaald' }).locator('td').textContent()).toBe(String(summary.NOT_PAID));
    expect(
      await summaryCard
        .locator('tr', { hasText: /^Betaald/ })
        .locator('td')
        .first()
        .textContent(),
    ).toBe(String(summary.PAID));

    await field(page, 'Aantal plaatsen').fill(String(camp.SEATS_AVAILABLE + 5));
    await field(page, 'Status').selectOption({ label: 'Gesloten' });
    await pauseClock(page);
    await saveButton(page).click();
    await eventually(() => saveButton(page).textContent()).toBe('Opgeslagen');
    await expectLasts(page, 1000, async () => (await saveButton(page).textContent()) === 'Opgeslagen');
    await page.clock.resume();
    expect(await saveButton(page).textContent()).toBe('Opslaan');
    expect(await campRow(camp.CAMP_ID)).toMatchObject({ seatsAvailable: camp.SEATS_AVAILABLE + 5, closed: true });

    const overview = await session.newPage();
    await overview.goto(`/camps?subscriptionsYear=${year}`);
    const badge = overviewRow(overview, camp.CAMP_ID).locator('.badge');
    await eventually(() => badge.textContent()).toBe('Kamp afgesloten');
    expect(await badge.getAttribute('class')).toContain('bg-danger');

    await field(page, 'Status').selectOption({ label: 'Open' });
    await saveButton(page).click();
    await eventually(() => saveButton(page).textContent()).toBe('Opgeslagen');
    expect((await campRow(camp.CAMP_ID)).closed).toBe(false);
    await overview.reload();
    await overviewRow(overview, camp.CAMP_ID).waitFor();
    expect(await overviewRow(overview, camp.CAMP_ID).locator('.badge').count()).toBe(0);
  });

  it('shows the availability of a full camp in red, and of others not', async () => {
    const [full, other] = (await campsOfYear()).filter((c) => c.SEATS_TAKEN > 0);
    const page = await session.newPage();
    await page.goto(`/camp-detail/${full!.CAMP_ID}?subscriptionsYear=${year}`);
    await field(page, 'Aantal plaatsen').fill(String(full!.SEATS_TAKEN));
    await saveButton(page).click();
    await eventually(() => saveButton(page).textContent()).toBe('Opgeslagen');

    await page.goto(`/camps?subscriptionsYear=${year}`);
    const fullCell = overviewRow(page, full!.CAMP_ID).locator('td').nth(3);
    await eventually(() => fullCell.textContent()).toBe(`${full!.SEATS_TAKEN}/${full!.SEATS_TAKEN}`);
    expect(await fullCell.getAttribute('class')).toContain('text-danger');
    const otherCell = overviewRow(page, other!.CAMP_ID).locator('td').nth(3);
    expect((await otherCell.getAttribute('class')) ?? '').not.toContain('text-danger');
    await expectNoSeriousAxeViolations(page, 'camps overview with a full camp');
  });

  it('shows the location booking start and info, with their hints, while the camp has none of its own', async () => {
    const [gent] = await session.t.db.select().from(locations).where(eq(locations.name, 'Sporthal De Brug, Gent'));
    const camp = (await campsOfYear()).find((c) => c.LOCATION_ID === gent!.id && c.CAMP_ALLOW_BOOKING_FROM_LOCATION)!;
    const fromText = new Intl.DateTimeFormat('nl-BE', {
      timeZone: 'Europe/Brussels',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(gent!.allowBookingFrom!));
    const fromHint = `De inschrijvingsdatum van op locatie-niveau zal gebruikt worden: ${fromText}`;
    const infoHint = `Op de website zal de tekst vanop locatie-niveau getoond worden: ${gent!.allowBookingInfo}`;

    const page = await session.newPage();
    await page.goto(`/camp-detail/${camp.CAMP_ID}?subscriptionsYear=${year}`);
    await page.getByText(fromHint).waitFor();
    await page.getByText(infoHint).waitFor();
    expect(await field(page, 'Inschrijven mogelijk vanaf').inputValue()).toBe('');
    expect(await field(page, 'Info zolang inschrijven nog niet kan').inputValue()).toBe('');
    expect(await field(page, 'Inschrijvingsdatum van de locatie').inputValue()).toBe(fromText);
    expect(await field(page, 'Info van de locatie').inputValue()).toBe(gent!.allowBookingInfo);
    await expectNoSeriousAxeViolations(page, 'camp edit inheriting from its location');

    // A value of the camp's own replaces the location's.
    await field(page, 'Inschrijven mogelijk vanaf').fill(`${year}-01-15T10:00`);
    await eventually(() => page.getByText(fromHint).count()).toBe(0);
    await page.getByText(infoHint).waitFor();

    // A new camp shows the values of the location chosen.
    await page.goto(`/camp-detail?subscriptionsYear=${year}`);
    await field(page, 'Locatie').selectOption({ label: 'Sporthal De Brug, Gent' });
    await page.getByText(fromHint).waitFor();
    await page.getByText(infoHint).waitFor();
    await field(page, 'Locatie').selectOption({ label: 'Sportcentrum Olympia, Brugge' });
    await eventually(() => page.getByText(fromHint).count()).toBe(0);
    expect(await page.getByText(infoHint).count()).toBe(0);
  });

  it('shows each validation message once a field is touched, and saves nothing while one stands', async () => {
    const before = await databaseDigest(session.t.db);
    const page = await session.newPage();
    await page.goto(`/camp-detail?subscriptionsYear=${year}`);
    await page.getByRole('heading', { name: 'Kamp toevoegen' }).waitFor();
    expect(await fieldError(page, 'Locatie')).toBe('');

    for (const label of ['Locatie', 'Periode', 'Thema', 'Leeftijdsgroep']) {
      await touch(page, label);
      expect(await fieldError(page, label), label).toBe('Veld verplicht');
    }
    const cases: [string, string, string][] = [
      ['Minimum geboortejaar', '', 'Veld verplicht'],
      ['Maximum geboortejaar', '2015,5', 'Foutief formaat'],
      ['Prijs (€)', 'gratis', 'Foutief formaat'],
      ['Prijs (€)', '0', 'Veld verplicht'],
      ['Prijs (€)', '-2', 'Foutief formaat'],
      ['Prijs (€)', '12,345', 'Foutief formaat'],
      ['Aantal plaatsen', '2000000', 'Inhoud te lang'],
      ['Aantal plaatsen', '-3', 'Foutief formaat'],
      ['Inschrijven mogelijk vanaf', '', ''],
      ['Minimum aantal dagen', '', 'Veld verplicht'],
      ['Fiscale maximumkorting (€)', '-1', 'Foutief formaat'],
    ];
    for (const [label, value, message] of cases) {
      await touch(page, label, value);
      await expect.poll(() => fieldError(page, label), { timeout: UI_TIMEOUT_MS, message: `${label} = '${value}'` }).toBe(message);
    }
    await expectNoSeriousAxeViolations(page, 'camp form with validation messages');
    await saveButton(page).click();
    expect(await saveButton(page).textContent()).toBe('Opslaan');
    expect(await databaseDigest(session.t.db)).toEqual(before);
  });

  it('shows the birth-year order rule, and the server refusal of an unknown mail template on its field, saving nothing', async () => {
    const camp = (await campsOfYear())[0]!;
    const page = await session.newPage();
    await page.goto(`/camp-detail/${camp.CAMP_ID}?subscriptionsYear=${year}`);
    // The order of the birth years is a rule between two fields: it shows once the form is sent.
    await field(page, 'Maximum geboortejaar').fill(String(camp.MIN_BIRTHYEAR - 1));
    await saveButton(page).click();
    await eventually(() => fieldError(page, 'Maximum geboortejaar')).toBe(
      'Maximum geboortejaar mag niet voor het minimum geboortejaar liggen.',
    );
    await field(page, 'Maximum geboortejaar').fill(String(camp.MAX_BIRTHYEAR));
    await eventually(() => fieldError(page, 'Maximum geboortejaar')).toBe('');
    // A template chosen in the form and deleted meanwhile is refused by the server on its field.
    await session.t.api.crudMailTemplate({
      MAILTEMPLATE_ID: 'bestaat-niet',
      MAILTEMPLATE_SUBJECT: 'Tijdelijk',
      MAILTEMPLATE_BODY: 'Tijdelijk',
    });
    await page.reload();
    await field(page, 'Annulatie').selectOption('bestaat-niet');
    await session.t.api.crudMailTemplate({ action: 'delete', MAILTEMPLATE_ID: 'bestaat-niet' });
    const before = await databaseDigest(session.t.db);
    await saveButton(page).click();
    await eventually(() => alerts(page)).toContain('Opslaan mislukt, probeer opnieuw.');
    expect(await saveButton(page).textContent()).toBe('Opslaan');
    const expected = await session.t.api.crudCamp({
      ...camp,
      CAMP_EMAILTEMPLATE_CANCEL: 'bestaat-niet',
    });
    expect(expected.status).toBe(400);
    expect(await fieldError(page, 'Annulatie')).toBe(expected.body.error.fields.CAMP_EMAILTEMPLATE_CANCEL);
    expect(await databaseDigest(session.t.db)).toEqual(before);
  });

  it('makes a voucher link as the modal opens: stored, valid one day, pointing at the public site; the copy confirmation lasts 2000 ms', async () => {
    const camp = (await campsOfYear())[1]!;
    const page = await session.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.baseUrl });
    await page.clock.install();
    await page.goto(`/camps?subscriptionsYear=${year}`);
    await overviewRow(page, camp.CAMP_ID).getByRole('button', { name: 'Voucher genereren' }).click();
    const dialog = page.getByRole('dialog');
    const link = dialog.getByTestId('voucher-link');
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    expect(await link.textContent()).toBe(href);
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe('https://inschrijven.kampen.test/boeken');
    expect(url.searchParams.get('bron')).toBe('admin');
    expect(url.searchParams.get('camp')).toBe(String(camp.CAMP_ID));
    const token = url.searchParams.get('voucher')!;
    await dialog.getByText('De link is 1 dag geldig.').waitFor();
    await expectNoSeriousAxeViolations(page, 'voucher modal');

    const [stored] = await session.t.db.select().from(vouchers).where(eq(vouchers.token, token));
    expect(stored).toMatchObject({ campId: camp.CAMP_ID, type: 'extraSubscription', usedAt: null });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(24 * 3600_000);
    expect(Math.abs(stored!.createdAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);

    const copy = dialog.getByRole('button', { name: 'Link kopiëren' });
    await pauseClock(page);
    await copy.click();
    await dialog.getByRole('button', { name: 'Gekopieerd!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(href);
    // The confirmation lasts 2000 ms, then the button offers the copy again.
    await expectLasts(page, 2000, () => dialog.getByRole('button', { name: 'Gekopieerd!' }).isVisible());
    await dialog.getByRole('button', { name: 'Link kopiëren' }).waitFor();
    await page.clock.resume();

    // Every opening makes a new voucher.
    await dialog.getByRole('button', { name: 'Sluiten' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await overviewRow(page, camp.CAMP_ID).getByRole('button', { name: 'Voucher genereren' }).click();
    await eventually(async () =>
      new URL((await page.getByTestId('voucher-link').getAttribute('href'))!).searchParams.get('voucher'),
    ).not.toBe(token);
    expect((await session.t.db.select().from(vouchers).where(eq(vouchers.campId, camp.CAMP_ID))).length).toBe(2);
  });

  it('shows Genereren van voucher mislukt when generating fails, and a retry makes the link', async () => {
    const camp = (await campsOfYear())[2]!;
    const page = await session.newPage();
    const isGenerateVoucher = isApi('generateVoucher');
    await page.route(isGenerateVoucher, serverError);
    await page.goto(`/camps?subscriptionsYear=${year}`);
    await overviewRow(page, camp.CAMP_ID).getByRole('button', { name: 'Voucher genereren' }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByRole('alert').textContent()).toBe('Genereren van voucher mislukt, probeer opnieuw.');
    expect(await dialog.getByTestId('voucher-link').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'voucher failure');
    await page.unroute(isGenerateVoucher);
    await dialog.getByRole('button', { name: 'Opnieuw proberen' }).click();
    await dialog.getByTestId('voucher-link').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
  });

  it('opens Wijzigen in a new tab on the camp detail of the year', async () => {
    const camp = (await campsOfYear())[0]!;
    const page = await session.newPage();
    await page.goto(`/camps?subscriptionsYear=${year}`);
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      overviewRow(page, camp.CAMP_ID).getByRole('link', { name: 'Wijzigen' }).click(),
    ]);
    await tab.waitForURL(`**/camp-detail/${camp.CAMP_ID}?subscriptionsYear=${year}`);
    await tab.getByRole('heading', { name: 'Algemene info' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/camps');
  });

  it('shows the loading line while a camp is on its way', async () => {
    const camp = (await campsOfYear())[0]!;
    const page = await session.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isApi('getCamps', 'campId'), async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/camp-detail/${camp.CAMP_ID}?subscriptionsYear=${year}`);
    await page.getByRole('status').filter({ hasText: 'Laden...' }).waitFor();
    expect(await page.locator('main form').count()).toBe(0);
    release();
    await page.getByRole('heading', { name: 'Algemene info' }).waitFor();
  });

  it('shows Kamp niet gevonden and nothing else for an unknown id, a bad id and a failed load', async () => {
    const page = await session.newPage();
    for (const path of ['/camp-detail/999999', '/camp-detail/abc']) {
      await page.goto(`${path}?subscriptionsYear=${year}`);
      await eventually(() => alerts(page)).toEqual(['Kamp niet gevonden']);
      expect(await page.locator('main form').count()).toBe(0);
      expect(await page.locator('main h1').count()).toBe(0);
    }
    await expectNoSeriousAxeViolations(page, 'camp not found');
    await page.route(isApi('getCamps', 'campId'), serverError);
    await page.goto(`/camp-detail/${await createCamp(session.t.db)}?subscriptionsYear=${year}`);
    await eventually(() => alerts(page)).toEqual(['Kamp niet gevonden']);
    expect(await page.locator('main form').count()).toBe(0);
  });

  it('shows the load failures of the camp list and the themes', async () => {
    const page = await session.newPage();
    await page.route(isApi('getCamps', 'campYear'), serverError);
    await page.goto(`/camps?subscriptionsYear=${year}`);
    await eventually(() => alerts(page)).toEqual(['Niet gelukt om kampen op te halen. Probeer opnieuw.']);
    expect(await page.locator('table').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'camps load failure');

    const themesFail = await session.newPage();
    await themesFail.route(isThemeLookup, serverError);
    await themesFail.goto(`/camps?subscriptionsYear=${year}`);
    await eventually(() => alerts(themesFail)).toEqual(["Niet gelukt om thema's op te halen. Probeer opnieuw."]);
    await themesFail.goto(`/camp-detail?subscriptionsYear=${year}`);
    await eventually(() => alerts(themesFail)).toEqual(["Niet gelukt om thema's op te halen. Probeer opnieuw."]);
  });

  it('a failed save shows Opslaan mislukt, probeer opnieuw., the button returns, and nothing changes', async () => {
    const camp = (await campsOfYear())[0]!;
    const before = await databaseDigest(session.t.db);
    const page = await session.newPage();
    await page.route(isApi('crudCamp'), serverError);
    await page.goto(`/camp-detail/${camp.CAMP_ID}?subscriptionsYear=${year}`);
    await field(page, 'Opmerking').fill('Niet bewaard');
    await saveButton(page).click();
    await eventually(() => alerts(page)).toEqual(['Opslaan mislukt, probeer opnieuw.']);
    expect(await saveButton(page).textContent()).toBe('Opslaan');
    expect(await saveButton(page).isEnabled()).toBe(true);
    expect(await field(page, 'Opmerking').inputValue()).toBe('Niet bewaard');
    await expectNoSeriousAxeViolations(page, 'camp save failure');
    expect(await databaseDigest(session.t.db)).toEqual(before);
  });
});
