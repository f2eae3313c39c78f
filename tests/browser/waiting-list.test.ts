import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInBelgium } from '@common/calendar.js';
import { addDays } from '@common/mail-schedules.js';
import type { CampRecord } from '@common/schemas/camps.js';
import { queryRows } from '../../server/src/db/client.js';
import { mailOutbox } from '../../server/src/db/schema.js';
import { checkScreen, familyOnPhone, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { familyWithChildren } from '../helpers/family.js';
import { createCamp, createPeriod, createSubscription } from '../helpers/factory.js';
import { eventually } from '../helpers/page.js';

/**
 * The waiting list's screens (issue 34). Staff: a camp's list in its order, a child moved down, offered a seat by
 * hand (refused while the camp is full), removed, and a known family's child added at the desk; the counts on the
 * camps overview and the dashboard. A family on a phone (360 × 740): two sisters put on a full camp's list together, and
 * the offer mail's link taken on the offer page, which books them; the used link says so; and on 'Mijn inschrijvingen',
 * one offer declined and another taken right there.
 * SCREENSHOTS=<folder> keeps a screenshot of every screen.
 */

describe('the waiting list in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10 });
  });
  afterAll(async () => session?.close());

  /** A camp 60 days ahead for children born eight years before it, with `seats` seats, all booked. */
  async function fullCamp(name: string, seats: number) {
    const { t } = session;
    const startDate = addDays(todayInBelgium(), 60);
    const year = Number(startDate.slice(0, 4));
    const id = await createCamp(t.db, {
      periodId: await createPeriod(t.db, { startDate, name }),
      seatsAvailable: seats,
      priceCents: 14000,
      birthYears: [year - 12, year - 6],
    });
    const booked: number[] = [];
    for (let i = 0; i < seats; i++) booked.push((await createSubscription(t.db, { campId: id })).subscriptionId);
    return { id, year, booked, birthYear: year - 8 };
  }

  /** A signed-up family with one child per name; its token and the children's ids. */
  async function family(birthYear: number, ...names: string[]) {
    const kids = names.map((firstname) => ({ firstname, birthdate: `${birthYear}-05-01` }));
    const { token, childIds } = await familyWithChildren(session.t, kids);
    return { token, ids: childIds };
  }

  const waitingList = async (campId: number) => (await session.t.api.getWaitingList({ campId })).body.data;

  it('staff see the list in order, move a child down, offer a seat by hand, remove one and add a child at the desk', async () => {
    const { t } = session;
    const camp = await fullCamp('Volle paasweek', 1);
    for (const name of ['Amber', 'Bo', 'Cas']) {
      const f = await family(camp.birthYear, name);
      const joined = await t.api.joinWaitingList({ CHILD_IDS: f.ids, CAMP_ID: camp.id }, { token: f.token });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    }
    // A family the desk knows (it booked before), with a child born in the camp's years.
    const known = await createSubscription(t.db, { childFirstname: 'Dirk', childLastname: 'Desmet' });
    await t.db.execute(
      sql`update children set birthdate = ${`${camp.birthYear}-03-03`} where id = (select child_id from subscriptions where id = ${known.subscriptionId})`,
    );

    const page = await session.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    // From the camps overview: the count, linking to the camp's list.
    await page.goto(`/camps?subscriptionsYear=${camp.year}`);
    const campRow = page.locator(`tbody tr[data-camp-id="${camp.id}"]`);
    await campRow.getByRole('link', { name: 'wachtlijst: 3' }).click();
    await page.waitForURL(`**/wachtlijst/${camp.id}?subscriptionsYear=${camp.year}`);
    const rows = page.getByTestId('waiting-list').locator('tbody tr');
    const names = () => rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td:nth-child(2)')!.firstChild!.textContent));
    await eventually(names).toEqual(['Amber Claes', 'Bo Claes', 'Cas Claes']);
    expect(await rows.first().locator('td').nth(4).textContent()).toBe('Wacht');
    await checkScreen(page, 'staff waiting list');

    // Amber one place down: Bo leads, on the screen and on the server.
    await page.getByRole('button', { name: 'Omlaag: Amber Claes' }).click();
    await eventually(names).toEqual(['Bo Claes', 'Amber Claes', 'Cas Claes']);
    expect((await waitingList(camp.id)).map((e) => [e.SUBSCRIBER_FIRSTNAME, e.PLACE])).toEqual([
      ['Bo', 1],
      ['Amber', 2],
      ['Cas', 3],
    ]);

    // By hand while the camp is full: the server's refusal, in words; with a seat more, Cas gets it out of turn.
    await page.getByRole('button', { name: 'Plaats aanbieden: Cas Claes' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toContain('er is 1 nodig');
    await t.db.execute(sql`update camps set seats_available = 2 where id = ${camp.id}`);
    await page.getByRole('button', { name: 'Plaats aanbieden: Cas Claes' }).click();
    const cas = rows.filter({ hasText: 'Cas Claes' });
    await eventually(() => cas.locator('td').nth(4).textContent()).toMatch(/^Plaats aangeboden tot \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect((await waitingList(camp.id)).find((e) => e.SUBSCRIBER_FIRSTNAME === 'Cas')!.STATE).toBe('offered');

    // Removed after asking: off the list.
    await page.getByRole('button', { name: 'Verwijderen: Bo Claes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Van de wachtlijst verwijderen?' });
    await dialog.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await eventually(names).toEqual(['Amber Claes', 'Cas Claes']);
    expect((await waitingList(camp.id)).map((e) => e.SUBSCRIBER_FIRSTNAME)).toEqual(['Amber', 'Cas']);

    // At the desk: a known family found, its child put on the list.
    await page.getByLabel('Zoek een gezin op naam, e-mail of rijksregisternummer').fill('Desmet');
    await page
      .getByRole('button', { name: /Desmet/ })
      .first()
      .click();
    await page.getByLabel(/^Dirk Desmet/).check();
    await page.getByRole('button', { name: 'Op de wachtlijst zetten' }).click();
    await eventually(() => page.getByRole('status').allTextContents()).toContain('Dirk staat op de wachtlijst, plaats 2.');
    await eventually(names).toEqual(['Amber Claes', 'Dirk Desmet', 'Cas Claes']);
    await checkScreen(page, 'staff waiting list after changes');

    // The menu's list of waiting lists and the dashboard count them.
    await page.getByRole('button', { name: 'Beheer' }).click();
    await page.getByRole('link', { name: 'Wachtlijsten', exact: true }).click();
    const listed = page.locator(`tbody tr[data-camp-id="${camp.id}"]`);
    await eventually(() => listed.locator('td').nth(3).textContent()).toBe('3');
    await page.goto(`/dashboard?subscriptionsYear=${camp.year}`);
    await eventually(() => page.getByTestId('occupancy').textContent()).toMatch(/\d\/2, wachtlijst: 3/);
  });

  it('a family puts two sisters on a full camp together, and takes the seats through the offer link on a phone', async () => {
    const { t } = session;
    const camp = await fullCamp('Volle zomerweek', 1);
    const f = await family(camp.birthYear, 'Mila', 'Noor');
    const { context, page } = await familyOnPhone(session, f.token);
    const phoneCheck = (label: string) => checkScreen(page, label, { fitsScreen: true });

    await page.goto('/inschrijven/');
    const card = page.locator(`li[data-camp-id="${camp.id}"]`);
    await eventually(() => card.locator('.seats').textContent()).toBe('volzet');
    await card.getByRole('button', { name: /^Op de wachtlijst/ }).click();
    await card.getByLabel('Mila').check();
    await card.getByLabel('Noor').check();
    await card.getByRole('button', { name: 'Op de wachtlijst zetten' }).click();
    await eventually(() => card.getByRole('status').textContent()).toMatch(/^Mila en Noor staan samen op de wachtlijst van .+, plaats 1\./);
    await phoneCheck('family joins the waiting list');
    expect((await waitingList(camp.id)).map((e) => [e.SUBSCRIBER_FIRSTNAME, e.PLACE])).toEqual([
      ['Mila', 1],
      ['Noor', 1],
    ]);

    // Two seats more (staff save the camp): one offer for both sisters, mailed with its link.
    const [detail] = (await t.api.crudCamp({ action: 'read', CAMP_ID: camp.id })).body.data as CampRecord[];
    // The camp as the detail screen reads and sends it back (the read answer's fields with it).
    const saved = await t.unchecked.crudCamp({ ...detail, ACTIVE_DAYS: detail!.PERIOD_STARTDATE, SEATS_AVAILABLE: 3 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const mail = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.templateId, 'wachtlijst-aanbod'))).find((m) =>
      m.body.includes('Mila en Noor'),
    );
    const link = new URL(/(https?:\/\/\S+#aanbod=[A-Za-z0-9_-]+)/.exec(mail!.body)![1]!);
    expect(link.pathname).toBe('/inschrijven/');
    await page.goto(`${link.pathname}${link.hash}`);
    await page.getByRole('heading', { name: 'Er is een plaats vrij' }).waitFor();
    const offer = page.locator('dl.offer');
    expect(await offer.textContent()).toContain('Mila en Noor');
    expect(await offer.textContent()).toContain('€ 140,00 per kind');
    const [held] = await queryRows<{ expires: string }>(
      t.db,
      sql`select expires_at::text as expires from waiting_offers where camp_id = ${camp.id}`,
    );
    const deadline = new Intl.DateTimeFormat('nl-BE', {
      timeZone: 'Europe/Brussels',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(new Date(held!.expires));
    const part = (type: string) => deadline.find((p) => p.type === type)!.value;
    expect(await page.locator('.deadline').textContent()).toContain(`${part('day')} ${part('month')}`);
    expect(await page.locator('.deadline').textContent()).toContain(`${part('hour')}:${part('minute')}`);
    await phoneCheck('offer page');

    await page.getByRole('button', { name: 'Plaats aannemen' }).click();
    await page.getByRole('heading', { name: 'Uw inschrijving is gelukt' }).waitFor();
    expect(await page.locator('li[data-subscription-id]').allTextContents()).toEqual([
      expect.stringContaining('Mila:'),
      expect.stringContaining('Noor:'),
    ]);
    await phoneCheck('offer accepted');
    expect(
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from subscriptions where camp_id = ${camp.id} and not cancelled and source = 'website'`,
      ),
    ).toEqual([{ n: 2 }]);

    // The same link again: used, in words, no buttons.
    await page.goto(`${link.pathname}${link.hash}`);
    await eventually(() => page.getByRole('status').allTextContents()).toContain(
      'Dit aanbod werd al aangenomen: de inschrijving staat op Mijn inschrijvingen.',
    );
    expect(await page.getByRole('button', { name: 'Plaats aannemen' }).count()).toBe(0);
    await context.close();
  });
  it("a family takes one offer and declines another on 'Mijn inschrijvingen', the deadline shown, on a phone", async () => {
    const { t } = session;
    const summer = await fullCamp('Zomer met aanbod', 1);
    const autumn = await fullCamp('Herfst met aanbod', 1);
    const f = await family(summer.birthYear, 'Lotte', 'Jules');
    const [lotte, jules] = f.ids as [number, number];
    const next = await family(summer.birthYear, 'Wout');
    expect((await t.api.joinWaitingList({ CHILD_IDS: [lotte], CAMP_ID: summer.id }, { token: f.token })).status).toBe(200);
    expect((await t.api.joinWaitingList({ CHILD_IDS: [jules], CAMP_ID: autumn.id }, { token: f.token })).status).toBe(200);
    expect((await t.api.joinWaitingList({ CHILD_IDS: next.ids, CAMP_ID: autumn.id }, { token: next.token })).status).toBe(200);
    // A seat frees up in each camp: both are offered to the family, each held until its deadline.
    for (const camp of [summer, autumn]) expect((await t.api.cancelSubscription({ SUBSCRIPTION_ID: camp.booked[0]! })).status).toBe(200);

    const { context, page } = await familyOnPhone(session, f.token);
    await page.goto('/inschrijven/#/inschrijvingen');
    const offered = (name: string) => page.locator('li[data-waiting-id]').filter({ hasText: `${name}:` });
    await offered('Lotte').waitFor();
    const [held] = await queryRows<{ expires: string }>(
      t.db,
      sql`select expires_at::text as expires from waiting_offers where camp_id = ${summer.id} and state = 'open'`,
    );
    const deadline = new Intl.DateTimeFormat('nl-BE', { timeZone: 'Europe/Brussels', day: 'numeric', month: 'long' }).format(
      new Date(held!.expires),
    );
    expect(await offered('Lotte').locator('.deadline').textContent()).toMatch(
      new RegExp(`^Er is een plaats vrij voor Lotte\\. We houden ze voor u vast tot \\S+ ${deadline} \\d{4} om \\d{2}:\\d{2}\\.`),
    );
    expect(await page.locator('li[data-subscription-id]').count()).toBe(0);
    await checkScreen(page, 'family page offers', { fitsScreen: true });

    // Declined after asking: the seat goes to the next family at once.
    await offered('Jules').getByRole('button', { name: 'Plaats weigeren voor Jules' }).click();
    await offered('Jules').getByRole('button', { name: 'Ja, plaats weigeren' }).click();
    await eventually(() => page.getByRole('status').allTextContents()).toContain(
      'U heeft de plaats geweigerd. Jules staat niet meer op de wachtlijst; de plaats gaat naar de volgende.',
    );
    await eventually(() => offered('Jules').count()).toBe(0);
    expect((await waitingList(autumn.id)).map((e) => [e.SUBSCRIBER_FIRSTNAME, e.STATE])).toEqual([['Wout', 'offered']]);

    // Taken: booked, listed with what to pay and how.
    await offered('Lotte').getByRole('button', { name: 'Plaats aannemen voor Lotte' }).click();
    await eventually(() => page.getByRole('status').allTextContents()).toContain(
      'U heeft de plaats aangenomen: Lotte is ingeschreven. Hieronder ziet u hoe u betaalt.',
    );
    const booking = page.locator('li[data-subscription-id]');
    await eventually(() => booking.count()).toBe(1);
    expect(await booking.textContent()).toMatch(/^Lotte: .*\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+/);
    await eventually(() => page.locator('li[data-waiting-id]').count()).toBe(0);
    await checkScreen(page, 'family page offer taken', { fitsScreen: true });
    expect(
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from subscriptions where camp_id = ${summer.id} and not cancelled and source = 'website'`,
      ),
    ).toEqual([{ n: 1 }]);
    await context.close();
  });
});
