import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInBelgium } from '@common/calendar.js';
import { attendance, monitors } from '../../server/src/db/schema.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { createCamp, createPeriod, createSubscription, type CreatedSubscription } from '../helpers/factory.js';
import { pdfText, readCsv, readXlsx } from '../helpers/files.js';
import { eventually } from '../helpers/page.js';

const year = new Date().getFullYear();

/** Five days from the first Monday of August this year: a camp of its own in the selected camp year. */
function campWeek(): string[] {
  const monday = new Date(Date.UTC(year, 7, 1));
  while (monday.getUTCDay() !== 1) monday.setUTCDate(monday.getUTCDate() + 1);
  return Array.from({ length: 5 }, (_, i) => new Date(monday.getTime() + i * 86_400_000).toISOString().slice(0, 10));
}

describe('participant page, attendance at 390 px and exports in Chromium', () => {
  let session: BrowserSession;
  let campId: number;
  const days = campWeek();
  const children: Record<string, CreatedSubscription> = {};

  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 40 });
    const db = session.t.db;
    const periodId = await createPeriod(db, { startDate: days[0], name: 'Deelnemerstest' });
    campId = await createCamp(db, { periodId, activeDays: days.join(','), flexibleBooking: true });
    children.emma = await createSubscription(db, { campId, childFirstname: 'Emma', childLastname: 'Aerts', remark: 'Neemt puffer mee' });
    children.liam = await createSubscription(db, { campId, childFirstname: 'Liam', childLastname: 'Bosmans', selectedDays: days[1] });
    children.gone = await createSubscription(db, { campId, childFirstname: 'Weg', childLastname: 'Cools', cancelled: true });
  });
  afterAll(async () => session?.close());

  const stored = async (subscriptionId: number, day: string) =>
    (
      await session.t.db
        .select({ present: attendance.present })
        .from(attendance)
        .where(and(eq(attendance.subscriptionId, subscriptionId), eq(attendance.day, day)))
    )[0]?.present ?? null;

  /** Chooses an item of a download menu and answers the file the browser saved. */
  async function downloadFrom(page: Page, menu: string, item: string | RegExp) {
    await page.getByRole('button', { name: menu }).click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: item }).click()]);
    const path = await file.path();
    return { name: file.suggestedFilename(), body: await readFile(path) };
  }

  it('opens from the camps overview and ticks attendance at 390 px wide; a reload keeps it', async () => {
    const page = await session.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/camps?subscriptionsYear=${year}`);
    await page.locator(`tbody tr[data-camp-id="${campId}"]`).getByRole('link', { name: 'Deelnemers' }).click();
    await page.waitForURL(`**/camp-participants/${campId}?subscriptionsYear=${year}`);
    await page.getByRole('heading', { level: 1, name: /^Deelnemers / }).waitFor();

    // A tab per camp day, each with the children booked that day; the cancelled child is on none.
    await eventually(() => page.getByRole('tab').count()).toBe(5);
    expect(await page.getByRole('tab').allTextContents()).toEqual(
      ['ma', 'di', 'wo', 'do', 'vr'].map((d, i) => `${d} ${days[i]!.slice(8, 10)}/${days[i]!.slice(5, 7)} (${i === 1 ? 2 : 1})`),
    );
    const list = page.getByRole('list', { name: 'Kinderen' });
    await eventually(() => list.getByRole('listitem').count()).toBe(1);
    expect(await list.textContent()).toContain('Neemt puffer mee');
    expect(await page.getByText('Weg Cools').count()).toBe(0);

    await page.getByRole('tab', { name: /^di / }).click();
    await eventually(() => list.getByRole('listitem').count()).toBe(2);
    await expectNoSeriousAxeViolations(page, 'participants at 390 px');

    // Large touch targets, and nothing wider than the phone.
    const present = page.getByRole('button', { name: 'Aanwezig Liam Bosmans' });
    const box = (await present.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await present.click();
    const liamLine = page.locator(`li[data-subscription-id="${children.liam!.subscriptionId}"]`);
    await liamLine.getByText('Opgeslagen').waitFor();
    expect(await present.getAttribute('aria-pressed')).toBe('true');
    expect(await stored(children.liam!.subscriptionId, days[1]!)).toBe(true);
    await eventually(() => page.getByTestId('attendance-counts').textContent()).toBe(
      '2 kinderen: 1 aanwezig, 0 afwezig, 1 nog niet geregistreerd',
    );

    await page.reload();
    await eventually(() => page.getByRole('button', { name: 'Aanwezig Liam Bosmans' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('tab', { name: /^di / }).getAttribute('aria-selected')).toBe('true');

    // Absent, then pressed again: cleared.
    await page.getByRole('button', { name: 'Afwezig Emma Aerts' }).click();
    await eventually(() => stored(children.emma!.subscriptionId, days[1]!)).toBe(false);
    await page.getByRole('button', { name: 'Afwezig Emma Aerts' }).click();
    await eventually(() => stored(children.emma!.subscriptionId, days[1]!)).toBe(null);

    await page.getByRole('button', { name: 'Iedereen aanwezig' }).click();
    await eventually(() => stored(children.emma!.subscriptionId, days[1]!)).toBe(true);
    await eventually(() => page.getByTestId('attendance-counts').textContent()).toBe(
      '2 kinderen: 2 aanwezig, 0 afwezig, 0 nog niet geregistreerd',
    );
    expect(await page.getByTestId('days-overview').locator('tbody tr').nth(1).locator('td').allTextContents()).toEqual(['2', '0', '0']);
    await expectNoSeriousAxeViolations(page, 'participants after ticking');
  });

  it("asks before 'Iedereen aanwezig' overwrites a child marked absent, and takes no presence on a day that has not come", async () => {
    const db = session.t.db;
    const plus = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const yesterday = plus(todayInBelgium(), -1);
    const later = plus(yesterday, 3);
    const weekCamp = await createCamp(db, {
      periodId: await createPeriod(db, { startDate: yesterday, name: 'Deze week' }),
      activeDays: [yesterday, later].join(','),
    });
    const ann = await createSubscription(db, { campId: weekCamp, childFirstname: 'Ann', childLastname: 'Afwezig' });
    const bram = await createSubscription(db, { campId: weekCamp, childFirstname: 'Bram', childLastname: 'Bezig' });
    const cas = await createSubscription(db, { campId: weekCamp, childFirstname: 'Cas', childLastname: 'Cools' });
    await db.insert(attendance).values({ subscriptionId: ann.subscriptionId, day: yesterday, present: false });

    const page = await session.newPage();
    await page.goto(`/camp-participants/${weekCamp}?dag=${yesterday}`);
    await page.getByRole('list', { name: 'Kinderen' }).waitFor();
    await page.getByRole('button', { name: 'Iedereen aanwezig' }).click();
    const dialog = page.getByRole('dialog', { name: 'Iedereen aanwezig' });
    expect(await dialog.textContent()).toContain(
      '1 kind staat op afwezig: Ann Afwezig. De 2 kinderen zonder registratie worden aanwezig gezet.',
    );
    await expectNoSeriousAxeViolations(page, "'Iedereen aanwezig' asks about an absent child");
    await dialog.getByRole('button', { name: 'Aanwezig zetten' }).click();
    await eventually(() => page.getByTestId('attendance-counts').textContent()).toBe(
      '3 kinderen: 2 aanwezig, 1 afwezig, 0 nog niet geregistreerd',
    );
    // The counts follow the taps at once; each child's save reaches the database a moment later.
    await eventually(() => Promise.all([ann, bram, cas].map((child) => stored(child.subscriptionId, yesterday)))).toEqual([
      false,
      true,
      true,
    ]);
    // Asked again, and ticked: the absent child too.
    await page.getByRole('button', { name: 'Iedereen aanwezig' }).click();
    await dialog.getByLabel('Ook de afwezige kinderen aanwezig zetten').check();
    await dialog.getByRole('button', { name: 'Aanwezig zetten' }).click();
    await eventually(() => stored(ann.subscriptionId, yesterday)).toBe(true);

    // A day that has not come: no presence, an absence may be registered.
    await page.getByRole('tab', { name: new RegExp(`^\\w+ ${later.slice(8, 10)}/${later.slice(5, 7)}`) }).click();
    await page.getByText('Deze dag is nog niet gekomen: aanwezig zetten kan pas vanaf de dag zelf.').waitFor();
    expect(await page.getByRole('button', { name: 'Iedereen aanwezig' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Aanwezig Bram Bezig' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Afwezig Bram Bezig' }).click();
    await eventually(() => stored(bram.subscriptionId, later)).toBe(false);
    await expectNoSeriousAxeViolations(page, 'participants on a day that has not come');
  });

  it('downloads the day list as PDF and the participants as xlsx and CSV, with the Bearer token', async () => {
    const page = await session.newPage();
    await page.goto(`/camp-participants/${campId}?dag=${days[1]}`);
    await page.getByRole('list', { name: 'Kinderen' }).waitFor();

    const pdf = await downloadFrom(page, 'Afdrukken (PDF)', /^Daglijst /);
    expect(pdf.name).toMatch(new RegExp(`^deelnemers-.+-${days[1]}\\.pdf$`));
    const text = await pdfText(pdf.body);
    expect(text).toContain('Aerts, Emma');
    expect(text).toContain('Bosmans, Liam');
    expect(text).toContain('Pagina 1 van 1');
    await page.getByText(`${pdf.name} gedownload`).waitFor();

    const xlsx = await downloadFrom(page, 'Exporteren (Excel)', 'Excel (.xlsx)');
    expect(xlsx.name).toMatch(new RegExp(`^deelnemers-.+-${year}\\.xlsx$`));
    const { rows } = await readXlsx(xlsx.body);
    expect(rows.map((r) => r.value('Voornaam'))).toEqual(['Emma', 'Liam']);

    const csv = await downloadFrom(page, 'Exporteren (Excel)', 'CSV (puntkomma, UTF-8)');
    expect(readCsv(csv.body).records.map((r) => r.Familienaam)).toEqual(['Aerts', 'Bosmans']);
  });

  it('exports exactly the filtered subscriptions from the overview, and the monitors', async () => {
    const page = await session.newPage();
    await page.goto(`/subscription-overview?subscriptionsYear=${year}`);
    await page.getByTestId('subscription-count').waitFor();
    await page.getByLabel('Betaalwijze').selectOption({ label: 'Contante betaling' });
    const count = Number((await page.getByTestId('subscription-count').textContent())!.match(/^[\d.]+/)![0].replace('.', ''));
    const file = await downloadFrom(page, 'Exporteren (Excel)', 'Excel (.xlsx)');
    expect(file.name).toBe(`inschrijvingen-${year}.xlsx`);
    const { rows } = await readXlsx(file.body);
    expect(rows.length).toBe(count);
    expect(new Set(rows.map((r) => r.value('Betaalwijze')))).toEqual(new Set(['Contante betaling']));

    await page.goto('/monitors-overview');
    await page.getByTestId('monitor-count').waitFor();
    const monitorsFile = await downloadFrom(page, 'Exporteren (Excel)', 'CSV (puntkomma, UTF-8)');
    expect(monitorsFile.name).toMatch(/^monitoren-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(readCsv(monitorsFile.body).records.length).toBe((await session.t.db.select().from(monitors)).length);
    await expectNoSeriousAxeViolations(page, 'monitors overview with export');
  });
});
