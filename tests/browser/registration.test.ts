import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVE_MAIL_TEMPLATE } from '@common/constants.js';
import { queryRows } from '../../server/src/db/client.js';
import { auditLog, mailOutbox, parents } from '../../server/src/db/schema.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createAgegroup, createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { card, financialValue } from '../helpers/page.js';

describe('staff registration, moving and the trash in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 20 });
  });
  afterAll(async () => session?.close());

  const year = new Date().getFullYear();

  it('registers a child by phone from start to finish, moves it, deletes it and restores it from the trash', async () => {
    const db = session.t.db;
    const campA = await createCamp(db, {
      priceCents: 13000,
      periodId: await createPeriod(db, { startDate: `${year}-07-06`, name: 'Zomerweek A' }),
    });
    const campB = await createCamp(db, {
      priceCents: 16000,
      periodId: await createPeriod(db, { startDate: `${year}-07-13`, name: 'Zomerweek B' }),
    });
    const page = await session.newPage();

    // The overview's button opens the registration.
    await page.goto(`/subscription-overview?subscriptionsYear=${year}`);
    await page.getByRole('link', { name: 'Inschrijving toevoegen' }).click();
    await page.waitForURL(/\/subscription-new/);
    await page.getByRole('heading', { level: 1, name: `Inschrijving toevoegen (${year})` }).waitFor();
    await expectNoSeriousAxeViolations(page, 'registration, empty');

    // 1. The camp, with its seats and price.
    const campSelect = page.getByLabel(/^Kamp\*?$/);
    const optionA = campSelect.locator('option', { hasText: 'Zomerweek A' });
    await optionA.waitFor({ state: 'attached' });
    await campSelect.selectOption({ value: String(campA) });
    expect(await page.getByTestId('camp-choice').textContent()).toMatch(/Plaatsen: 0\/40 bezet, 40 vrij\. Prijs: € 130,00/);

    // 2. A new parent; a save without the required fields shows the detail cards' messages.
    await page.getByRole('button', { name: 'Nieuwe ouder' }).click();
    await page.getByRole('button', { name: 'Inschrijving opslaan' }).click();
    await page.getByText('Opslaan mislukt, probeer opnieuw.').waitFor();
    expect(await page.locator('.invalid-feedback', { hasText: 'Veld verplicht' }).count()).toBeGreaterThan(3);
    await expectNoSeriousAxeViolations(page, 'registration, refused');
    // A required field's label ends in an asterisk.
    const fill = async (label: string, value: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).fill(value);
    await fill('Voornaam', 'Griet');
    await fill('Achternaam', 'Telefoonmans');
    await fill('Straat', 'Veldstraat');
    await fill('Huisnummer', '9');
    await fill('Postcode', '9000');
    await fill('Gemeente', 'Gent');
    await fill('Telefoon', '0478 12 34 56');
    await fill('E-mail', 'griet.telefoonmans@voorbeeld.be');
    // 3. A new child.
    await fill('Voornaam kind', 'Mats');
    await fill('Achternaam kind', 'Telefoonmans');
    await page.getByLabel('Geslacht').selectOption({ label: 'Jongen' });
    await fill('Geboortedatum', `${year - 8}-02-11`);
    // 4. Payment, lunch and remark.
    await page.getByLabel('Betaalwijze').selectOption({ label: 'Contante betaling' });
    // Where the booking came from (issue 40): by phone unless staff say otherwise; this family stands at the desk.
    expect(await page.getByLabel('Ingeschreven via').inputValue()).toBe('phone');
    await page.getByLabel('Ingeschreven via').selectOption({ label: 'Balie' });
    await page.getByLabel('Lunchvoorkeur').selectOption({ index: 1 });
    await page.getByLabel('Opmerking').fill('Telefonisch, mama belt terug');
    await page.getByRole('button', { name: 'Inschrijving opslaan' }).click();

    // The new subscription's detail opens.
    await page.waitForURL(/\/subscription-detail\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await page.getByRole('heading', { level: 1, name: /Mats Telefoonmans/ }).waitFor();
    const [stored] = await queryRows<{ camp_id: number; payment_method_id: number; remark: string; ogm: string; source: string }>(
      db,
      sql`select camp_id, payment_method_id, remark, ogm, source from subscriptions where id = ${id}`,
    );
    expect(stored).toMatchObject({ camp_id: campA, payment_method_id: 1, remark: 'Telefonisch, mama belt terug', source: 'desk' });
    // Where the booking came from (issue 40): at the desk, and a website booking says so.
    expect(await page.getByTestId('subscription-source').textContent()).toBe('Balie');
    await db.execute(sql`update subscriptions set source = 'website' where id = ${id}`);
    await page.reload();
    await page.getByTestId('subscription-source').getByText('Website').waitFor();
    await db.execute(sql`update subscriptions set source = 'desk' where id = ${id}`);

    // Verplaatsen: the target camp with its seats and price.
    await page.getByRole('button', { name: 'Verplaatsen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inschrijving verplaatsen' });
    await dialog.getByLabel('Nieuw kamp').locator('option', { hasText: 'Zomerweek B' }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Nieuw kamp').selectOption({ value: String(campB) });
    expect(await dialog.getByTestId('move-target').textContent()).toContain('Nieuwe prijs: € 160,00');
    await expectNoSeriousAxeViolations(page, 'move dialog');
    await dialog.getByRole('button', { name: 'Verplaatsen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Zomerweek B').first().waitFor();
    const [moved] = await queryRows<{ camp_id: number; camp_price_cents: number }>(
      db,
      sql`select camp_id, camp_price_cents from subscriptions where id = ${id}`,
    );
    expect(moved).toEqual({ camp_id: campB, camp_price_cents: 16000 });
    const mails = await db.select({ templateId: mailOutbox.templateId }).from(mailOutbox).where(eq(mailOutbox.subscriptionId, id));
    expect(mails.map((m) => m.templateId)).toContain(MOVE_MAIL_TEMPLATE);

    // Delete: the overlay of the spec, and the subscription goes to the trash.
    await page.getByRole('button', { name: 'Inschrijving verwijderen' }).click();
    await page.getByRole('dialog', { name: 'Inschrijving verwijderen' }).getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByText('Inschrijving is verwijderd').waitFor();

    await page.goto(`/subscriptions-trash?subscriptionsYear=${year}`);
    await page.getByRole('heading', { level: 1, name: `Prullenbak ${year}` }).waitFor();
    const row = page.getByRole('row', { name: /Mats Telefoonmans/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('test@kampbeheer.be');
    await expectNoSeriousAxeViolations(page, 'trash');
    await row.getByRole('button', { name: 'Terugzetten' }).click();
    await page.getByRole('status').filter({ hasText: 'Mats Telefoonmans is teruggezet.' }).waitFor();
    await row.waitFor({ state: 'detached' });
    const [restored] = await queryRows<{ camp_id: number; ogm: string }>(db, sql`select camp_id, ogm from subscriptions where id = ${id}`);
    expect(restored).toEqual({ camp_id: campB, ogm: stored!.ogm });
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'restoreSubscription'), eq(auditLog.entityId, id))),
    ).toHaveLength(1);

    await page.getByRole('link', { name: 'Bekijken' }).click();
    await page.getByRole('heading', { level: 1, name: /Mats Telefoonmans/ }).waitFor();
  }, 240_000);

  it("shows age group, birth years and 'Gesloten' in every camp choice, and books against a camp's rule only with its override", async () => {
    const db = session.t.db;
    const period = (startDate: string, name: string) => createPeriod(db, { startDate, name });
    const toddlers = await createAgegroup(db, { name: 'Kleuters (3-5 jaar)' });
    const youngCamp = await createCamp(db, {
      agegroupId: toddlers,
      birthYears: [year - 5, year - 3],
      periodId: await period(`${year}-08-03`, 'Kleuterweek'),
    });
    const closedCamp = await createCamp(db, { closed: true, periodId: await period(`${year}-08-10`, 'Gesloten week') });
    // A family that is known: a child born 4 years ago, in a camp for 6 to 12.
    const known = await createSubscription(db, {
      campId: await createCamp(db, { periodId: await period(`${year}-08-17`, 'Startweek') }),
      childFirstname: 'Ward',
      childLastname: 'Leeftijdsmans',
      childBirthdate: `${year - 4}-04-04`,
    });
    const page = await session.newPage();
    await page.goto(`/subscription-new?subscriptionsYear=${year}`);
    const campSelect = page.getByLabel(/^Kamp\*?$/);
    const closedOption = campSelect.locator('option', { hasText: 'Gesloten week' });
    await closedOption.waitFor({ state: 'attached' });
    expect(await closedOption.textContent()).toMatch(
      new RegExp(`^Gesloten — .*Gesloten week .* — Testgroep \\d+, geboortejaren ${year - 12}–${year - 6} — 40 vrij`),
    );
    expect(await campSelect.locator('option', { hasText: 'Kleuterweek' }).textContent()).toContain(
      `Kleuters (3-5 jaar), geboortejaren ${year - 5}–${year - 3}`,
    );
    // Closed camps come last.
    expect(await campSelect.locator('option').last().textContent()).toMatch(/^Gesloten — /);

    // A search that finds more families than it shows says how many there are and asks to refine (issue 39).
    await db.insert(parents).values(
      Array.from({ length: 23 }, (_, i) => ({
        firstname: `Ouder${String(i).padStart(2, '0')}`,
        lastname: 'Talrijkmans',
        street: 'Dorpstraat',
        housenr: String(i + 1),
        postalcode: '9000',
        city: 'Gent',
        country: 'België',
        phone: '0470 00 00 00',
        email: `ouder${i}@talrijkmans.be`,
      })),
    );
    const familySearch = page.getByLabel('Zoek een gezin op naam, e-mail of rijksregisternummer');
    await familySearch.fill('Talrijkmans');
    await page.getByRole('button', { name: /Ouder19 Talrijkmans/ }).waitFor();
    expect(await page.getByLabel('Gevonden gezinnen', { exact: true }).getByRole('button').count()).toBe(20);
    expect(await page.getByTestId('families-more').textContent()).toBe(
      '20 van 23 gezinnen getoond. Verfijn je zoekopdracht: typ meer van de naam, een voornaam, het e-mailadres of het rijksregisternummer.',
    );
    await expectNoSeriousAxeViolations(page, 'registration, a family search with more results than shown');

    // The known family's child is born outside the birth years of its camp's choice: the reason and the override show.
    await familySearch.fill('Leeftijdsmans');
    await page.getByRole('button', { name: /Sofie Leeftijdsmans/ }).click();
    await page.getByLabel(/Ward Leeftijdsmans/).check();
    await campSelect.selectOption({ value: String(closedCamp) });
    expect(await page.getByTestId('camp-choice').textContent()).toMatch(
      new RegExp(`^Gesloten\\s*Leeftijd: Testgroep \\d+, geboortejaren ${year - 12}–${year - 6}\\.`),
    );
    const overrides = page.getByTestId('booking-overrides');
    expect(await overrides.textContent()).toContain('Dit kamp is gesloten: er kan niet meer ingeschreven worden.');
    expect(await overrides.textContent()).toContain(
      `Ward Leeftijdsmans is geboren in ${year - 4}; dit kamp is voor kinderen geboren van ${year - 12} tot en met ${year - 6}.`,
    );
    await page.getByLabel('Toch inschrijven (gesloten kamp)').waitFor();
    await page.getByLabel('Toch inschrijven (buiten leeftijd)').waitFor();
    await expectNoSeriousAxeViolations(page, 'registration, a closed camp for older children');
    await page.getByLabel('Lunchvoorkeur').selectOption({ index: 1 });
    // Without the overrides the server refuses, and nothing is booked.
    await page.getByRole('button', { name: 'Inschrijving opslaan' }).click();
    await page.getByRole('alert').filter({ hasText: 'Dit kamp is gesloten' }).waitFor();
    await page.getByLabel('Toch inschrijven (gesloten kamp)').check();
    await page.getByLabel('Toch inschrijven (buiten leeftijd)').check();
    await page.getByRole('button', { name: 'Inschrijving opslaan' }).click();
    await page.waitForURL(/\/subscription-detail\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const overridden = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), sql`${auditLog.action} like 'createSubscription:%'`));
    expect(overridden.map((a) => a.action).sort()).toEqual(['createSubscription:overAgeRange', 'createSubscription:overClosed']);

    // Verplaatsen: the same choice; the toddlers' camp fits Ward, so it asks for no override.
    await page.getByRole('button', { name: 'Verplaatsen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inschrijving verplaatsen' });
    const target = dialog.getByLabel('Nieuw kamp');
    await target.locator('option', { hasText: 'Kleuterweek' }).waitFor({ state: 'attached' });
    expect(await target.locator('option', { hasText: 'Kleuterweek' }).textContent()).toContain(`geboortejaren ${year - 5}–${year - 3}`);
    expect(await target.locator('option', { hasText: 'Gesloten week' }).count()).toBe(0);
    await target.selectOption({ value: String(youngCamp) });
    expect(await dialog.getByTestId('move-target').textContent()).toContain(
      `Leeftijd: Kleuters (3-5 jaar), geboortejaren ${year - 5}–${year - 3}.`,
    );
    expect(await dialog.getByTestId('booking-overrides').count()).toBe(0);
    // Back to a camp for older children: the override shows in the dialog.
    await target.selectOption({ value: String(known.campId) });
    await dialog.getByLabel('Toch inschrijven (buiten leeftijd)').waitFor();
    await expectNoSeriousAxeViolations(page, 'move dialog, a camp for older children');
    await target.selectOption({ value: String(youngCamp) });
    await dialog.getByRole('button', { name: 'Verplaatsen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const [moved] = await queryRows<{ camp_id: number }>(db, sql`select camp_id from subscriptions where id = ${id}`);
    expect(moved?.camp_id).toBe(youngCamp);
  }, 240_000);

  it("shows on a sibling's detail that its discount went with the cancelled booking that earned it", async () => {
    const db = session.t.db;
    const discountCamp = async (startDate: string) => {
      const campId = await createCamp(db, { priceCents: 10000, periodId: await createPeriod(db, { startDate }) });
      await db.execute(sql`update camps set discount_allowed = true, reduction_to_earn_cents = 1500 where id = ${campId}`);
      return campId;
    };
    const register = async (body: Record<string, unknown>) => {
      const answer = await session.t.unchecked.createSubscription({
        PAYMENTMETHOD_ID: 2,
        SUBSCRIPTION_LUNCH_PREFERENCE_ID: (await queryRows<{ id: number }>(db, sql`select min(id) as id from lunch_preferences`))[0]!.id,
        ...body,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.data as { SUBSCRIPTION_ID: number }).SUBSCRIPTION_ID;
    };
    const child = (firstname: string, birthdate: string) => ({
      SUBSCRIBER_FIRSTNAME: firstname,
      SUBSCRIBER_LASTNAME: 'Broerzusmans',
      SUBSCRIBER_GENDER_ID: 2,
      SUBSCRIBER_BIRTHDATE: birthdate,
    });
    const first = await register({
      CAMP_ID: await discountCamp(`${year}-07-27`),
      SUBSCRIBER_PARENT_FIRSTNAME: 'Els',
      SUBSCRIBER_PARENT_LASTNAME: 'Broerzusmans',
      SUBSCRIBER_PARENT_STREET: 'Beekstraat',
      SUBSCRIBER_PARENT_HOUSENR: '4',
      SUBSCRIBER_PARENT_POSTALCODE: '9000',
      SUBSCRIBER_PARENT_CITY: 'Gent',
      SUBSCRIBER_PARENT_COUNTRY: 'België',
      SUBSCRIBER_PARENT_PHONE: '0477 11 22 33',
      SUBSCRIBER_PARENT_EMAIL: 'els.broerzusmans@voorbeeld.be',
      ...child('Jules', `${year - 9}-04-04`),
    });
    const [{ parent_id: parentId } = { parent_id: 0 }] = await queryRows<{ parent_id: number }>(
      db,
      sql`select ch.parent_id from subscriptions s join children ch on ch.id = s.child_id where s.id = ${first}`,
    );
    const sibling = await register({
      CAMP_ID: await discountCamp(`${year}-08-03`),
      SUBSCRIBER_PARENT_ID: parentId,
      ...child('Nore', `${year - 7}-05-05`),
    });

    const page = await session.newPage();
    await page.goto(`/subscription-detail/${first}`);
    await page.getByRole('button', { name: 'Inschrijving annuleren' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /annuleren/i })
      .last()
      .click();
    await page.getByText('Deze inschrijving is geannuleerd.').waitFor();

    await page.goto(`/subscription-detail/${sibling}`);
    await page.getByRole('heading', { level: 1, name: /Nore Broerzusmans/ }).waitFor();
    await page.getByRole('button', { name: 'Geschiedenis tonen' }).click();
    const entry = page.getByRole('row', { name: /korting broer of zus herberekend/ });
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/Korting: € 15,00 → € 0,00/);
    // No discount left in the financial card's list (it shows only when there is one).
    expect(await card(page, 'Financieel').getByRole('table', { name: 'Kortingen' }).count()).toBe(0);
    expect(await financialValue(page, 'Korting')).toBe('€ 0,00');
    await expectNoSeriousAxeViolations(page, "a sibling's history after its discount went");
  }, 240_000);
});
