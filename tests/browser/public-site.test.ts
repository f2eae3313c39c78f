import { eq, inArray, sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNationalNumber } from '@common/identity-numbers.js';
import { children, mailOutbox, subscriptions } from '../../server/src/db/schema.js';
import { styleHashesOf } from '../../server/src/plugins/web.js';
import { beheerderSettings } from '../helpers/api.js';
import { checkScreen, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createPeriod, createSubscription, createTheme } from '../helpers/factory.js';
import { decodeQrPng } from '../helpers/qr.js';

/**
 * The parents' booking site at /inschrijven/ (issue 40), as a parent on a phone (360 × 740) and on a laptop
 * (1366 × 768): the camp list without signing in, signing up, two children, one basket with a full week and three days
 * of a flexible camp with its discounts, 'Boeken' tapped twice, the confirmation with OGM and a QR code that a banking
 * app reads, 'Mijn inschrijvingen', the booking in the staff's screens, and a voucher into a full camp, once.
 * SCREENSHOTS=<folder> keeps a screenshot of every screen.
 */
const YEAR = new Date().getFullYear() + 1;
const THEME = 'Website testkamp';
const PASSWORD = 'zomerkamp aan zee 2027';
// A 2 × 1 PNG: the organiser's logo.
const LOGO_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGPgjln7//9/AArDBBKSHrX3AAAAAElFTkSuQmCC';

describe('the public booking site in Chromium', () => {
  let session: BrowserSession;
  const camps = { week: 0, flexible: 0, full: 0, later: 0, closed: 0 };
  const flexibleDays = [`${YEAR}-07-19`, `${YEAR}-07-20`, `${YEAR}-07-21`, `${YEAR}-07-22`, `${YEAR}-07-23`];
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10 });
    const db = session.t.db;
    const themeId = await createTheme(db, { name: THEME });
    const birthYears: [number, number] = [YEAR - 12, YEAR - 6];
    const camp = async (startDate: string, name: string, facts: Parameters<typeof createCamp>[1] = {}) =>
      createCamp(db, { themeId, birthYears, periodId: await createPeriod(db, { startDate, name }), ...facts });
    camps.week = await camp(`${YEAR}-07-12`, 'Zomerweek 2', { priceCents: 12000, seatsAvailable: 3 });
    camps.flexible = await camp(`${YEAR}-07-19`, 'Zomerweek 3', {
      priceCents: 10000,
      flexibleBooking: true,
      activeDays: flexibleDays.join(','),
    });
    camps.full = await camp(`${YEAR}-07-26`, 'Zomerweek 4', { seatsAvailable: 1 });
    camps.later = await camp(`${YEAR}-08-02`, 'Zomerweek 5');
    camps.closed = await camp(`${YEAR}-08-09`, 'Zomerweek 6', { closed: true });
    await createSubscription(db, { campId: camps.full });
    // The organiser's logo (Beheer › Instellingen) in the site's header.
    const settings = await beheerderSettings(session.t);
    const logo = await session.t.api.updateSettings({ ...settings, ORGANISER_LOGO: `data:image/png;base64,${LOGO_PNG}` });
    expect(logo.status).toBe(200);
    await db.execute(sql`update camps set discount_allowed = true, reduction_to_earn_cents = 1000, minimum_contiguous_days = 2
      where id = ${camps.flexible}`);
    await db.execute(sql`update camps set allow_booking_from = now() + interval '2 days 3 hours',
      allow_booking_info = 'Eerst de leden van de sportclub, daarna iedereen.' where id = ${camps.later}`);
  });
  afterAll(async () => session?.close());

  async function visit(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
    const context = await session.browser.newContext({
      baseURL: session.baseUrl,
      viewport: { width, height },
      locale: 'nl-BE',
      timezoneId: 'Europe/Brussels',
    });
    const page = await context.newPage();
    return { context, page };
  }
  const card = (page: Page, campId: number) => page.locator(`li[data-camp-id="${campId}"]`);

  it.each([
    [360, 740],
    [1366, 768],
  ])('at %i × %i a new family signs up, books two children in one basket and sees how to pay', async (width, height) => {
    const round = width === 360 ? 1 : 2;
    const { context, page } = await visit(width, height);
    const response = await page.goto('/inschrijven/');
    // The staff app's security headers and policy; its style-src names, besides, the page's own stylesheet by its hash.
    const staffHeaders = (await page.request.get('/login')).headers();
    for (const header of ['x-content-type-options', 'referrer-policy', 'x-frame-options'])
      expect(response!.headers()[header], header).toBe(staffHeaders[header]);
    const ownStyles = styleHashesOf(await response!.text());
    expect(ownStyles).toHaveLength(1);
    expect(response!.headers()['content-security-policy']).toBe(
      staffHeaders['content-security-policy']!.replace("style-src 'self'", `style-src 'self' ${ownStyles[0]}`),
    );
    expect(response!.headers()['content-security-policy']).not.toContain('unsafe-inline');

    // The camp list without signing in, filtered on the theme and the child's birth year.
    await page.getByRole('heading', { level: 1, name: 'Kampen' }).waitFor();
    // The server drew the list into the page; the filters work once the site's script has taken over (and named the page).
    await expect.poll(() => page.title()).toMatch(/^Kampen · /);
    const logo = page.locator('header .brand img');
    expect(await logo.getAttribute('alt')).toBe(await page.evaluate(() => document.title.split(' · ')[1]));
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    await page.getByLabel('Thema').selectOption(THEME);
    await page.getByLabel('Geboortejaar van uw kind').selectOption(String(YEAR - 9));
    await expect.poll(() => page.locator('li[data-camp-id]').count()).toBe(5);
    // The camps come with the page, and the page with its stylesheet: no request for either (bench section 9).
    const requests = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => new URL(entry.name).pathname),
    );
    expect(requests.filter((path) => path.includes('/api/public/getCamps') || path.endsWith('.css'))).toEqual([]);
    expect(await card(page, camps.week).textContent()).toContain(`nog ${4 - round} plaatsen`);
    expect(await card(page, camps.week).textContent()).toContain('€ 120,00');
    expect(await card(page, camps.week).textContent()).toContain(`geboortejaren ${YEAR - 12}–${YEAR - 6}`);
    expect(await card(page, camps.full).textContent()).toContain('volzet');
    // A full camp: only its waiting list (issue 34).
    expect(await card(page, camps.full).getByRole('button').allTextContents()).toEqual([expect.stringMatching(/^Op de wachtlijst/)]);
    expect(await card(page, camps.closed).textContent()).toContain('De inschrijvingen voor dit kamp zijn gesloten.');
    expect(await card(page, camps.closed).getByRole('button').count()).toBe(0);
    const later = await card(page, camps.later).textContent();
    expect(later).toContain('Eerst de leden van de sportclub, daarna iedereen.');
    expect(later).toMatch(/De inschrijvingen openen op .+ \(nog 2 dagen, 2 uur en \d+ minuten\)/);
    expect(await card(page, camps.later).getByRole('button').count()).toBe(0);
    await page.getByLabel('Geboortejaar van uw kind').selectOption(String(YEAR - 13));
    await expect.poll(() => page.locator('li[data-camp-id]').count()).toBe(0);
    await page.getByLabel('Geboortejaar van uw kind').selectOption('');
    await checkScreen(page, `${width} camps`, { fitsScreen: true });

    // The basket asks to sign in first; a new family makes its account, with a message per field.
    await card(page, camps.week)
      .getByRole('button', { name: /In mijn mand/ })
      .click();
    await page.getByText('Meld u aan of maak een account om te boeken.').waitFor();
    await checkScreen(page, `${width} sign in`, { fitsScreen: true });
    await page.getByRole('link', { name: 'Account maken' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account maken' }).waitFor();
    const email = `gezin.${width}@thuis.be`;
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord').fill('kort');
    await page.getByLabel('Rijksregisternummer').fill('85.07.30-033.62');
    await page.getByRole('button', { name: 'Account maken' }).click();
    await page.getByText('Niet alle gegevens zijn in orde').waitFor();
    expect(await page.locator('.field-error', { hasText: 'Veld verplicht' }).count()).toBe(7);
    expect(await page.locator('.field-error', { hasText: 'dit rijksregisternummer klopt niet' }).count()).toBe(1);
    await checkScreen(page, `${width} sign up refused`, { fitsScreen: true });
    await page.getByLabel('Rijksregisternummer').fill('');
    for (const [label, value] of [
      ['Voornaam', 'Sofie'],
      ['Familienaam', 'Website'],
      ['Straat', 'Stationsstraat'],
      ['Huisnummer', '8'],
      ['Postcode', '2800'],
      ['Gemeente', 'Mechelen'],
      ['Telefoon', '0478 12 34 56'],
    ])
      await page.getByLabel(label!, { exact: true }).fill(value!);
    // The server's field message (a password too weak) lands on its field.
    await page.getByRole('button', { name: 'Account maken' }).click();
    await page.locator('.field-error', { hasText: '12 tekens' }).waitFor();
    await page.getByLabel('Wachtwoord').fill(PASSWORD);
    await page.getByRole('button', { name: 'Account maken' }).click();

    // Two children, one with a national number.
    await page.getByRole('heading', { level: 1, name: 'Mijn gezin' }).waitFor();
    const addChild = async (first: string, gender: string, birthdate: string, nationalNumber = '') => {
      await page.getByLabel('Voornaam', { exact: true }).first().fill(first);
      await page.getByLabel('Geslacht').selectOption({ label: gender });
      await page.getByLabel('Geboortedatum').fill(birthdate);
      await page.getByLabel('Rijksregisternummer').first().fill(nationalNumber);
      await page.getByRole('button', { name: 'Kind toevoegen' }).click();
      await page.getByText(`${first} is toegevoegd.`).waitFor();
    };
    const lotte = `Lotte${width}`;
    const jonas = `Jonas${width}`;
    await addChild(lotte, 'Meisje', `${YEAR - 9}-04-03`, formatNationalNumber(`${YEAR - 9}-04-03`, 124));
    await addChild(jonas, 'Jongen', `${YEAR - 7}-11-20`);
    expect(await page.locator('ul.children li').allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`${lotte} Website, meisje, .*; rijksregisternummer bewaard`)),
      expect.stringMatching(new RegExp(`${jonas} Website, jongen, `)),
    ]);
    if (round === 2) {
      // A child's data changed: its stored national number stays, unseen.
      await page.getByRole('button', { name: `Wijzigen (${lotte})` }).click();
      await page.getByRole('heading', { name: `Gegevens van ${lotte} wijzigen` }).waitFor();
      expect(await page.getByLabel('Rijksregisternummer').first().inputValue()).toBe('');
      await page.getByLabel('Familienaam').first().fill('Website-Claes');
      await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await page.getByText(`${lotte} is opgeslagen.`).waitFor();
      expect(await page.locator('ul.children li').first().textContent()).toMatch(
        new RegExp(`${lotte} Website-Claes, meisje, .*; rijksregisternummer bewaard`),
      );
    }
    // The number is never answered to the browser.
    expect(await page.content()).not.toContain(
      formatNationalNumber(`${YEAR - 9}-04-03`, 124)
        .replace(/\D/g, '')
        .slice(6),
    );
    await checkScreen(page, `${width} family`, { fitsScreen: true });

    // The basket: the week for Lotte, three days of the flexible camp for Jonas, the discounts before confirming.
    await page.getByRole('button', { name: 'Naar mijn mand' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mijn mand' }).waitFor();
    await page
      .locator(`[data-basket-camp="${camps.week}"]`)
      .getByLabel('Kind')
      .selectOption({ label: `${lotte} (${YEAR - 9})` });
    await page.getByRole('link', { name: 'Nog een kamp kiezen' }).click();
    await card(page, camps.flexible)
      .getByRole('button', { name: /In mijn mand/ })
      .click();
    const flexible = page.locator(`[data-basket-camp="${camps.flexible}"]`);
    await flexible.getByLabel('Kind').selectOption({ label: `${jonas} (${YEAR - 7})` });
    await flexible.getByRole('checkbox').nth(0).check();
    await flexible.getByText('Kies telkens minstens 2 dagen na elkaar.', { exact: false }).first().waitFor();
    await flexible.getByRole('checkbox').nth(2).check();
    await flexible.locator('.field-error', { hasText: 'Kies telkens minstens 2 dagen na elkaar.' }).waitFor();
    await flexible.getByRole('checkbox').nth(1).check();
    await expect.poll(() => flexible.locator('.field-error').count()).toBe(0);
    const flexiblePrice = await flexible.locator('dl.price').textContent();
    expect(flexiblePrice).toContain('Korting: 2 dagen minder− € 40,00');
    expect(flexiblePrice).toContain('Korting broer of zus− € 10,00');
    expect(flexiblePrice).toContain('Te betalen€ 50,00');
    expect(await page.locator('.total').textContent()).toBe('Totaal te betalen: € 170,00');
    await page.getByLabel('Lunchvoorkeur').selectOption({ label: 'Warme maaltijd' });
    await page.getByLabel('Overschrijving', { exact: false }).check();
    await checkScreen(page, `${width} basket`, { fitsScreen: true });
    // A double tap books once: whatever reaches the server carries one Idempotency-Key.
    const keys: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/public/book')) keys.push(request.headers()['idempotency-key']);
    });
    await page.getByRole('button', { name: 'Boeken' }).dblclick();

    // The confirmation: per booking the amount, the organiser's account, the OGM and a QR code a banking app reads.
    await page.getByRole('heading', { level: 1, name: 'Uw inschrijving is gelukt' }).waitFor();
    const booked = await session.t.db
      .select({ id: subscriptions.id, source: subscriptions.source, childId: subscriptions.childId })
      .from(subscriptions)
      .innerJoin(children, sql`${children.id} = ${subscriptions.childId}`)
      .where(inArray(children.firstname, [lotte, jonas]));
    expect(booked).toHaveLength(2);
    expect(new Set(keys).size, keys.join(', ')).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(booked.map((b) => b.source)).toEqual(['website', 'website']);
    const lines = page.locator('ul.bookings > li');
    expect(await lines.count()).toBe(2);
    for (const [index, amount] of [
      [0, '120.00'],
      [1, '50.00'],
    ] as const) {
      const line = lines.nth(index);
      const ogm = (await line.locator('.ogm').textContent())!;
      expect(ogm).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
      expect(await line.textContent()).toContain(`€ ${amount.replace('.', ',')}`);
      const qr = decodeQrPng(await line.locator('img.qr').screenshot());
      const payload = qr.data.split('\n');
      expect(payload.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
      expect(payload[7]).toBe(`EUR${amount}`);
      expect(payload[9]).toBe(ogm.replace(/\D/g, ''));
      expect(await line.textContent()).toContain(payload[6]!.replace(/(.{4})(?=.)/g, '$1 '));
    }
    await checkScreen(page, `${width} confirmation`, { fitsScreen: true });

    await page.getByRole('link', { name: 'Mijn inschrijvingen' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Mijn inschrijvingen' }).waitFor();
    await expect.poll(() => page.locator('ul.bookings > li').count()).toBe(2);
    expect(await page.locator('ul.bookings').textContent()).toContain(`Dagen: `);
    // Per booked child whether its safety sheet is filled in (issue 35), with the way to fill it in.
    const sheets = page.getByRole('region', { name: 'Veiligheidsfiches' });
    expect(await sheets.getByRole('listitem').allTextContents()).toEqual([
      `De veiligheidsfiche van ${lotte} is nog niet ingevuld. Veiligheidsfiche invullen (${lotte})`,
      `De veiligheidsfiche van ${jonas} is nog niet ingevuld. Veiligheidsfiche invullen (${jonas})`,
    ]);
    await checkScreen(page, `${width} my bookings`, { fitsScreen: true });
    if (round === 1) {
      // The link opens the child's sheet itself on 'Mijn gezin', its title focused.
      await sheets.getByRole('link', { name: `Veiligheidsfiche invullen (${lotte})` }).click();
      const sheetTitle = page.getByRole('heading', { level: 2, name: `Veiligheidsfiche van ${lotte}` });
      await sheetTitle.waitFor();
      await expect.poll(() => sheetTitle.evaluate((h) => h === document.activeElement)).toBe(true);
      await checkScreen(page, `${width} sheet from my bookings`, { fitsScreen: true });
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Mijn inschrijvingen' }).waitFor();
    }

    if (round === 1) {
      // Staff find the bookings in the overview filtered on 'Ingeschreven via: Website', and say so on the detail.
      const staff = await session.newPage();
      await staff.goto(`/subscription-overview?subscriptionsYear=${YEAR}`);
      await staff.getByLabel('Ingeschreven via').selectOption({ label: 'Website' });
      // The demo's bookings are all by staff: the year's website bookings are this family's two.
      await expect.poll(() => staff.locator('tbody tr[data-subscription-id]').count()).toBe(2);
      const rows = (await staff.locator('tbody tr[data-subscription-id]').allTextContents()).join(' ');
      expect(rows).toContain(lotte);
      expect(rows).toContain(jonas);
      await staff.goto(`/subscription-detail/${booked[0]!.id}`);
      await staff.locator('dt', { hasText: 'Ingeschreven via' }).locator('xpath=following-sibling::dd[1]').getByText('Website').waitFor();
      await staff.context().close();
    } else {
      // The mailed links: the confirmation of the address, and a one-time sign-in link after signing out.
      const lastLink = async (kind: 'bevestig' | 'aanmelden') => {
        const mails = await session.t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
        return mails.flatMap((m) => [...m.body.matchAll(new RegExp(`#${kind}=[A-Za-z0-9_-]+`, 'g'))].map((x) => x[0])).at(-1)!;
      };
      await page.goto(`/inschrijven/${await lastLink('bevestig')}`);
      await page.getByText('Uw e-mailadres is bevestigd.').waitFor();
      expect(await page.getByText('om uw e-mailadres te bevestigen').count()).toBe(0);
      await page.getByRole('button', { name: 'Afmelden' }).click();
      await page.getByText('U bent afgemeld.').waitFor();
      await page.getByRole('link', { name: 'Aanmelden' }).click();
      await page.getByRole('form', { name: 'Met een aanmeldlink per mail' }).getByLabel('E-mailadres').fill(email);
      await page.getByRole('button', { name: 'Stuur mij een aanmeldlink' }).click();
      await page.getByText('staat er nu een aanmeldlink in die mailbox').waitFor();
      await checkScreen(page, `${width} sign-in link sent`, { fitsScreen: true });
      await page.goto(`/inschrijven/${await lastLink('aanmelden')}`);
      await page.getByText('U bent aangemeld.').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Mijn gezin' }).waitFor();

      // A voucher made through the staff call books one child into the full camp, once.
      const site = new URL((await beheerderSettings(session.t)).PUBLIC_SITE_URL);
      expect(site.pathname).toBe('/inschrijven/');
      const token = (await session.t.api.generateVoucher({ campId: camps.full, type: 'extraSubscription' })).body.data;
      const link = `/inschrijven/?voucher=${encodeURIComponent(token)}&camp=${camps.full}`;
      const bookWithVoucher = async () => {
        await page.goto(link);
        await page.getByText('Met uw voucher kunt u één kind inschrijven').waitFor();
        expect(await card(page, camps.full).textContent()).toContain('volzet');
        await card(page, camps.full)
          .getByRole('button', { name: /Inschrijven met voucher/ })
          .click();
        await page
          .locator(`[data-basket-camp="${camps.full}"]`)
          .getByLabel('Kind')
          .selectOption({ label: `${lotte} (${YEAR - 9})` });
        await page.getByLabel('Lunchvoorkeur').selectOption({ label: 'Warme maaltijd' });
        await page.getByLabel('Contant', { exact: false }).check();
        await page.getByRole('button', { name: 'Boeken' }).click();
      };
      await bookWithVoucher();
      await page.getByRole('heading', { level: 1, name: 'Uw inschrijving is gelukt' }).waitFor();
      // Cash says where and when; no QR code.
      expect(await page.locator('ul.bookings').textContent()).toContain(
        'Betaal € 150,00 contant bij de start van het kamp, op maandag 26 juli 2027 op de kamplocatie',
      );
      expect(await page.locator('img.qr').count()).toBe(0);
      await bookWithVoucher();
      await page.getByText('Deze voucher is ongeldig: hij is al gebruikt, verlopen of hoort bij een ander kamp.').waitFor();
      await checkScreen(page, `${width} voucher used`, { fitsScreen: true });
      const inFull = await session.t.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.campId, camps.full));
      expect(inFull).toHaveLength(2);
    }
    if (round === 2) {
      // '/inschrijven' without its slash keeps the voucher's query on the way; a voucher of a camp not listed says so.
      const other = await context.newPage();
      await other.goto('/inschrijven?voucher=onbekend&camp=999999');
      expect(new URL(other.url()).pathname).toBe('/inschrijven/');
      await other.getByText('Het kamp van deze voucher staat niet (meer) in de lijst').waitFor();
      // The site's hashed files are kept by the browser for good, its page revalidated.
      const script = await other.locator('script[type=module]').getAttribute('src');
      expect((await other.request.get(script!)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await other.request.get('/inschrijven/')).headers()['cache-control']).toBe('no-cache');
    }
    await context.close();
  });
});
