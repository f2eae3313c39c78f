import { and, eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@common/format.js';
import { camps, locations, periods } from '../../server/src/db/schema.js';
import { systemClock, type Clock } from '../../server/src/lib/clock.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { eventually } from '../helpers/page.js';

describe('setting up a season in Chromium (Beheer)', () => {
  let session: BrowserSession;
  const year = new Date().getFullYear();
  const YEAR_MS = 366 * 24 * 60 * 60 * 1000;
  /** The server's clock runs with the wall clock, this many years ahead. */
  let yearsAhead = 0;
  const clock: Clock = { now: () => new Date(Date.now() + yearsAhead * YEAR_MS), sleep: systemClock.sleep };
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10, clock });
  });
  afterAll(async () => session?.close());

  const dialog = (page: Page) => page.getByRole('dialog');

  it('opens every Beheer screen from the navbar, each without serious axe violations', async () => {
    const page = await session.newPage();
    await page.goto('/subscription-overview');
    for (const [item, heading] of [
      ['Locaties', 'Locaties'],
      ['Periodes', `Periodes ${year}`],
      ['Leeftijdsgroepen', 'Leeftijdsgroepen'],
      ['Lunchvoorkeuren', 'Lunchvoorkeuren'],
      ['Mailsjablonen', 'Mailsjablonen'],
      ['Instellingen', 'Instellingen'],
      ['Seizoen kopiëren', 'Seizoen kopiëren'],
    ]) {
      await page.getByRole('button', { name: 'Beheer' }).click();
      await page.getByRole('link', { name: item! }).click();
      // The menu item stood where the new page's first buttons appear: a pointer left there would show a
      // button mid-way through its hover transition to axe's contrast check.
      await page.mouse.move(0, 0);
      await page.getByRole('heading', { name: heading!, level: 1 }).waitFor();
      await page.locator('main table, main form').first().waitFor();
      await expectNoSeriousAxeViolations(page, item);
    }
    // Periods are listed by start date: Krokus first, Herfst last.
    await page.goto('/periods');
    await page.locator('tbody tr').first().waitFor();
    const names = await page.locator('tbody tr td:first-child').allTextContents();
    expect(names[0]).toBe('Krokusvakantie');
    expect(names.at(-1)).toBe('Herfstvakantie');
  });

  it('creates a location with a booking start, and a new camp there shows the inherited date', async () => {
    const page = await session.newPage();
    await page.goto('/locations');
    await page.getByRole('button', { name: 'Locatie toevoegen' }).click();
    await dialog(page).getByLabel(/^Naam/).fill('Sporthal Ter Beke, Aalst');
    await dialog(page)
      .getByLabel(/^Korte naam/)
      .fill('Aalst');
    await dialog(page)
      .getByLabel('Inschrijven mogelijk vanaf')
      .fill(`${year + 1}-02-01T09:00`);
    await expectNoSeriousAxeViolations(page, 'location dialog');
    await dialog(page).getByRole('button', { name: 'Opslaan' }).click();
    await page.locator('tbody tr', { hasText: 'Sporthal Ter Beke, Aalst' }).waitFor();
    const [stored] = await session.t.db.select().from(locations).where(eq(locations.nameShort, 'Aalst'));
    expect(new Date(stored!.allowBookingFrom!).toISOString()).toBe(new Date(`${year + 1}-02-01T09:00:00+01:00`).toISOString());

    // A short name already in use is refused on its field by the server.
    await page.getByRole('button', { name: 'Locatie toevoegen' }).click();
    await dialog(page).getByLabel(/^Naam/).fill('Tweede hal');
    await dialog(page)
      .getByLabel(/^Korte naam/)
      .fill('aalst');
    await dialog(page).getByRole('button', { name: 'Opslaan' }).click();
    await dialog(page).getByText('Deze korte naam is al in gebruik.').waitFor();
    await dialog(page).getByRole('button', { name: 'Annuleren' }).click();

    await page.goto(`/camp-detail?subscriptionsYear=${year}`);
    await page.getByLabel(/^Locatie/).selectOption({ label: 'Sporthal Ter Beke, Aalst' });
    await page
      .getByText(`De inschrijvingsdatum van op locatie-niveau zal gebruikt worden: ${formatDateTime(stored!.allowBookingFrom)}`)
      .waitFor();
  });

  it('refuses to delete a location camps use, naming how many', async () => {
    const [used] = await session.t.db.select().from(camps).limit(1);
    const [brugge] = await session.t.db.select().from(locations).where(eq(locations.id, used!.locationId));
    const count = (await session.t.db.select().from(camps).where(eq(camps.locationId, brugge!.id))).length;
    const page = await session.newPage();
    await page.goto('/locations');
    await page.locator('tbody tr', { hasText: brugge!.name }).getByRole('button', { name: 'Verwijderen' }).click();
    await dialog(page).getByRole('button', { name: 'Verwijderen' }).click();
    await eventually(() => dialog(page).getByRole('alert').textContent()).toMatch(
      new RegExp(`^Deze locatie wordt nog gebruikt door ${count} (kamp|kampen)( en \\d+ monitoren?)? en kan niet verwijderd worden\\.$`),
    );
  });

  it('creates a period of the camp year and picks camp days from it in the camp form', async () => {
    const page = await session.newPage();
    await page.goto(`/periods?subscriptionsYear=${year}`);
    await page.getByRole('button', { name: 'Periode toevoegen' }).click();
    await dialog(page).getByLabel(/^Naam/).fill('Kerstvakantie');
    await dialog(page)
      .getByLabel(/^Korte naam/)
      .fill('Kerst');
    await dialog(page)
      .getByLabel(/^Begindatum/)
      .fill(`${year}-12-28`);
    await dialog(page)
      .getByLabel(/^Einddatum/)
      .fill(`${year}-12-24`);
    await dialog(page).getByRole('button', { name: 'Opslaan' }).click();
    await dialog(page).getByText('De einddatum mag niet voor de begindatum liggen.').waitFor();
    await dialog(page)
      .getByLabel(/^Einddatum/)
      .fill(`${year}-12-31`);
    await dialog(page).getByRole('button', { name: 'Opslaan' }).click();
    await page.locator('tbody tr', { hasText: 'Kerstvakantie' }).waitFor();
    expect(await page.locator('tbody tr').last().locator('td').first().textContent()).toBe('Kerstvakantie');

    await page.goto(`/camp-detail?subscriptionsYear=${year}`);
    const periodSelect = page.getByLabel(/^Periode/);
    await eventually(async () => (await periodSelect.locator('option').allTextContents()).at(-1)).toMatch(/^Kerstvakantie \| /);
    const options = await periodSelect.locator('option').allTextContents();
    await periodSelect.selectOption({ label: options.at(-1)! });
    const days = page.getByRole('group', { name: 'Kampdagen' }).getByRole('button');
    await eventually(() => days.count()).toBe(4);
    // 28 to 31 December: the weekdays are preselected, a weekend day is not.
    const pressed = async () =>
      (await page.getByRole('group', { name: 'Kampdagen' }).locator('[aria-pressed=true]').allTextContents()).join(',');
    const weekdays = [`${year}-12-28`, `${year}-12-29`, `${year}-12-30`, `${year}-12-31`].filter(
      (d) => ![0, 6].includes(new Date(d).getUTCDay()),
    );
    await eventually(() => page.getByRole('group', { name: 'Kampdagen' }).locator('[aria-pressed=true]').count()).toBe(weekdays.length);
    await days.first().click();
    expect(await pressed()).not.toContain('28/12');
    await days.first().click();
    expect(await pressed()).toContain('28/12');
    await expectNoSeriousAxeViolations(page, 'camp days picker');
  });

  it("moves a period's camp days with its new dates, and says which camps with bookings keep it from cutting days", async () => {
    const db = session.t.db;
    const monday = `${year}-11-02`;
    const week = [0, 1, 2, 3, 4].map((i) => `${year}-11-${String(2 + i).padStart(2, '0')}`);
    const nextWeek = [0, 1, 2, 3, 4].map((i) => `${year}-11-${String(9 + i).padStart(2, '0')}`);
    const periodId = await createPeriod(db, { startDate: monday, name: 'Herfstweek verschuiven' });
    const campId = await createCamp(db, { periodId, activeDays: week.join(',') });
    await createSubscription(db, { campId });
    const page = await session.newPage();
    await page.goto(`/periods?subscriptionsYear=${year}`);
    const row = page.locator('tbody tr', { hasText: 'Herfstweek verschuiven' });
    await row.getByRole('button', { name: 'Wijzigen' }).click();
    await dialog(page)
      .getByLabel(/^Korte naam/)
      .fill('Herfst verschoven');
    await dialog(page)
      .getByLabel(/^Einddatum/)
      .fill(week[3]!);
    await dialog(page).getByRole('button', { name: 'Opslaan' }).click();
    await dialog(page)
      .getByRole('alert')
      .filter({
        hasText:
          /^Opslaan mislukt, probeer opnieuw\. Met deze data vallen kampdagen buiten de periode bij kampen met inschrijvingen: Testthema/,
      })
      .waitFor();
    await expectNoSeriousAxeViolations(page, 'a period whose new dates would cut booked camp days');
    await dialog(page)
      .getByLabel(/^Begindatum/)
      .fill(nextWeek[0]!);
    await dialog(page)
      .getByLabel(/^Einddatum/)
      .fill(nextWeek[4]!);
    await dialog(page).getByRole('button', { name: 'Opslaan' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await page.goto(`/camp-detail/${campId}?subscriptionsYear=${year}`);
    const pressed = page.getByRole('group', { name: 'Kampdagen' }).locator('[aria-pressed=true]');
    await eventually(() => pressed.count()).toBe(5);
    expect((await pressed.allTextContents()).join(' ')).toContain(`${nextWeek[0]!.slice(8, 10)}/11`);
    expect((await db.select({ days: camps.activeDays }).from(camps).where(eq(camps.id, campId)))[0]?.days).toBe(nextWeek.join(','));
  });

  it('removes a day of an existing camp with a click and saves ACTIVE_DAYS without it', async () => {
    const [camp] = await session.t.db
      .select({ id: camps.id, activeDays: camps.activeDays })
      .from(camps)
      .innerJoin(periods, eq(periods.id, camps.periodId))
      .where(and(sql`extract(year from ${periods.startDate}) = ${year}`, sql`${camps.activeDays} like '%,%'`))
      .limit(1);
    const first = camp!.activeDays.split(',')[0]!;
    const page = await session.newPage();
    await page.goto(`/camp-detail/${camp!.id}?subscriptionsYear=${year}`);
    const label = `${first.slice(8, 10)}/${first.slice(5, 7)}`;
    const day = page.getByRole('group', { name: 'Kampdagen' }).getByRole('button', { name: new RegExp(label) });
    await day.click();
    expect(await day.getAttribute('aria-pressed')).toBe('false');
    await page.locator('form button[type=submit]').click();
    await eventually(async () => (await session.t.db.select().from(camps).where(eq(camps.id, camp!.id)))[0]!.activeDays).toBe(
      camp!.activeDays.split(',').slice(1).join(','),
    );
  });

  it('offers only the camp years the selector offers, and a year later copies the season into year+2 after a preview', async () => {
    // Today, the years stop at next year, as the Kampjaar selector does (issue 39): year+2 cannot be chosen.
    const today = await session.newPage();
    await today.goto('/copy-season');
    const offered = async (page: Page) =>
      (
        await page
          .getByLabel(/^Doeljaar/)
          .locator('option')
          .allTextContents()
      ).filter(Boolean);
    await eventually(() => offered(today)).toContain(String(year + 1));
    expect((await offered(today)).at(-1)).toBe(String(year + 1));
    expect(
      await today
        .getByLabel(/^Bronjaar/)
        .locator('option')
        .first()
        .textContent(),
    ).toBe('2021');

    // A year later (on the server and in the browser), year+2 is next year.
    yearsAhead = 1;
    const page = await session.newPage();
    await page.clock.install({ time: new Date(Date.now() + YEAR_MS) });
    await page.goto('/copy-season');
    await page.getByLabel(/^Bronjaar/).selectOption(String(year));
    await page.getByLabel(/^Doeljaar/).selectOption(String(year + 2));
    await page.getByLabel('Prijsverhoging (%)').fill('3');
    // With the monitors' planning as drafts (issue 36).
    await page.getByLabel(/monitorplanning van het bronjaar meekopiëren/).check();
    await page.getByRole('button', { name: 'Voorbeeld tonen' }).click();
    const result = page.getByTestId('copy-result');
    await result
      .getByText(
        /^Voorbeeld: \d+ kampen worden aangemaakt, 0 overgeslagen, \d+ nieuwe periodes\. Monitorplanning: \d+ monitoren komen als concept op de kopieën\.$/,
      )
      .waitFor();
    await expectNoSeriousAxeViolations(page, 'copy season preview');
    expect(
      await session.t.db
        .select()
        .from(periods)
        .where(sql`extract(year from ${periods.startDate}) = ${year + 2}`),
    ).toEqual([]);

    await page.getByRole('button', { name: 'Seizoen kopiëren' }).click();
    await result
      .getByText(/^\d+ kampen aangemaakt, 0 overgeslagen, \d+ nieuwe periodes\. Monitorplanning: \d+ monitoren staan als concept/)
      .waitFor();
    const copies = await session.t.db
      .select({ closed: camps.closed })
      .from(camps)
      .innerJoin(periods, eq(periods.id, camps.periodId))
      .where(sql`extract(year from ${periods.startDate}) = ${year + 2}`);
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.every((c) => c.closed)).toBe(true);
    yearsAhead = 0;
  });

  it('edits a template and the live preview follows, filled with made-up data, also the booked days, payment and address', async () => {
    const page = await session.newPage();
    await page.goto('/mail-templates');
    await page.locator('tbody tr', { hasText: 'bevestiging' }).getByRole('button', { name: 'Wijzigen' }).click();
    const preview = page.getByTestId('mail-preview');
    await preview.waitFor();
    const subject = page.getByLabel(/^Onderwerp/);
    await subject.fill('Welkom {{childName}} op {{campName}}');
    await eventually(() => preview.locator('p.fw-bold').textContent()).toBe('Welkom Lien Voorbeeld op Multisport - Sporthal Voorbeeld');
    expect(await preview.textContent()).not.toContain('{{');
    expect(await preview.textContent()).toContain('Met verzonnen voorbeeldgegevens, geen echte inschrijving');
    const body = page.getByLabel(/^Tekst/);
    const shippedBody = await body.inputValue();
    await body.fill('Dagen: {{bookedDays}}. Betaalwijze: {{paymentMethod}}. Adres: {{locationAddress}}.');
    await eventually(() => preview.locator('pre').textContent()).toMatch(
      /^Dagen: maandag \d+ juli, dinsdag \d+ juli, donderdag \d+ juli en vrijdag \d+ juli \d{4}\. Betaalwijze: overschrijving\. Adres: Voorbeeldstraat 1, 9000 Gent\.$/,
    );
    await page.getByText('{{paymentInstructions}}', { exact: true }).waitFor();
    await body.fill(shippedBody);
    await subject.fill('Welkom {{kindNaam}}');
    await page.getByText('Onbekende plaatshouder: {{kindNaam}}').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'mail template editor');
    await subject.fill('Bevestiging voor {{childName}}');
    await page.locator('form button[type=submit]').click();
    await eventually(async () => (await session.t.api.getMailTemplates({ id: 'bevestiging' })).body.data[0]!.MAILTEMPLATE_SUBJECT).toBe(
      'Bevestiging voor {{childName}}',
    );
  });

  it('offers a new camp the birth years of its age group, and keeps birth years staff typed', async () => {
    const page = await session.newPage();
    await page.goto('/agegroups');
    await page.getByRole('button', { name: 'Leeftijdsgroep toevoegen' }).click();
    await dialog(page).getByLabel(/^Naam/).fill('Jongste sporters');
    await dialog(page)
      .getByLabel(/^Minimumleeftijd/)
      .fill('4');
    await dialog(page)
      .getByLabel(/^Maximumleeftijd/)
      .fill('6');
    await dialog(page).getByRole('button', { name: 'Opslaan' }).click();
    await page.locator('tbody tr', { hasText: 'Jongste sporters' }).waitFor();

    await page.goto(`/camp-detail?subscriptionsYear=${year}`);
    const agegroup = page.getByLabel(/^Leeftijdsgroep/);
    await eventually(() => agegroup.locator('option', { hasText: 'Jongste sporters' }).count()).toBe(1);
    await agegroup.selectOption({ label: 'Jongste sporters' });
    const min = page.getByLabel(/^Minimum geboortejaar/);
    const max = page.getByLabel(/^Maximum geboortejaar/);
    await eventually(() => min.inputValue()).toBe(String(year - 6));
    expect(await max.inputValue()).toBe(String(year - 4));

    // Birth years typed by staff stay when the age group changes.
    await min.fill(String(year - 7));
    const other = (await agegroup.locator('option').allTextContents()).find((o) => o !== 'Jongste sporters' && !o.startsWith('Kies'))!;
    await agegroup.selectOption({ label: other });
    expect(await min.inputValue()).toBe(String(year - 7));
  });

  it('uploads a signature image in Instellingen, shows it, and refuses a file that is not PNG or JPEG', async () => {
    const page = await session.newPage();
    await page.goto('/settings');
    const upload = page.getByLabel('Handtekening (PNG of JPEG)');
    await upload.setInputFiles({ name: 'handtekening.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('Foutief formaat: een PNG- of JPEG-afbeelding.').waitFor();

    // A 1 × 1 PNG: the preview must decode it as an image.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await upload.setInputFiles({ name: 'handtekening.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('img', { name: 'Handtekening' });
    await eventually(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expectNoSeriousAxeViolations(page, 'settings with a signature');
    await page.locator('form button[type=submit]').click();
    await eventually(async () => (await session.t.api.getSettings()).body.data[0]!.SIGNATURE_IMAGE).toBe(
      `data:image/png;base64,${png.toString('base64')}`,
    );
  });
});
