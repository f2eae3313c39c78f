import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/client.js';
import { expectNoSeriousAxeViolations, startBrowserSession, type BrowserSession } from '../helpers/browser.js';
import { controlledClock } from '../helpers/clock.js';
import { createSubscription } from '../helpers/factory.js';
import { pdfText } from '../helpers/files.js';

const UI_TIMEOUT_MS = 15_000;
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: UI_TIMEOUT_MS });

describe('Gegevensbeheer in Chromium', () => {
  let session: BrowserSession;
  // In June 2030 the demo's camp years 2021 and 2022 are older than the 7 years kept.
  beforeAll(async () => {
    session = await startBrowserSession({ subscriptionsPerYear: 10, clock: controlledClock(new Date('2030-06-01T10:00:00Z')) });
  });
  afterAll(async () => session?.close());

  const namedChildrenBefore2023 = async () =>
    (
      await queryRows<{ n: number }>(
        session.t.db,
        sql`select count(*)::int as n from subscriptions s join camps k on k.id = s.camp_id join periods p on p.id = k.period_id
            join children c on c.id = s.child_id where p.start_date < '2023-01-01' and c.firstname <> 'Geanonimiseerd'`,
      )
    )[0]!.n;

  it('shows the counts of a dry run first, then anonymises after a confirmation', async () => {
    const page = await session.newPage();
    await page.goto('/subscription-overview');
    await page.getByRole('button', { name: 'Beheer' }).click();
    await page.getByRole('link', { name: 'Gegevensbeheer' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { name: 'Gegevensbeheer', level: 1 }).waitFor();
    expect(await page.getByLabel('Bewaren (jaren)').inputValue()).toBe('7');
    expect(await page.getByRole('button', { name: 'Definitief anonimiseren' }).isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'gegevensbeheer');

    const todo = await namedChildrenBefore2023();
    expect(todo).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Proefdraaien' }).click();
    await page.getByText('Proefdraaien: kampjaren 2021, 2022 (voor 2023) worden geanonimiseerd.').waitFor();
    expect(await page.getByRole('row', { name: /Inschrijvingen/ }).textContent()).toContain(String(todo));
    expect(await namedChildrenBefore2023()).toBe(todo);
    // A pointer left on the button would show it mid-way through its hover transition to axe's contrast check.
    await page.mouse.move(0, 0);
    await expectNoSeriousAxeViolations(page, 'gegevensbeheer dry run');

    await page.getByRole('button', { name: 'Definitief anonimiseren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Anonimiseren' }).click();
    await page.getByText(`Geanonimiseerd: ${todo} inschrijvingen van kampjaren 2021, 2022`).waitFor();
    expect(await namedChildrenBefore2023()).toBe(0);

    await page.getByLabel('Bewaren (jaren)').fill('3');
    await page.getByRole('button', { name: 'Proefdraaien' }).click();
    await page.getByText('Minstens 7 jaar bewaren (fiscale bewaartermijn).').waitFor();
  });

  it("downloads a family's data as a PDF, and says why an unsettled family cannot be erased", async () => {
    const s = await createSubscription(session.t.db, { childFirstname: 'Mira' });
    const page = await session.newPage();
    await page.goto('/gegevensbeheer');
    await page.locator('#export-parent').fill(String(s.parentId));
    await page.getByRole('button', { name: 'Gegevens downloaden' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF (leesbaar)' }).click()]);
    expect(download.suggestedFilename()).toBe(`gegevens-ouder-${s.parentId}-2030-06-01.pdf`);
    expect(await pdfText(await readFile((await download.path())!))).toContain('Kind: Mira Testkind');

    await page.locator('#erase-parent').fill(String(s.parentId));
    await page.getByRole('button', { name: 'Gezin wissen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Wissen' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toBe(
      `Wissen kan niet: inschrijving ${s.reference} is nog niet volledig afgerekend.`,
    );
    await page.mouse.move(0, 0);
    await expectNoSeriousAxeViolations(page, 'gegevensbeheer erase refused');
  });
});
