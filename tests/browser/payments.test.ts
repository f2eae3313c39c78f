import { and, asc, gte, lt, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camps, periods } from '../../server/src/db/schema.js';
import { undoDemoBankImport } from '../helpers/api.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { codaFile, ogmDigits } from '../helpers/coda-writer.js';
import { createSubscription, type CreatedSubscription } from '../helpers/factory.js';
import { eventually } from '../helpers/page.js';

/** Drops files on an element the way a browser does: a drop event carrying a DataTransfer with the files. */
async function dropFiles(page: Page, testId: string, files: { name: string; bytes: Buffer }[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], f.name, { type: 'application/octet-stream' }));
      }
      return transfer;
    },
    files.map((f) => ({ name: f.name, base64: f.bytes.toString('base64') })),
  );
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer });
}

describe('Betalingen in Chromium', () => {
  let session: BrowserSession;
  let year: number;
  let matched: CreatedSubscription;
  let queued: CreatedSubscription;

  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10 });
    await undoDemoBankImport(session.t);
    year = new Date().getFullYear();
    const [camp] = await session.t.db
      .select({ id: camps.id })
      .from(camps)
      .innerJoin(periods, eq(periods.id, camps.periodId))
      .where(and(gte(periods.startDate, `${year}-01-01`), lt(periods.startDate, `${year + 1}-01-01`)))
      .orderBy(asc(camps.id))
      .limit(1);
    matched = await createSubscription(session.t.db, {
      campId: camp!.id,
      priceCents: 12000,
      childFirstname: 'Wannes',
      childLastname: 'Overschrijver',
    });
    // Next summer's camp: a credit in November is for it, while the navigation bar shows this year (issue 39).
    const [nextYearCamp] = await session.t.db
      .select({ id: camps.id })
      .from(camps)
      .innerJoin(periods, eq(periods.id, camps.periodId))
      .where(and(gte(periods.startDate, `${year + 1}-01-01`), lt(periods.startDate, `${year + 2}-01-01`)))
      .orderBy(asc(camps.id))
      .limit(1);
    queued = await createSubscription(session.t.db, {
      campId: nextYearCamp!.id,
      priceCents: 9500,
      childFirstname: 'Fien',
      childLastname: 'Zonderogm',
    });
  });
  afterAll(async () => session?.close());

  it('imports a dropped CODA file, shows its result, assigns the queued credit, and the subscription turns Betaald', async () => {
    const page = await session.newPage();
    await page.goto('/payments');
    await page.getByRole('heading', { name: 'Betalingen', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Betalingen', exact: true }).getAttribute('aria-current')).toBe('page');
    await expectNoSeriousAxeViolations(page, 'payments, empty');

    const file = codaFile([
      {
        date: '150726',
        paperSequence: 12,
        movements: [
          {
            amountCents: 12000,
            ogm: ogmDigits(matched.ogm),
            counterpartyAccount: 'BE68539007547034',
            counterpartyName: 'Jan Overschrijver',
          },
          {
            amountCents: 9500,
            communication: 'kamp voor Fien',
            counterpartyAccount: 'BE43068999999501',
            counterpartyName: 'Els Zonderogm',
          },
          { amountCents: -5000, communication: 'Huur' },
        ],
        freeMessage: 'Uw rekeninguittreksel van juli',
      },
      // The same physical file holds the organiser's dollar account: read and shown, not booked.
      { date: '150726', accountStructure: '3', account: 'GB29NWBK60161331926819', currency: 'USD', movements: [{ amountCents: 2500 }] },
    ]);
    await dropFiles(page, 'drop-zone', [{ name: 'juli.cod', bytes: file }]);

    const result = page.getByTestId('import-result');
    await eventually(() => result.count()).toBe(1);
    const text = await result.textContent();
    expect(text).toContain('juli.cod');
    expect(text).toContain('Rekening BE71 0961 2345 6769, rekeninguittreksel 12 van 15/07/2026');
    expect(text).toContain('rekeninguittreksel 1 van 15/07/2026 (in USD: niet geboekt)');
    for (const part of [
      '4 bewegingen',
      '1 gekoppeld',
      '0 al geïmporteerd',
      '1 te koppelen',
      '1 uitgaande betaling genegeerd',
      '1 beweging in een andere munt dan euro niet geboekt',
    ])
      expect(text).toContain(part);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/payments-import.png`, fullPage: true });
    // One word for bank statements throughout (issue 39): the tab, the drop zone, the history and the result.
    expect(await page.getByRole('link', { name: 'Rekeninguittreksels', exact: true }).count()).toBe(1);
    expect(await page.locator('main').textContent()).not.toMatch(/afschrift/i);

    const queueRow = page.getByTestId('queue').locator('tbody tr');
    await eventually(() => queueRow.count()).toBe(1);
    expect(await queueRow.textContent()).toContain('Els Zonderogm');
    expect(await queueRow.textContent()).toContain('kamp voor Fien');
    await expectNoSeriousAxeViolations(page, 'payments, after import');

    await queueRow.getByRole('button', { name: 'Koppelen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Betaling koppelen' });
    await dialog.getByLabel(/Zoek een inschrijving/).fill('Zonderogm');
    const found = dialog.getByRole('button', { name: new RegExp(queued.reference) });
    // The result names the child, the parent, the camp and its year.
    await found.waitFor();
    expect(await found.textContent()).toMatch(
      new RegExp(`^Fien Zonderogm \\(ouder: Sofie Zonderogm\\).* \\(${year + 1}\\) · ${queued.reference}`),
    );
    await found.click();
    await expectNoSeriousAxeViolations(page, 'assign dialog');
    await dialog.getByRole('button', { name: 'Koppelen', exact: true }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => page.getByText('Alle ontvangen betalingen zijn gekoppeld.').count()).toBe(1);

    await page.goto(`/subscription-overview?subscriptionsYear=${year + 1}`);
    await page.getByLabel('Zoeken').fill('Zonderogm');
    const row = page.locator('tbody tr', { hasText: 'Zonderogm' });
    await eventually(() => row.count()).toBe(1);
    await eventually(() => row.textContent()).toContain('Betaald');
    expect(await row.textContent()).not.toContain('Niet betaald');

    await page.goto(`/subscription-detail/${queued.subscriptionId}`);
    const payments = page.getByTestId('payment-list');
    await eventually(() => payments.count()).toBe(1);
    expect(await payments.locator('tbody tr').allTextContents()).toEqual([
      expect.stringContaining('Rekeninguittreksel 12 van 15/07/2026 (juli.cod)'),
    ]);
    await expectNoSeriousAxeViolations(page, 'subscription detail with its payments');
  });

  it('shows a progress bar while a large statement is on its way, and the result once the server has booked it', async () => {
    const page = await session.newPage();
    await page.goto('/payments');
    await page.getByRole('heading', { name: 'Betalingen', level: 1 }).waitFor();
    const movements = Array.from({ length: 4000 }, (_, i) => ({ amountCents: 1000 + i, communication: `Voorschot ${i}` }));
    const file = codaFile([{ date: '310726', paperSequence: 40, movements }]);
    // The request is held at the browser's edge until the bar has been seen, then goes to the real server.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/importBankStatements', async (route) => {
      await released;
      await route.continue();
    });
    await dropFiles(page, 'drop-zone', [{ name: 'groot.cod', bytes: file }]);
    const bar = page.getByRole('progressbar', { name: /Bestanden worden (opgeladen|verwerkt)/ });
    await eventually(() => bar.count()).toBe(1);
    await expectNoSeriousAxeViolations(page, 'payments, progress bar');
    release();
    const result = page.getByTestId('import-result');
    await eventually(() => result.count()).toBe(1);
    expect(await result.textContent()).toMatch(/4\.?000 bewegingen/);
    expect(await bar.count()).toBe(0);
  });
});
