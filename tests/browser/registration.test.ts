import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVE_MAIL_TEMPLATE } from '@common/constants.js';
import { queryRows } from '../../server/src/db/client.js';
import { auditLog, mailOutbox } from '../../server/src/db/schema.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createPeriod } from '../helpers/factory.js';

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
    const campSelect = page.getByLabel('Kamp', { exact: true });
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
    await page.getByLabel('Lunchvoorkeur').selectOption({ index: 1 });
    await page.getByLabel('Opmerking').fill('Telefonisch, mama belt terug');
    await page.getByRole('button', { name: 'Inschrijving opslaan' }).click();

    // The new subscription's detail opens.
    await page.waitForURL(/\/subscription-detail\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await page.getByRole('heading', { level: 1, name: /Mats Telefoonmans/ }).waitFor();
    const [stored] = await queryRows<{ camp_id: number; payment_method_id: number; remark: string; ogm: string }>(
      db,
      sql`select camp_id, payment_method_id, remark, ogm from subscriptions where id = ${id}`,
    );
    expect(stored).toMatchObject({ camp_id: campA, payment_method_id: 1, remark: 'Telefonisch, mama belt terug' });

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
});
