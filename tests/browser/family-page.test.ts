import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInBelgium } from '@common/calendar.js';
import { addDays } from '@common/mail-schedules.js';
import { children, mailOutbox, subscriptions } from '../../server/src/db/schema.js';
import { markAttendance } from '../helpers/attests.js';
import { pdfText } from '../helpers/files.js';
import { checkScreen, familyOnPhone, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { bookInCash, familyWithChild, knownFamily } from '../helpers/family.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';

/**
 * 'Mijn inschrijvingen' of a family on a phone (360 × 740, issue 34): a paid booking cancelled with the camp's fee and
 * what comes back shown first and the IBAN asked; a booking past its last cancel day says whom to contact; a child on
 * a full camp's waiting list shows as 'wachtlijst, plaats 1', never as booked, and leaves the list. The participation
 * attest of a camp that is over downloads as the staff's PDF; a booked child's birth date and national number show
 * read-only, with a request to staff (issue 34).
 * SCREENSHOTS=<folder> keeps a screenshot of every screen.
 */

describe("the family's page in Chromium", () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10 });
  });
  afterAll(async () => session?.close());

  it('cancels with the fee shown and the IBAN asked, names whom to contact after the cut-off, and shows a waiting place', async () => {
    const { t } = session;
    const camp = async (daysAhead: number, name: string, seats = 20) => {
      const startDate = addDays(todayInBelgium(), daysAhead);
      return {
        startDate,
        id: await createCamp(t.db, {
          periodId: await createPeriod(t.db, { startDate, name }),
          priceCents: 15000,
          seatsAvailable: seats,
          birthYears: [Number(startDate.slice(0, 4)) - 12, Number(startDate.slice(0, 4)) - 6],
        }),
      };
    };
    const open = await camp(60, 'Zomerweek met annuleringskost');
    await t.db.execute(sql`update camps set cancellation_fee_cents = 2500 where id = ${open.id}`);
    const soon = await camp(5, 'Krokusweek');
    const full = await camp(70, 'Volle zomerweek', 1);
    await createSubscription(t.db, { campId: full.id });

    const family = await familyWithChild(t, { birthdate: `${Number(open.startDate.slice(0, 4)) - 8}-05-01` });
    const { token, childId } = family;
    const [paidId, soonId] = await bookInCash(t, family, [open.id, soon.id]);
    // Paid in cash at the desk: no account known to pay back to, so the IBAN is asked.
    await t.db.execute(sql`update subscriptions set paid_amount_cents = 15000, paid = true where id = ${paidId!}`);
    const joined = await t.api.joinWaitingList({ CHILD_IDS: [childId], CAMP_ID: full.id }, { token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);

    const { context, page } = await familyOnPhone(session, token);
    await page.goto('/inschrijven/#/inschrijvingen');
    const paid = page.locator(`li[data-subscription-id="${paidId}"]`);
    const late = page.locator(`li[data-subscription-id="${soonId}"]`);
    const waiting = page.locator('li[data-waiting-id]');
    await expect.poll(() => waiting.textContent()).toContain('Nog niet ingeschreven: wachtlijst, plaats 1.');
    // A waiting child never shows as booked: no booking card for the full camp.
    await expect.poll(() => page.locator('li[data-subscription-id]').count()).toBe(2);
    // Past its last cancel day: whom to contact, no button.
    expect(await late.getByRole('button', { name: 'Annuleren' }).count()).toBe(0);
    expect(await late.textContent()).toMatch(
      /Annuleren via de website kon tot .*\. Neem contact op met .+ om deze inschrijving te annuleren\./,
    );
    await checkScreen(page, 'family page', { fitsScreen: true });

    await paid.getByRole('button', { name: 'Annuleren' }).click();
    expect(await paid.textContent()).toContain('De annuleringskost is € 25,00. U krijgt € 125,00 terug.');
    await paid.getByRole('button', { name: 'Annulering bevestigen' }).click();
    const iban = paid.getByLabel('Rekeningnummer (IBAN) voor de terugbetaling');
    await expect.poll(() => iban.getAttribute('aria-invalid')).toBe('true');
    expect(await paid.textContent()).toContain(
      'Geef het rekeningnummer (IBAN) waarop we het betaalde bedrag boven de annuleringskost terugstorten.',
    );
    await checkScreen(page, 'family page cancel asks the IBAN', { fitsScreen: true });
    await iban.fill('BE68 5390 0754 7034');
    await paid.getByRole('button', { name: 'Annulering bevestigen' }).click();
    await expect.poll(() => paid.textContent()).toContain('Geannuleerd.');
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(sql`${subscriptions.id} = ${paidId!}`);
    expect(row).toMatchObject({ cancelled: true, paidAccountNr: 'BE68539007547034' });
    expect(await paid.textContent()).toContain('Prijs € 25,00');
    await checkScreen(page, 'family page cancelled', { fitsScreen: true });

    await waiting.getByRole('button', { name: 'Van de wachtlijst halen' }).click();
    await expect.poll(() => waiting.count()).toBe(0);
    expect((await t.api.getMyWaitingList(undefined, { token })).body.data).toEqual({ WAITING: [] });
    await context.close();
  });

  it("downloads the participation attest of a camp that is over, and shows a booked child's birth date read-only with a request to staff", async () => {
    const { t } = session;
    const week = ['2025-07-07', '2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11'];
    const campId = await createCamp(t.db, {
      periodId: await createPeriod(t.db, { startDate: week[0], name: 'Zomerweek 2025' }),
      activeDays: week.join(','),
    });
    const booked = await createSubscription(t.db, {
      campId,
      priceCents: 12_000,
      paidAmountCents: 12_000,
      paid: true,
      childFirstname: 'Roos',
      childLastname: 'Wouters',
      childBirthdate: '2016-03-02',
    });
    await markAttendance(t, booked.subscriptionId, week);
    const token = await knownFamily(t, booked.parentId, 'roos.wouters@thuis.be');

    const context = await session.browser.newContext({
      baseURL: session.baseUrl,
      viewport: { width: 360, height: 740 },
      locale: 'nl-BE',
      timezoneId: 'Europe/Brussels',
      acceptDownloads: true,
    });
    await context.addInitScript((value) => localStorage.setItem('inschrijven.token', value), token);
    const page = await context.newPage();
    await page.goto('/inschrijven/#/inschrijvingen');
    const card = page.locator(`li[data-subscription-id="${booked.subscriptionId}"]`);
    const button = card.getByRole('button', { name: /Deelname-attest downloaden/ });
    await button.waitFor();
    await checkScreen(page, 'family page attest', { fitsScreen: true });
    const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(file.suggestedFilename()).toBe(`deelname-attest-${booked.subscriptionId}.pdf`);
    const text = await pdfText(readFileSync((await file.path())!));
    expect(text).toContain('Roos');
    expect(text).toContain('€ 120,00');

    await page.goto('/inschrijven/#/gezin');
    await page.getByRole('button', { name: 'Wijzigen (Roos)' }).click();
    const form = page.locator('form[aria-labelledby="child-title"]');
    // No field for the birth date or the national number: they show as text, with whom to ask.
    expect(await form.getByLabel('Geboortedatum').count()).toBe(0);
    expect(await form.getByLabel('Rijksregisternummer').count()).toBe(0);
    expect(await form.textContent()).toContain('2 maart 2016');
    expect(await form.textContent()).toContain('Vraag het secretariaat om dit te wijzigen');
    await page.getByLabel('Wat moet er gewijzigd worden voor Roos?').fill('Roos is geboren op 3 maart 2016.');
    await checkScreen(page, 'family page locked child', { fitsScreen: true });
    await page.getByRole('button', { name: 'Vraag versturen' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'naar het secretariaat gestuurd' }).count()).toBe(1);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.templateId, 'correctie-gevraagd'));
    expect(mail).toMatchObject({ subscriptionId: booked.subscriptionId });
    expect(mail!.body).toContain('Roos is geboren op 3 maart 2016.');
    // The name stays the family's to change; the birth date is untouched.
    await form.getByLabel('Voornaam').fill('Rosa');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => page.getByText('Rosa is opgeslagen.').count()).toBe(1);
    const [row] = await t.db.select().from(children).where(eq(children.id, booked.childId));
    expect(row).toMatchObject({ firstname: 'Rosa', birthdate: '2016-03-02' });
    await context.close();
  });
});
