import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskNationalNumber } from '@common/identity-numbers.js';
import { queryRows } from '../../server/src/db/client.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { card, eventually, field } from '../helpers/page.js';
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
