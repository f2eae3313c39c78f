import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staleDataMessages } from '@common/messages.js';
import { camps, parents } from '../../server/src/db/schema.js';
import { createSubscription } from '../helpers/factory.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { card, eventually, field, openDetail } from '../helpers/page.js';

/** Issue 12 points 6, 7 and 8: two tabs of one browser, saves over newer records, lists that follow, unsaved edits. */

describe('stale and lost data in Chromium', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 8 });
  });
  afterAll(async () => session?.close());
  const db = () => session.t.db;

  /** The camp year a subscription belongs to: the overview opens on it. */
  const campYearOf = async (subscriptionId: number): Promise<string> =>
    (await session.t.api.getSubscriptionFullDetail({ id: subscriptionId })).body.data[0]!.PERIOD_STARTDATE.slice(0, 4);

  /** A second tab of the same browser (shared sign-in and BroadcastChannel). */
  const secondTab = (page: Page) => page.context().newPage();

  it("refuses tab B's parent save after tab A's with the message, and 'Opnieuw laden' shows what A saved", async () => {
    const s = await createSubscription(db());
    const tabA = await session.newPage();
    const tabB = await secondTab(tabA);
    await openDetail(tabA, s);
    await openDetail(tabB, s);
    const parentA = card(tabA, 'Gegevens ouder');
    const parentB = card(tabB, 'Gegevens ouder');
    const oldCity = (await db().select().from(parents).where(eq(parents.id, s.parentId)))[0]!.city;

    // Tab B starts editing Telefoon 2; then tab A saves a new city.
    await field(parentB, 'Telefoon 2').fill('0499 88 77 66');
    await field(parentA, 'Gemeente').fill('Oudenaarde');
    await parentA.getByRole('button', { name: 'Opslaan' }).click();
    await eventually(async () => (await db().select().from(parents).where(eq(parents.id, s.parentId)))[0]!.city).toBe('Oudenaarde');

    // Tab B's save is refused: the city stays, nothing of B is stored.
    await parentB.getByRole('button', { name: 'Opslaan' }).click();
    const alert = parentB.getByRole('alert');
    await eventually(() => alert.textContent()).toContain(staleDataMessages.versionConflict);
    const [stored] = await db().select().from(parents).where(eq(parents.id, s.parentId));
    expect([stored!.city, stored!.phone2]).toEqual(['Oudenaarde', expect.not.stringMatching('0499 88 77 66')]);
    expect(oldCity).not.toBe('Oudenaarde');
    await expectNoSeriousAxeViolations(tabB, 'save over a newer record');

    // 'Opnieuw laden' shows the record as tab A saved it; B's edit can then be made again and saved.
    await alert.getByRole('button', { name: staleDataMessages.reload }).click();
    await eventually(() => field(parentB, 'Gemeente').inputValue()).toBe('Oudenaarde');
    expect(await parentB.getByRole('alert').count()).toBe(0);
    await field(parentB, 'Telefoon 2').fill('0499 88 77 66');
    await parentB.getByRole('button', { name: 'Opslaan' }).click();
    await eventually(async () => (await db().select().from(parents).where(eq(parents.id, s.parentId)))[0]!.phone2).toBe('0499 88 77 66');
    expect((await db().select().from(parents).where(eq(parents.id, s.parentId)))[0]!.city).toBe('Oudenaarde');
  });

  it('shows a camp saved in one tab at once in the camps list of another tab', async () => {
    const [camp] = await db().select().from(camps).where(eq(camps.closed, false)).limit(1);
    const year = Number((await session.t.api.getCamps({ campId: camp!.id })).body.data[0]!.PERIOD_STARTDATE.slice(0, 4));
    const list = await session.newPage();
    await list.goto(`/camps?subscriptionsYear=${year}`);
    const row = list.locator(`tr[data-camp-id="${camp!.id}"]`);
    await row.waitFor();
    expect(await row.locator('.badge').count()).toBe(0);

    const detail = await secondTab(list);
    await detail.goto(`/camp-detail/${camp!.id}?subscriptionsYear=${year}`);
    await detail.getByLabel(/^Aantal plaatsen\*?$/).waitFor();
    await detail.getByLabel(/^Aantal plaatsen\*?$/).fill(String(camp!.seatsAvailable + 7));
    await detail.getByLabel(/^Status\*?$/).selectOption({ label: 'Gesloten' });
    await detail.getByRole('button', { name: 'Opslaan' }).click();

    // No reload, no focus: the list tab hears of the change and reloads its camps.
    await eventually(() => row.locator('.badge').textContent()).toBe('Kamp afgesloten');
    expect(await row.textContent()).toContain(`/${camp!.seatsAvailable + 7}`);
  });

  it("shows 'Bedragen gelijk zetten' of a detail tab at once in the overview of another tab", async () => {
    const s = await createSubscription(db(), { priceCents: 15000 });
    const year = await campYearOf(s.subscriptionId);
    const overview = await session.newPage();
    await overview.goto(`/subscription-overview?subscriptionsYear=${year}`);
    const row = overview.locator(`tbody tr[data-subscription-id="${s.subscriptionId}"]`);
    await eventually(() => row.locator('.badge').first().textContent()).toBe('Niet betaald: € 150,00');

    const detail = await secondTab(overview);
    await openDetail(detail, s);
    await card(detail, 'Financieel').getByRole('button', { name: 'Bedragen gelijk zetten' }).click();
    await detail.getByRole('dialog').getByRole('button', { name: 'Bedragen gelijk zetten' }).click();
    // No reload, no focus: the overview tab hears of the change and shows the new status.
    await eventually(() => row.locator('.badge').first().textContent()).toBe('Betaald');
  });

  it('refetches the overview when its tab gets focus once the list is older than the stale time (30 s)', async () => {
    const s = await createSubscription(db(), { priceCents: 12000 });
    const year = await campYearOf(s.subscriptionId);
    const overview = await session.newPage();
    await overview.clock.install();
    let listCalls = 0;
    overview.on('request', (request) => {
      if (request.url().includes('/api/getSubscriptionColumns?')) listCalls++;
    });
    await overview.goto(`/subscription-overview?subscriptionsYear=${year}`);
    const row = overview.locator(`tbody tr[data-subscription-id="${s.subscriptionId}"]`);
    await eventually(() => row.locator('.badge').first().textContent()).toBe('Niet betaald: € 120,00');
    // The row shows with the first rows; the whole year is asked once they are drawn, and belongs to the load.
    await eventually(() => listCalls).toBe(1);
    const callsAtLoad = listCalls;
    // From here the page's time moves only when the test moves it: a slow machine cannot add real seconds to the 30.
    // Paused 100 ms ahead of the page's time; on a machine slow enough to pass that mark first, read the time again.
    for (let attempt = 1; ; attempt++) {
      const pausedAt = (await overview.evaluate(() => Date.now())) + 100;
      const paused = await overview.clock.pauseAt(pausedAt).then(
        () => true,
        (error: Error) => (attempt < 10 && error.message.includes('to the past') ? false : Promise.reject(error)),
      );
      if (paused) break;
    }

    // Another client (not a tab of this browser, so no broadcast) settles the money.
    expect((await session.t.api.paymentComplete({ SUBSCRIPTION_ID: s.subscriptionId })).status).toBe(200);
    const focus = () => overview.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

    // Focus within the stale time: the list is fresh enough and is not asked again.
    await overview.clock.fastForward(29_000);
    await focus();
    await overview.waitForTimeout(300);
    expect(listCalls).toBe(callsAtLoad);

    // Focus after it: the list is fetched again and shows the new status.
    await overview.clock.fastForward(2_000);
    await overview.clock.resume(); // the list's answer reaches the screen through the page's timers
    await focus();
    await eventually(() => row.locator('.badge').first().textContent()).toBe('Betaald');
    expect(listCalls).toBe(callsAtLoad + 1);
  });

  it("'Bedragen gelijk zetten' confirms the amount the server holds: fetched when the dialog opens, and shown again after a refusal", async () => {
    const s = await createSubscription(db(), { priceCents: 15000 });
    const page = await session.newPage();
    await openDetail(page, s);
    const financial = card(page, 'Financieel');
    await eventually(() => financial.textContent()).toContain('€ 150,00');
    const discount = (amount: string) =>
      session.t.api.addDiscount({
        subscriptionId: s.subscriptionId,
        discountAmount: amount,
        discountRemark: 'Elders',
        discountId: null,
      });

    // Another client gives € 20 discount while the detail shows € 150: the dialog confirms € 130.
    expect((await discount('20')).status).toBe(200);
    await financial.getByRole('button', { name: 'Bedragen gelijk zetten' }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.textContent()).toContain('(€ 130,00)');

    // Another € 10 while the dialog is open: the save is refused, nothing is paid, and the dialog shows € 120.
    expect((await discount('10')).status).toBe(200);
    await dialog.getByRole('button', { name: 'Bedragen gelijk zetten' }).click();
    await eventually(() => dialog.textContent()).toContain('(€ 120,00)');
    const paid = async () =>
      (await session.t.api.getSubscriptionFullDetail({ id: s.subscriptionId })).body.data[0]!.SUBSCRIPTION_PAID_AMOUNT;
    expect(Number(await paid())).toBe(0);
    await expectNoSeriousAxeViolations(page, "'Bedragen gelijk zetten' after a refusal");
    await dialog.getByRole('button', { name: 'Bedragen gelijk zetten' }).click();
    await eventually(async () => Number(await paid())).toBe(120);
  });

  it('asks before unsaved edits are lost: navbar link, camp year switch and closing the tab', async () => {
    const s = await createSubscription(db());
    const page = await session.newPage();
    await openDetail(page, s);
    const child = card(page, 'Gegevens kind');
    await field(child, 'Voornaam').click();
    await page.keyboard.type('x');

    // The navbar: the question, 'Blijven' keeps the edit on the page.
    await page.getByRole('link', { name: 'Monitoren' }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.textContent()).toContain(staleDataMessages.unsavedChanges);
    await expectNoSeriousAxeViolations(page, 'unsaved changes question');
    await dialog.getByRole('button', { name: staleDataMessages.stay }).click();
    await eventually(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/subscription-detail/${s.subscriptionId}`);
    expect(await field(child, 'Voornaam').inputValue()).toBe(`${s.childFirstname}x`);

    // The camp year: asked too.
    await page.getByRole('button', { name: /^Kampjaar/ }).click();
    const otherYear = page.locator('#camp-year ~ .dropdown-menu button:not(.active)').first();
    await otherYear.click();
    await eventually(() => dialog.textContent()).toContain(staleDataMessages.unsavedChanges);
    await dialog.getByRole('button', { name: staleDataMessages.stay }).click();
    await eventually(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/subscription-detail/${s.subscriptionId}`);

    // Closing or reloading the tab: the browser's own question (beforeunload).
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // Leaving through the navbar after all: the dialog's 'Verlaten zonder opslaan' goes on, nothing was saved.
    await page.getByRole('link', { name: 'Monitoren' }).click();
    await dialog.getByRole('button', { name: staleDataMessages.leave }).click();
    await page.getByRole('heading', { name: 'Monitoren' }).waitFor();
    expect((await session.t.api.getSubscriptionFullDetail({ id: s.subscriptionId })).body.data[0]!.SUBSCRIBER_FIRSTNAME).toBe(
      s.childFirstname,
    );

    // A form without edits leaves without asking.
    await openDetail(page, s);
    await page.getByRole('link', { name: 'Kampen' }).click();
    await page
      .getByRole('heading', { name: /Kampen/ })
      .first()
      .waitFor();
    expect(await dialog.count()).toBe(0);
  });

  it('a reload with unsaved edits asks first (beforeunload): staying keeps the edit, a reload without edits asks nothing', async () => {
    const s = await createSubscription(db());
    const page = await session.newPage();
    await openDetail(page, s);
    const child = card(page, 'Gegevens kind');
    await field(child, 'Voornaam').click();
    await page.keyboard.type('x');

    // The browser asks; 'Blijven' (dismiss) keeps the page and the edit.
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.evaluate(() => location.reload());
    expect(await asked).toBe('beforeunload');
    expect(await field(child, 'Voornaam').inputValue()).toBe(`${s.childFirstname}x`);

    // Once the edit is undone there is nothing to lose: the reload goes through without a question.
    let askedAgain = false;
    page.on('dialog', (d) => {
      askedAgain = true;
      void d.accept();
    });
    await field(child, 'Voornaam').fill(s.childFirstname);
    await page.reload();
    await openDetail(page, s);
    expect(askedAgain).toBe(false);
    expect(await field(card(page, 'Gegevens kind'), 'Voornaam').inputValue()).toBe(s.childFirstname);
  });
});
