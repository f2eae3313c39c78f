import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNationalNumber, maskNationalNumber } from '@common/identity-numbers.js';
import { queryRows } from '../../server/src/db/client.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { card, eventually, field, openDetail } from '../helpers/page.js';
import { addUser, signIn } from '../helpers/users.js';

interface Family {
  subscription_id: number;
  firstname: string;
  lastname: string;
  child_number: string;
  parent_number: string;
  year: number;
}

/** National numbers in the screens (issue 20): masked for staff, 'Tonen' for a beheerder only, found by the overview's search. */
describe('national register numbers in Chromium', () => {
  let session: BrowserSession;
  let family: Family;
  let monitor: { id: number; nationalnr: string };
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10 });
    await addUser(session.t.db, 'medewerker@kamp.test', 'medewerker');
    [family] = (await queryRows<Family>(
      session.t.db,
      sql`select s.id as subscription_id, ch.firstname, ch.lastname, ch.nationalnr as child_number, pa.nationalnr as parent_number,
            extract(year from p.start_date)::int as year
          from subscriptions s join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
          join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where ch.nationalnr is not null and pa.nationalnr is not null and not s.cancelled
            and extract(year from p.start_date) = ${new Date().getFullYear()}
          order by s.id limit 1`,
    )) as [Family];
    [monitor] = (await queryRows<{ id: number; nationalnr: string }>(
      session.t.db,
      sql`select id, nationalnr from monitors where nationalnr is not null order by id limit 1`,
    )) as [{ id: number; nationalnr: string }];
  });
  afterAll(async () => session?.close());

  async function medewerkerPage(): Promise<Page> {
    const page = await session.newPage({ signedIn: false });
    const token = await signIn(session.t, 'medewerker@kamp.test');
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('kampbeheer.token', value), token);
    return page;
  }

  const numberIn = (page: Page, cardTitle: string) => field(card(page, cardTitle), 'Rijksregisternummer').inputValue();

  it('a medewerker sees the child and parent numbers masked and no Tonen, also on a monitor', async () => {
    const page = await medewerkerPage();
    await page.goto(`/subscription-detail/${family.subscription_id}`);
    await eventually(() => numberIn(page, 'Gegevens kind')).toBe(maskNationalNumber(family.child_number));
    await eventually(() => numberIn(page, 'Gegevens ouder')).toBe(maskNationalNumber(family.parent_number));
    expect(await page.getByRole('button', { name: 'Rijksregisternummer tonen' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Tonen', exact: true }).count()).toBe(0);
    // Correcting the child's identity is the beheerder's (issue 39).
    expect(await page.getByRole('button', { name: 'Gegevens corrigeren' }).count()).toBe(0);
    expect(await page.content()).not.toContain(family.child_number);
    await expectNoSeriousAxeViolations(page, 'subscription detail, medewerker');

    await page.goto(`/monitor-detail/${monitor.id}`);
    await eventually(() => field(page, 'Rijksregisternummer').inputValue()).toBe(maskNationalNumber(monitor.nationalnr));
    expect(await page.getByRole('button', { name: 'Rijksregisternummer tonen' }).count()).toBe(0);
  });

  it('a beheerder presses Tonen and sees the full number; the reveal is in the audit log', async () => {
    const page = await session.newPage();
    await page.goto(`/subscription-detail/${family.subscription_id}`);
    await eventually(() => numberIn(page, 'Gegevens kind')).toBe(maskNationalNumber(family.child_number));
    await expectNoSeriousAxeViolations(page, 'subscription detail, beheerder');
    await card(page, 'Gegevens kind').getByRole('button', { name: 'Rijksregisternummer tonen' }).click();
    await eventually(() => numberIn(page, 'Gegevens kind')).toBe(family.child_number);
    expect(await card(page, 'Gegevens kind').getByRole('button', { name: 'Rijksregisternummer tonen' }).count()).toBe(0);
    // The parent's stays masked until asked for.
    expect(await numberIn(page, 'Gegevens ouder')).toBe(maskNationalNumber(family.parent_number));
    await card(page, 'Gegevens ouder').getByRole('button', { name: 'Rijksregisternummer tonen' }).click();
    await eventually(() => numberIn(page, 'Gegevens ouder')).toBe(family.parent_number);

    const reveals = await queryRows<{ entity: string }>(
      session.t.db,
      sql`select entity from audit_log where action = 'revealNationalNumber' order by id`,
    );
    expect(reveals.map((r) => r.entity)).toEqual(['subscriber', 'parent']);
  });

  it("a beheerder corrects a child's gender, birth date and national number on the detail (check digits, birth years; audited)", async () => {
    const year = new Date().getFullYear();
    const campId = await createCamp(session.t.db, {
      birthYears: [year - 12, year - 6],
      periodId: await createPeriod(session.t.db, { startDate: `${year + 1}-07-05`, name: 'Correctieweek' }),
    });
    const s = await createSubscription(session.t.db, { campId, childFirstname: 'Fien', childBirthdate: `${year - 8}-05-04` });
    await session.t.db.execute(sql`update children set gender_id = 1 where id = ${s.childId}`);
    const page = await session.newPage();
    await openDetail(page, s);
    await eventually(() => field(card(page, 'Gegevens kind'), 'Geslacht').inputValue()).toBe('Jongen');
    await card(page, 'Gegevens kind').getByRole('button', { name: 'Gegevens corrigeren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gegevens van het kind corrigeren' });
    await dialog.waitFor();
    await dialog.getByLabel('Geslacht').selectOption({ label: 'Meisje' });
    // A born-too-late birth date, and a national number whose check digits do not add up.
    await dialog.getByLabel('Geboortedatum').fill(`${year - 3}-05-04`);
    const birthdate = `${year - 3}-05-04`;
    const number = formatNationalNumber(birthdate, 204);
    await dialog
      .getByLabel('Nieuw rijksregisternummer')
      .fill(number.replace(/\d\d$/, (d) => String((Number(d) + 1) % 97).padStart(2, '0')));
    await dialog.getByRole('button', { name: 'Correctie opslaan' }).click();
    // The field names its own refusal (aria-describedby: the message, then the help text).
    const numberField = dialog.getByLabel('Nieuw rijksregisternummer');
    await eventually(() => numberField.getAttribute('aria-invalid')).toBe('true');
    const described = (await numberField.getAttribute('aria-describedby'))!.split(' ');
    expect(await page.locator(`[id="${described[0]}"]`).textContent()).toBe('Rijksregisternummer klopt niet (controlecijfers).');
    await expectNoSeriousAxeViolations(page, 'correction dialog, a wrong national number');
    await dialog.getByLabel('Nieuw rijksregisternummer').fill(number);
    await dialog.getByRole('button', { name: 'Correctie opslaan' }).click();
    // Outside the booked camp's birth years: the reason, and the override.
    await dialog
      .getByRole('alert')
      .filter({ hasText: `Met deze geboortedatum is Fien ${s.childLastname} geboren in ${year - 3}` })
      .waitFor();
    expect(await dialog.getByRole('alert').textContent()).toContain(`is voor kinderen geboren van ${year - 12} tot en met ${year - 6}.`);
    await dialog.getByLabel('Toch corrigeren (buiten leeftijd)').check();
    await expectNoSeriousAxeViolations(page, 'correction dialog, outside the birth years');
    await dialog.getByRole('button', { name: 'Correctie opslaan' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const child = card(page, 'Gegevens kind');
    await eventually(() => field(child, 'Geslacht').inputValue()).toBe('Meisje');
    expect(await field(child, 'Geboortedatum').inputValue()).toBe(`04/05/${year - 3}`);
    expect(await numberIn(page, 'Gegevens kind')).toBe(maskNationalNumber(number));
    const [stored] = await queryRows<{ gender_id: number; birthdate: string; nationalnr: string }>(
      session.t.db,
      sql`select gender_id, birthdate::text, nationalnr from children where id = ${s.childId}`,
    );
    expect(stored).toEqual({ gender_id: 2, birthdate, nationalnr: number });
    const audited = await queryRows<{ action: string }>(
      session.t.db,
      sql`select action from audit_log where entity = 'subscriber' and entity_id = ${s.childId} order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual(['correctSubscriber', 'correctSubscriber:overAgeRange']);
  });

  it('a beheerder reveals a monitor’s number, and saving the card with the masked number keeps it', async () => {
    const page = await session.newPage();
    await page.goto(`/monitor-detail/${monitor.id}`);
    const gegevens = card(page, 'Gegevens');
    await eventually(() => field(gegevens, 'Rijksregisternummer').inputValue()).toBe(maskNationalNumber(monitor.nationalnr));
    await gegevens.getByRole('button', { name: 'Rijksregisternummer tonen' }).click();
    await eventually(() => gegevens.getByTestId('revealed-national-number').textContent()).toBe(monitor.nationalnr);
    await expectNoSeriousAxeViolations(page, 'monitor detail, revealed');

    await field(gegevens, 'Telefoon').fill('0470 11 22 33');
    await gegevens.locator('button[type=submit]').click();
    await eventually(
      async () =>
        (
          await queryRows<{ phone: string; nationalnr: string }>(
            session.t.db,
            sql`select phone, nationalnr from monitors where id = ${monitor.id}`,
          )
        )[0],
    ).toEqual({ phone: '0470 11 22 33', nationalnr: monitor.nationalnr });
  });

  it('a medewerker finds the child in the overview by the parent’s whole national number', async () => {
    const page = await medewerkerPage();
    await page.goto('/subscription-overview');
    await page.locator('tbody tr[data-subscription-id]').first().waitFor();
    await page.getByLabel('Zoeken').fill(family.parent_number);
    // Exactly the year's subscriptions of that parent's children: none of the list's own fields holds the number.
    const expected = await queryRows<{ id: number }>(
      session.t.db,
      sql`select s.id from subscriptions s join children ch on ch.id = s.child_id join parents pa on pa.id = ch.parent_id
          join camps c on c.id = s.camp_id join periods p on p.id = c.period_id
          where pa.nationalnr = ${family.parent_number} and not s.cancelled and extract(year from p.start_date) = ${family.year}`,
    );
    const shownIds = () =>
      page.locator('tbody tr[data-subscription-id]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-subscription-id'))));
    await eventually(async () => (await shownIds()).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    expect(await shownIds()).toContain(family.subscription_id);
    expect(await page.locator(`tbody tr[data-subscription-id="${family.subscription_id}"] th`).textContent()).toBe(
      `${family.firstname} ${family.lastname}`,
    );
    await expectNoSeriousAxeViolations(page, 'overview searched by national number');
    // A part of the number finds nothing for a medewerker: it cannot be probed digit by digit.
    await page.getByLabel('Zoeken').fill(family.parent_number.replace(/\D/g, '').slice(0, 10));
    await eventually(() => shownIds()).toEqual([]);
  });
});
